import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { PushSwitch } from './push-switch.tsx';

// 'Присылать уведомления на это устройство': hidden without push, permission asked only on the
// press, the subscription made with the server's key and saved, removed when switched off.

const KEY = Buffer.from(new Uint8Array(65).fill(4)).toString('base64url');
const LABEL = 'Присылать уведомления на это устройство';

function fakeSubscription(endpoint = 'https://push.example/abc') {
  const subscription = {
    endpoint,
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint, keys: { p256dh: 'BP'.padEnd(87, 'A'), auth: 'A'.repeat(22) } }),
  };
  return subscription;
}

function installBrowser(options: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  existing?: ReturnType<typeof fakeSubscription>;
}) {
  let existing = options.existing ?? null;
  const made = fakeSubscription();
  const requestPermission = vi.fn(async () => options.answer ?? 'granted');
  const subscribe = vi.fn(async (_options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
    existing = made;
    return made;
  });
  const pushManager = { getSubscription: async () => existing, subscribe };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', Object.assign(class {}, { permission: options.permission, requestPermission }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { requestPermission, subscribe, made };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushSwitch', () => {
  it('is not shown where the browser has no push', () => {
    const { container } = render(<PushSwitch />);
    expect(container).toBeEmptyDOMElement();
  });

  it('asks permission only when pressed, subscribes with the server key and saves the subscription', async () => {
    const browser = installBrowser({ permission: 'default' });
    const { calls } = stubFetch({
      'GET /ajax/cabinet/push/key': { body: { success: true, public_key: KEY } },
      'POST /ajax/cabinet/push/subscribe': { body: { success: true } },
    });
    render(<PushSwitch />);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual(Array.from({ length: 65 }, () => 4));
    expect(calls.find((call) => call.path === '/ajax/cabinet/push/subscribe')?.body).toEqual(browser.made.toJSON());
  });

  it('says where to allow notifications when the browser refuses, and stays off', async () => {
    const browser = installBrowser({ permission: 'default', answer: 'denied' });
    stubFetch({});
    render(<PushSwitch />);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText(/Уведомления запрещены в настройках браузера/)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('shows on for a device already subscribed, and switching off removes the subscription', async () => {
    const existing = fakeSubscription('https://push.example/old');
    installBrowser({ permission: 'granted', existing });
    const { calls } = stubFetch({
      'POST /ajax/cabinet/push/subscribe': { body: { success: true } },
      'POST /ajax/cabinet/push/unsubscribe': { body: { success: true } },
    });
    render(<PushSwitch />);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.find((call) => call.path === '/ajax/cabinet/push/unsubscribe')?.body).toEqual({
      endpoint: 'https://push.example/old',
    });
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
  });
});
