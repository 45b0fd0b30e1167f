import { create } from 'zustand';

/** Chromium's install prompt event (not in the DOM typings: it is not a standard). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallPromptState {
  /** The browser's deferred install prompt; null until it offers one, and again once used. */
  promptEvent: BeforeInstallPromptEvent | null;
  /** The app was installed from this page (the invitation has nothing left to offer). */
  installed: boolean;
}

export const useInstallPrompt = create<InstallPromptState>()(() => ({ promptEvent: null, installed: false }));

/**
 * Keeps the browser's install prompt for our own invitation instead of the browser's mini-infobar.
 * Call at start (main.tsx), before React renders: the event may come before the root route mounts.
 */
export function listenForInstallPrompt(target: Window = window): () => void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    useInstallPrompt.setState({ promptEvent: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => useInstallPrompt.setState({ promptEvent: null, installed: true });
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/** Shows the browser's install dialog; the event can be used once, so it is dropped either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const event = useInstallPrompt.getState().promptEvent;
  if (!event) return 'dismissed';
  useInstallPrompt.setState({ promptEvent: null });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') useInstallPrompt.setState({ installed: true });
  return outcome;
}
