import { afterLoad } from './after-load.ts';
import { announceUpdate } from './update-store.ts';

/**
 * What the update flow needs of a registered worker (tests pass a stub): the names and the SKIP_WAITING
 * message are workbox-window's, which this replaced (its 2.4 KB were on every cold start).
 */
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

type WorkerEvent = 'waiting' | 'controlling';

/**
 * The browser's own service worker API behind WorkboxLike: 'waiting' when a new version has installed
 * beside the one that controls the page (also one found waiting at registration), 'controlling' when a
 * new worker takes over the page.
 */
export function nativeWorker(container: ServiceWorkerContainer = navigator.serviceWorker) {
  const listeners: Record<WorkerEvent, (() => void)[]> = { waiting: [], controlling: [] };
  const emit = (type: WorkerEvent) => listeners[type].forEach((listener) => listener());
  let registration: ServiceWorkerRegistration | undefined;
  let announced: ServiceWorker | null = null;
  const announce = (worker: ServiceWorker) => {
    if (worker === announced) return;
    announced = worker;
    emit('waiting');
  };
  // A first install has no controller to wait beside: it takes over without asking.
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) announce(worker);
    });
  container.addEventListener('controllerchange', () => emit('controlling'));
  return {
    addEventListener(type: WorkerEvent, listener: () => void) {
      listeners[type].push(listener);
    },
    messageSkipWaiting() {
      (registration?.waiting ?? announced)?.postMessage({ type: 'SKIP_WAITING' });
    },
    async update() {
      await registration?.update();
    },
    async register(url: string): Promise<ServiceWorkerRegistration> {
      const found = await container.register(url, { scope: '/', type: 'classic' });
      registration = found;
      if (found.waiting && container.controller) announce(found.waiting);
      watch(found.installing);
      found.addEventListener('updatefound', () => watch(found.installing));
      return found;
    },
  };
}

/**
 * Registers the service worker built from sw/sw.ts (production builds only) once the page has
 * loaded (not beside the page's own requests while they are on the start's critical path) and
 * connects the update flow (see connectUpdateFlow).
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  await new Promise<void>((resolve) => afterLoad(() => resolve()));
  const worker = nativeWorker();
  let registration: ServiceWorkerRegistration | undefined;
  connectUpdateFlow(worker, { hasWaiting: () => registration?.waiting != null });
  try {
    registration = await worker.register('/sw.js');
  } catch (error) {
    // No network before any worker was installed, or the browser refused: the next start registers.
    console.warn('Service worker registration failed', error);
  }
  return registration;
}
