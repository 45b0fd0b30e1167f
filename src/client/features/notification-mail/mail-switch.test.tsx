import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reportServerReached } from '#client/lib/connection.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { NotificationMailSwitch } from './mail-switch.tsx';

// 'Дублировать уведомления на e-mail': shows the saved state, saves a press (by keyboard too) and
// says so, keeps the old state when saving fails, and offers a retry when the state did not load.

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => reportServerReached(true)); // connected again for the next test (and no probe left asking)
});

const LABEL = 'Дублировать уведомления на e-mail';

describe('NotificationMailSwitch', () => {
  it('is off until turned on, and a press by keyboard saves it', async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/notification-mail': { body: { success: true, on: false } },
      'POST /ajax/cabinet/notification-mail': {
        body: { success: true, message: 'Уведомления будут приходить и на e-mail', on: true },
      },
    });
    render(<NotificationMailSwitch />);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    toggle.focus();
    await userEvent.keyboard(' ');
    expect(await screen.findByText('Уведомления будут приходить и на e-mail')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    const saved = calls.find((call) => call.method === 'POST');
    expect(saved?.body).toEqual({ on: true });
  });

  it('stays as it was when saving fails, with the reason', async () => {
    stubFetch({
      'GET /ajax/cabinet/notification-mail': { body: { success: true, on: true } },
      'POST /ajax/cabinet/notification-mail': {
        status: 422,
        body: { success: false, message: 'Укажите, включить ли уведомления на e-mail' },
      },
    });
    render(<NotificationMailSwitch />);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await vi.waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    expect(await screen.findByText('Укажите, включить ли уведомления на e-mail')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('offers a retry when the state failed to load', async () => {
    // A server error may pass (a refusal would not: no 'Повторить' then, RemoteView's test).
    let fail = true;
    stubFetch({
      'GET /ajax/cabinet/notification-mail': () =>
        fail
          ? { status: 500, body: { success: false, message: 'Сервер временно недоступен' } }
          : { body: { success: true, on: true } },
    });
    render(<NotificationMailSwitch />);
    const retry = await screen.findByRole('button', { name: 'Повторить' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('switch', { name: LABEL })).toBeChecked();
  });

  it("says nothing with no connection (the page's list says it once, with its 'Повторить'), and appears when the server answers", async () => {
    let offline = true;
    stubFetch({
      'GET /ajax/cabinet/notification-mail': () =>
        offline ? Promise.reject(new TypeError('Failed to fetch')) : { body: { success: true, on: true } },
    });
    const { container } = render(<NotificationMailSwitch />);
    await vi.waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
    expect(container).toBeEmptyDOMElement();

    offline = false;
    act(() => reportServerReached(true)); // any answer of the server: what failed loads again by itself
    expect(await screen.findByRole('switch', { name: LABEL })).toBeChecked();
  });
});
