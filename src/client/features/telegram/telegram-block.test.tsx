import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type StubResponse } from '#client/lib/testing/fetch-stub.ts';
import { TelegramBlock } from './telegram-block.tsx';

// The bot block of Личные данные (cabinet.md §2 Personal data, portal.md §2.3 QR modal).

afterEach(() => {
  vi.unstubAllGlobals();
});

const LINK = 'https://t.me/service_centre_bot?start=AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('TelegramBlock', () => {
  it('shows the QR code and the start link while no chat is linked, and the QR modal explains scanning', async () => {
    stubFetch({
      'GET /ajax/cabinet/telegram': { body: { success: true, telegram: { connected: false, link: LINK } } },
    });
    render(<TelegramBlock />);
    expect(await screen.findByRole('link', { name: 'Открыть Telegram' })).toHaveAttribute('href', LINK);
    const qr = screen.getByRole('img', { name: 'QR-код для подключения Telegram' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.queryByText('Подключено')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Показать QR-код крупно' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR-код для входа в Telegram-бот' });
    expect(dialog).toHaveTextContent('наведите на QR-код');
    expect(within(dialog).getByRole('link', { name: 'Открыть Telegram' })).toHaveAttribute('href', LINK);
  });

  it("shows 'Подключено' and 'Отключить' unlinks, bringing the link back", async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/telegram': { body: { success: true, telegram: { connected: true, link: null } } },
      'POST /ajax/cabinet/telegram/unlink': {
        body: { success: true, message: 'Telegram отключён', telegram: { connected: false, link: LINK } },
      },
    });
    render(<TelegramBlock />);
    expect(await screen.findByText('Подключено')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByText('Telegram отключён')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Открыть Telegram' })).toHaveAttribute('href', LINK);
    expect(calls.some((call) => call.path === '/ajax/cabinet/telegram/unlink')).toBe(true);
  });

  it('shows nothing while it asks or when the portal has no bot, and a retry when the state failed to load', async () => {
    let answer: (value: StubResponse) => void = () => {};
    const asked = stubFetch({ 'GET /ajax/cabinet/telegram': () => new Promise((resolve) => (answer = resolve)) });
    const { container, unmount } = render(<TelegramBlock />);
    await vi.waitFor(() => expect(asked.calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
    answer({ body: { success: true, telegram: null } });
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
    unmount();

    // A server error may pass (a refusal would not: no 'Повторить' then, RemoteView's test).
    let fail = true;
    stubFetch({
      'GET /ajax/cabinet/telegram': () =>
        fail
          ? { status: 500, body: { success: false, message: 'Сервер временно недоступен' } }
          : { body: { success: true, telegram: { connected: true, link: null } } },
    });
    render(<TelegramBlock />);
    const retry = await screen.findByRole('button', { name: 'Повторить' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Подключено')).toBeInTheDocument();
  });
});
