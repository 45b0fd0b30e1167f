import webpush from 'web-push';
import type { PushMessage } from '#shared/api/push.ts';
import type { VapidKeys } from '#server/context.ts';
import { CHANNEL_TIMEOUT_MS, fetchOnceMore, retryAfterMs, unreachable, type SendOutcome } from './outcome.ts';

// One Web Push message (RFC 8030): the payload encrypted for the subscription (RFC 8291, aes128gcm)
// and signed with our VAPID key (RFC 8292) by the web-push library; sent with fetch so a slow push
// service is cut off at the channel timeout.

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}


/** How long a push service keeps a message for a device that is offline. */
const TIME_TO_LIVE_S = 24 * 60 * 60;

export async function sendWebPush(target: PushTarget, message: PushMessage, keys: VapidKeys, subject: string): Promise<SendOutcome> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TIME_TO_LIVE_S,
      contentEncoding: 'aes128gcm',
    });
  } catch (error) {
    // A subscription whose keys cannot be used will never take a message.
    return { kind: 'gone', reason: error instanceof Error ? error.message : String(error) };
  }
  const headers = new Headers(request.headers as Record<string, string>);
  headers.delete('content-length'); // fetch sets it from the body
  let response: Response;
  try {
    response = await fetchOnceMore(request.endpoint, { method: request.method, headers, body: request.body ? new Uint8Array(request.body) : null, signal: AbortSignal.timeout(CHANNEL_TIMEOUT_MS) });
  } catch (error) {
    return unreachable(error);
  }
  const reason = `${response.status} ${(await response.text().catch(() => '')).slice(0, 200) || response.statusText}`;
  if (response.ok) return { kind: 'sent' };
  // 404/410: the subscription expired or was withdrawn (RFC 8030 §7.3).
  if (response.status === 404 || response.status === 410) return { kind: 'gone', reason };
  if (response.status === 429 || response.status >= 500) return { kind: 'retry', reason, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
  return { kind: 'failed', reason };
}
