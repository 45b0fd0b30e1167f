import type { Workbox } from 'workbox-window';
import { announceUpdate } from './update-store.ts';

/** The parts of workbox-window's Workbox the update flow uses (tests pass a stub). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
  update(): Promise<void>;
}

export interface UpdateFlowOptions {
  reload?: () => void;
  now?: () => number;
  /** Where focus, pageshow and visibilitychange come from. */
  target?: Window;
  /** Whether a worker is still waiting when the user accepts (another tab may have activated it). */
  hasWaiting?: () => boolean;
}

/** Update checks on focus / page show are cheap but not free: at most one a minute. */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

/**
 * Announces a waiting new version (the banner's «Обновить» asks it to take over and reloads once it
 * controls the page) and looks for new versions whenever the user comes back to the app: an
 * installed app can stay open for days, and the browser only checks on navigations.
 */
export function connectUpdateFlow(workbox: WorkboxLike, options: UpdateFlowOptions = {}): () => void {
  const reload = options.reload ?? (() => window.location.reload());
  const now = options.now ?? Date.now;
  const target = options.target ?? window;
  const hasWaiting = options.hasWaiting ?? (() => true);

  workbox.addEventListener('waiting', () => {
    announceUpdate(() => {
      // Another tab may have switched already: then this page only needs the reload.
      if (!hasWaiting()) {
        reload();
        return;
      }
      let reloaded = false;
      workbox.addEventListener('controlling', () => {
        if (reloaded) return;
        reloaded = true;
        reload();
      });
      workbox.messageSkipWaiting();
    });
  });

  let lastCheck = now();
  const check = () => {
    const time = now();
    if (time - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = time;
    workbox.update().catch(() => {
      // offline or the server is down: the next focus tries again
    });
  };
  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') check();
  };
  target.addEventListener('focus', check);
  target.addEventListener('pageshow', check);
  target.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener('focus', check);
    target.removeEventListener('pageshow', check);
    target.document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Resolves once the page has loaded (its load event), at once if it already has. */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Registers the service worker built from sw/sw.ts (production builds only) and connects the
 * update flow (see connectUpdateFlow). Registering waits for the page's load event anyway (as
 * workbox-window's own register() would), so workbox-window comes in a chunk of its own, fetched
 * then: not beside the page's own chunks while they are on the start's critical path.
 */
export async function registerServiceWorker(): Promise<Workbox | undefined> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  let workbox: Workbox;
  try {
    await pageLoaded();
    const { Workbox } = await import('workbox-window');
    workbox = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  } catch (error) {
    // The chunk did not load (a deploy replaced it, or no network before any worker was installed):
    // the next start registers.
    console.warn('Service worker registration failed', error);
    return undefined;
  }
  let registration: ServiceWorkerRegistration | undefined;
  connectUpdateFlow(workbox, { hasWaiting: () => registration?.waiting != null });
  workbox
    .register()
    .then((result) => {
      registration = result;
    })
    .catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  return workbox;
}
