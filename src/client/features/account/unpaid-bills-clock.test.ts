import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser } from '#client/lib/testing/fetch-stub.ts';
import { useAccountStore } from './account-store.ts';
import { unpaidBillsSince, watchUnpaidBills } from './unpaid-bills-clock.ts';

let stop = () => {};
beforeEach(() => {
  vi.useFakeTimers();
  useAccountStore.setState({ user: null });
  stop = watchUnpaidBills();
});
afterEach(() => {
  stop();
  useAccountStore.setState({ user: null });
  vi.useRealTimers();
});

describe('unpaid-bills clock', () => {
  it('knows when the user data brought the present count, and only that count', () => {
    vi.advanceTimersByTime(100);
    const broughtAt = Date.now();
    useAccountStore.setState({ user: { ...demoUser, unpaid_bills: 2 } });
    vi.advanceTimersByTime(700);
    expect(unpaidBillsSince(2)).toBe(broughtAt);
    expect(unpaidBillsSince(3)).toBeNull();
  });

  it('keeps the time while the count stays the same, and starts again when it changes', () => {
    useAccountStore.setState({ user: { ...demoUser, unpaid_bills: 2 } });
    const first = Date.now();
    vi.advanceTimersByTime(500);
    useAccountStore.setState({ user: { ...demoUser, unpaid_bills: 2, unread_notifications: 9 } });
    expect(unpaidBillsSince(2)).toBe(first);
    vi.advanceTimersByTime(500);
    useAccountStore.setState({ user: { ...demoUser, unpaid_bills: 4 } });
    expect(unpaidBillsSince(4)).toBe(first + 1000);
  });

  it('knows nothing once stopped', () => {
    useAccountStore.setState({ user: { ...demoUser, unpaid_bills: 2 } });
    expect(unpaidBillsSince(2)).not.toBeNull();
    stop();
    expect(unpaidBillsSince(2)).toBeNull();
  });
});
