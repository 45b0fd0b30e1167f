// Web Push for this device (src/shared/screens/push.ts): the browser's side of subscribing.
import { getPushKey, subscribePush, unsubscribePush } from '#shared/screens/push.ts';
import { callApi } from '#client/lib/http.ts';

/** Push works here: a service worker, the Push API and notifications (iOS: an installed app, 16.4+). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** The active worker's registration; a page without one (not registered yet, or never) fails instead of waiting for ever. */
async function registration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) throw new Error('no service worker');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the service worker is not active')), 10_000);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** This device's subscription when notifications are allowed; null otherwise. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (Notification.permission !== 'granted') return null;
  const found = await navigator.serviceWorker.getRegistration();
  return (await found?.pushManager.getSubscription()) ?? null;
}

async function save(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await callApi(subscribePush, {
    input: {
      endpoint: json.endpoint ?? subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
}

/** Asks permission (only now, on the user's press), subscribes with our key and saves it. */
export async function enablePush(): Promise<'on' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const { public_key } = await callApi(getPushKey);
  const { pushManager } = await registration();
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(public_key) };
  let subscription: PushSubscription;
  try {
    subscription = await pushManager.subscribe(options);
  } catch (error) {
    // Subscribed before with another key (the server's keys changed): that one goes first.
    const old = await pushManager.getSubscription();
    if (!old) throw error;
    await old.unsubscribe();
    subscription = await pushManager.subscribe(options);
  }
  await save(subscription);
  return 'on';
}

export async function disablePush(): Promise<void> {
  const found = await navigator.serviceWorker.getRegistration();
  const subscription = await found?.pushManager.getSubscription();
  if (!subscription) return;
  await callApi(unsubscribePush, { input: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

let savedThisVisit = false;

/** Saves this device's subscription again once a visit: the account may have changed on this browser. */
export async function resaveSubscription(subscription: PushSubscription): Promise<void> {
  if (savedThisVisit) return;
  savedThisVisit = true;
  await save(subscription).catch(() => {
    savedThisVisit = false;
  });
}
