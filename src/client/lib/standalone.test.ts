import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { isStandalone, rememberLaunchMarker, useStandalone } from './standalone.ts';

type Listener = () => void;

function mockDisplayMode(initial: boolean) {
  let matches = initial;
  const listeners = new Set<Listener>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(display-mode: standalone)' && matches;
        },
        media: query,
        addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
        removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    set(value: boolean) {
      matches = value;
      for (const listener of listeners) listener();
    },
  };
}

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window.navigator, 'standalone');
});

describe('standalone detection', () => {
  it('is off in a plain browser tab', () => {
    mockDisplayMode(false);
    expect(isStandalone()).toBe(false);
  });

  it('follows display-mode: standalone', () => {
    mockDisplayMode(true);
    expect(isStandalone()).toBe(true);
  });

  it('knows iOS home-screen apps by navigator.standalone', () => {
    mockDisplayMode(false);
    Object.defineProperty(window.navigator, 'standalone', { value: true, configurable: true });
    expect(isStandalone()).toBe(true);
  });

  it('takes the start_url marker and remembers it for the session', () => {
    mockDisplayMode(false);
    window.history.replaceState(null, '', '/cabinet/tickets?source=pwa');
    rememberLaunchMarker();
    expect(isStandalone()).toBe(true);
    window.history.replaceState(null, '', '/cabinet/bills');
    expect(isStandalone()).toBe(true);
  });

  it('ignores other sources', () => {
    mockDisplayMode(false);
    window.history.replaceState(null, '', '/?source=mail');
    rememberLaunchMarker();
    expect(isStandalone()).toBe(false);
  });

  it('useStandalone re-renders when the display mode changes', () => {
    const displayMode = mockDisplayMode(false);
    const { result } = renderHook(() => useStandalone());
    expect(result.current).toBe(false);
    act(() => displayMode.set(true));
    expect(result.current).toBe(true);
  });
});
