// A guest's forms are fetched when the page is idle after its load, so the first 'Войти' waits for no
// chunk; a logged-in user's pages never fetch them (the cold-start budget).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { demoUser } from '#client/lib/testing/fetch-stub.ts';
import { useAccountStore } from './account-store.ts';
import { AuthHost } from './auth-host.tsx';

const imported = vi.hoisted(() => ({ login: 0 }));
vi.mock('./login-form.tsx', async (importOriginal) => {
  imported.login += 1;
  return importOriginal();
});

let idle: Array<() => void> = [];
beforeEach(() => {
  idle = [];
  // happy-dom has no requestIdleCallback: the test's own, run when the test says the page is idle.
  Object.assign(window, {
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    cancelIdleCallback: () => {},
  });
});

/** The page's load event (happy-dom's document may still be loading). */
const pageLoaded = () => act(() => void window.dispatchEvent(new Event('load')));

describe('AuthHost preloading', () => {
  it('never fetches the forms for a logged-in user, nor before the server has said who is here', async () => {
    useAccountStore.setState({ user: null, hydrated: true, checked: false });
    const { rerender } = render(<AuthHost standalone={false} />);
    act(() => {
      useAccountStore.setState({ user: demoUser, checked: true });
    });
    rerender(<AuthHost standalone={false} />);
    pageLoaded();
    expect(idle).toHaveLength(0);
    expect(imported.login).toBe(0);
  });

  it("fetches a guest's forms at the first idle moment after the page's load", async () => {
    useAccountStore.setState({ user: null, hydrated: true, checked: true });
    render(<AuthHost standalone={false} />);
    if (document.readyState !== 'complete') {
      expect(idle).toHaveLength(0); // not before the page's own load
      pageLoaded();
    }
    expect(imported.login).toBe(0);
    expect(idle).toHaveLength(1);
    await act(async () => {
      idle[0]!();
      await vi.waitFor(() => expect(imported.login).toBe(1));
    });
  });
});
