import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectUpdateFlow } from '#client/lib/sw-register.ts';
import { workboxStub } from '#client/lib/testing/workbox-stub.ts';
import { useUpdateStore } from '#client/lib/update-store.ts';
import { UpdateBanner } from './update-banner.tsx';

let disconnect: (() => void) | undefined;

beforeEach(() => {
  useUpdateStore.setState({ apply: null, postponed: false });
});
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
});

function setup(options: { hasWaiting?: () => boolean } = {}) {
  const workbox = workboxStub();
  const reload = vi.fn();
  disconnect = connectUpdateFlow(workbox, { reload, ...options });
  render(<UpdateBanner />);
  return { workbox, reload };
}

describe('the new-version banner', () => {
  it('stays empty (but in place, as a polite live region) while there is no new version', () => {
    setup();
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
  });

  it('announces a waiting worker, asks it to take over and reloads once it controls the page', async () => {
    const { workbox, reload } = setup();
    act(() => workbox.fireWaiting());
    expect(screen.getByRole('status')).toHaveTextContent('Доступна новая версия');

    const button = screen.getByRole('button', { name: 'Обновить' });
    button.focus();
    expect(button).toHaveFocus();
    await userEvent.click(button);
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    // Not before the new worker controls the page: the old one would serve the old shell again.
    expect(reload).not.toHaveBeenCalled();

    act(() => workbox.fireControlling());
    expect(reload).toHaveBeenCalledTimes(1);
    act(() => workbox.fireControlling());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when another tab updates while this one has not accepted', () => {
    const { workbox, reload } = setup();
    act(() => workbox.fireWaiting());
    act(() => workbox.fireControlling());
    expect(reload).not.toHaveBeenCalled();
  });

  it('only reloads when another tab already switched to the new version', async () => {
    const { workbox, reload } = setup({ hasWaiting: () => false });
    act(() => workbox.fireWaiting());
    await userEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('can be put off with «Позже», and comes back for the next version', async () => {
    const { workbox } = setup();
    act(() => workbox.fireWaiting());
    await userEvent.click(screen.getByRole('button', { name: 'Позже' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => workbox.fireWaiting());
    expect(screen.getByRole('status')).toHaveTextContent('Доступна новая версия');
  });
});
