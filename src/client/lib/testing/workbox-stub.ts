import { vi } from 'vitest';
import type { WorkboxLike } from '#client/lib/sw-register.ts';

/** A stand-in for the registered worker (lib/sw-register.ts): the test fires its lifecycle events by hand. */
export function workboxStub() {
  const target = new EventTarget();
  const stub = {
    addEventListener: (type: 'waiting' | 'controlling', listener: () => void) =>
      target.addEventListener(type, listener),
    messageSkipWaiting: vi.fn(),
    update: vi.fn(() => Promise.resolve()),
    /** A new service worker installed and waits. */
    fireWaiting: () => target.dispatchEvent(new Event('waiting')),
    /** The new worker took over this page. */
    fireControlling: () => target.dispatchEvent(new Event('controlling')),
  };
  return stub satisfies WorkboxLike;
}
