/// <reference lib="webworker" />
// The service worker: precaches the app shell and answers navigations with it, and keeps decisions
// made offline in the outbox (outbox.ts, ADR 0010). The ticket cache comes in a later module.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installOutbox } from './outbox.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// First, so its fetch listener sees the decision POSTs (workbox's routes only answer GETs).
installOutbox(self);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the SPA is index.html; API calls and the health check never are.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/ajax(?:\/|$)/, /^\/api(?:\/|$)/, /^\/healthz(?:\/|$)/],
  }),
);

// The page asks a waiting worker to take over (see src/client/lib/sw-register.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
