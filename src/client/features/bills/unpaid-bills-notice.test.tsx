import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { UNPAID_NOTICE_COOKIE, UNPAID_NOTICE_DELAY_MS, UnpaidBillsNotice } from './unpaid-bills-notice.tsx';

const TITLE = 'У вас есть неоплаченные счета';

function clearCookie() {
  document.cookie = `${UNPAID_NOTICE_COOKIE}=; Max-Age=0; Path=/`;
}

beforeEach(() => {
  clearCookie();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  clearCookie();
});

async function renderNotice(count: number, countSince?: (count: number) => number | null) {
  let setCount: (value: number) => void = () => {};
  const { useState } = await import('react');
  function Host() {
    const [value, set] = useState(count);
    setCount = set;
    return <UnpaidBillsNotice unpaidBills={value} countSince={countSince} />;
  }
  await renderInRouter(() => <Host />, { path: '/cabinet/tickets' });
  return { setCount: (value: number) => act(() => setCount(value)) };
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('UnpaidBillsNotice', () => {
  it('opens 1 s after a count above 0 arrives, with the texts and the link to the bills', async () => {
    await renderNotice(2);
    advance(UNPAID_NOTICE_DELAY_MS - 50);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(50);
    const dialog = screen.getByRole('dialog', { name: TITLE });
    expect(dialog).toHaveTextContent('Счета можно скачать в разделе «Счета»');
    expect(screen.getByRole('link', { name: 'Перейти к счетам' })).toHaveAttribute('href', '/cabinet/bills');
    expect(document.cookie).toContain(`${UNPAID_NOTICE_COOKIE}=`);
  });

  it('stays closed at 0 and opens when the count later rises', async () => {
    const { setCount } = await renderNotice(0);
    advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    setCount(1);
    advance(UNPAID_NOTICE_DELAY_MS);
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('is shown once per 7 days (the cookie), even when the count changes again', async () => {
    const { setCount } = await renderNotice(1);
    advance(UNPAID_NOTICE_DELAY_MS);
    act(() => screen.getByRole('button', { name: 'Закрыть' }).click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    setCount(3);
    advance(UNPAID_NOTICE_DELAY_MS * 3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sets the cookie for 7 days', async () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    await renderNotice(1);
    advance(UNPAID_NOTICE_DELAY_MS);
    expect(setter).toHaveBeenCalledWith(
      expect.stringContaining(`${UNPAID_NOTICE_COOKIE}=1; Max-Age=${7 * 24 * 60 * 60}; Path=/`),
    );
    setter.mockRestore();
  });

  it('does not open when the notice was shown in the last 7 days', async () => {
    document.cookie = `${UNPAID_NOTICE_COOKIE}=1; Max-Age=600; Path=/`;
    await renderNotice(4);
    advance(UNPAID_NOTICE_DELAY_MS * 2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('counts the second from when the data brought the count, not from its own later mount', async () => {
    const cameAt = Date.now();
    // The notices' chunk comes after the page's load: here 700 ms after the data.
    advance(700);
    await renderNotice(2, (count) => (count === 2 ? cameAt : null));
    advance(UNPAID_NOTICE_DELAY_MS - 700 - 50);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(50);
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('opens at once when it mounts more than a second after the count came', async () => {
    const cameAt = Date.now();
    advance(UNPAID_NOTICE_DELAY_MS * 2);
    await renderNotice(3, () => cameAt);
    advance(0);
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('counts from the change it sees when the time of that count is unknown', async () => {
    const { setCount } = await renderNotice(0, () => null);
    advance(5000);
    setCount(1);
    advance(UNPAID_NOTICE_DELAY_MS - 50);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(50);
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });
});
