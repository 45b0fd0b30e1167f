import { afterEach, describe, expect, it } from 'vitest';
import { connectUpdateFlow, UPDATE_CHECK_INTERVAL_MS } from './sw-register.ts';
import { workboxStub } from './testing/workbox-stub.ts';

let disconnect: (() => void) | undefined;
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  Reflect.deleteProperty(document, 'visibilityState');
});

function setup() {
  const workbox = workboxStub();
  let time = 1_000_000;
  disconnect = connectUpdateFlow(workbox, { reload: () => undefined, now: () => time, target: window });
  return {
    workbox,
    advance(ms: number) {
      time += ms;
    },
  };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('update checks when the user comes back', () => {
  it('checks on focus, page show and becoming visible, at most once a minute', () => {
    const { workbox, advance } = setup();
    // Registering just checked: a focus right away does not.
    window.dispatchEvent(new Event('focus'));
    expect(workbox.update).not.toHaveBeenCalled();

    advance(UPDATE_CHECK_INTERVAL_MS);
    window.dispatchEvent(new Event('focus'));
    expect(workbox.update).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pageshow'));
    expect(workbox.update).toHaveBeenCalledTimes(1);

    advance(UPDATE_CHECK_INTERVAL_MS);
    window.dispatchEvent(new Event('pageshow'));
    expect(workbox.update).toHaveBeenCalledTimes(2);

    advance(UPDATE_CHECK_INTERVAL_MS);
    setVisibility('hidden');
    expect(workbox.update).toHaveBeenCalledTimes(2);
    setVisibility('visible');
    expect(workbox.update).toHaveBeenCalledTimes(3);
  });

  it('survives a failed check (offline)', () => {
    const { workbox, advance } = setup();
    workbox.update.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    advance(UPDATE_CHECK_INTERVAL_MS);
    window.dispatchEvent(new Event('focus'));
    expect(workbox.update).toHaveBeenCalledTimes(1);
  });

  it('stops listening when disconnected', () => {
    const { workbox, advance } = setup();
    disconnect?.();
    disconnect = undefined;
    advance(UPDATE_CHECK_INTERVAL_MS);
    window.dispatchEvent(new Event('focus'));
    expect(workbox.update).not.toHaveBeenCalled();
  });
});
