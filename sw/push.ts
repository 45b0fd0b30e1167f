/// <reference lib="webworker" />
// Web Push in the service worker (ADR 0019): a `push` shows the notification the server
// encrypted for this device; a tap focuses a window of the portal already on its page, or takes an
// open window there, or opens one — on the ticket the notification is about, else /cabinet/notifications.
import * as v from 'valibot';
import { pushMessage, type PushMessage } from '#shared/screens/push.ts';

const NOTIFICATIONS_PAGE = '/cabinet/notifications';
const ICON = '/icons/icon-192.png';

/** The part of the worker these handlers use (the tests give fakes of it). */
export interface PushWorkerScope {
  location: { origin: string };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: ClientQueryOptions): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

export interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/** A push must show something (userVisibleOnly): one we cannot read still says there is news. */
const FALLBACK: PushMessage = {
  title: 'Сервисный центр',
  body: 'Новое уведомление',
  tag: 'notification',
  url: NOTIFICATIONS_PAGE,
};

export function readPushMessage(data: { json(): unknown } | null | undefined): PushMessage {
  try {
    const parsed = v.safeParse(pushMessage, data?.json());
    return parsed.success ? parsed.output : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

export function showPushed(scope: PushWorkerScope, data: { json(): unknown } | null | undefined): Promise<void> {
  const message = readPushMessage(data);
  return scope.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: ICON,
    badge: ICON,
    lang: 'ru',
    data: { url: message.url },
  });
}

/** Only a path of the portal itself: a push can never send the tap elsewhere. */
export function pageOf(scope: PushWorkerScope, data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//'))
    return `${scope.location.origin}${NOTIFICATIONS_PAGE}`;
  return new URL(url, scope.location.origin).href;
}

export async function openPushed(scope: PushWorkerScope, data: unknown): Promise<void> {
  const target = pageOf(scope, data);
  const windows = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) =>
    client.url.startsWith(scope.location.origin),
  );
  const there = windows.find((client) => client.url === target);
  if (there) {
    await there.focus();
    return;
  }
  const open = windows[0];
  if (open?.navigate) {
    try {
      await open.navigate(target);
      await open.focus();
      return;
    } catch {
      // An uncontrolled window cannot be navigated from here: a new one instead.
    }
  }
  await scope.clients.openWindow(target);
}

export function installPush(self: ServiceWorkerGlobalScope): void {
  const scope: PushWorkerScope = {
    location: self.location,
    registration: self.registration,
    clients: {
      // type 'window' answers WindowClients only.
      matchAll: (options) => self.clients.matchAll(options) as Promise<readonly WindowClient[]>,
      openWindow: (url) => self.clients.openWindow(url),
    },
  };
  self.addEventListener('push', (event) => event.waitUntil(showPushed(scope, event.data)));
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openPushed(scope, event.notification.data));
  });
}
