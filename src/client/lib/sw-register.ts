import { Workbox } from 'workbox-window';

/**
 * Registers the service worker built from sw/sw.ts (production builds only). A new version takes
 * over on the next start; the offline issue adds the "update available" prompt and the outbox bridge.
 */
export function registerServiceWorker(): Workbox | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const workbox = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  workbox.register().catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
  });
  return workbox;
}
