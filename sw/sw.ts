/// <reference lib="webworker" />
// The service worker: precaches the app shell and answers navigations with it (so every page,
// a ticket's included, opens with no network), and keeps the last answers of the requests list and
// of the tickets for when the network fails (ticket-cache.ts, ADR 0011).
//
// The outbox of decisions made offline (outbox.ts, ADR 0010) is installed first: its fetch handler
// must see the decision POSTs before any other route, and the page understands its 202 "queued"
// answer, its notices and the waiting list (src/client/lib/sw-bridge.ts).
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { TICKET_CACHE_NAME } from '#shared/api/ticket-cache.ts';
import { createOwnerKeeper, installOwnerWatch } from './account-owner.ts';
import { createWorkerErrorReporter, reportUncaughtWorkerErrors } from './error-reporter.ts';
import { installOutbox } from './outbox.ts';
import { installPush } from './push.ts';
import { installTicketCache } from './ticket-cache.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The worker's failures reach the server's log, as the page's do.
const reportError = createWorkerErrorReporter((input, init) => self.fetch(input, init), self.location.href);
reportUncaughtWorkerErrors(self, reportError);

// Saved tickets and kept decisions belong to one account: another one's login drops them first.
const owner = createOwnerKeeper((next, previous) =>
  Promise.all([self.caches.delete(TICKET_CACHE_NAME), outbox.dropForeign(next, previous)]),
);
const outbox = installOutbox(self, owner, reportError);
installOwnerWatch(self, owner);
installTicketCache(self, owner);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the SPA is index.html; API calls, the health check and the ad-blocker probe never are.
// The probe (AD_PROBE_PATH) has no route here at all: it goes to the network, where a blocker can
// refuse it, and it is not a file of the build, so it is never precached either.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/ajax(?:\/|$)/, /^\/api(?:\/|$)/, /^\/healthz(?:\/|$)/, /^\/ads\//],
  }),
);

// Web Push: the notifications the server sends to this device, and a tap on one.
installPush(self);

// The page asks a waiting worker to take over (see src/client/lib/sw-register.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
