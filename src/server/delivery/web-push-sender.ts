import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushMessage } from '#shared/screens/push.ts';
import type { Config, VapidKeys } from '#server/context.ts';
import { guardedLookup, namedPushHost, pushEndpointAllowed, RefusedPushAddress } from './push-endpoint.ts';
import { CHANNEL_TIMEOUT_MS, onceMore, retryAfterMs, unreachable, type SendOutcome } from './outcome.ts';

// One Web Push message (RFC 8030): the payload encrypted for the subscription (RFC 8291, aes128gcm)
// and signed with our VAPID key (RFC 8292) by the web-push library; sent with node:http(s), not
// fetch, so the connection's lookup can refuse a non-public address (push-endpoint.ts) and no
// redirect is followed (a 3xx is a failure); a slow push service is cut off at the channel timeout.

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How long a push service keeps a message for a device that is offline. */
const TIME_TO_LIVE_S = 24 * 60 * 60;
/** Of an answer only its start is kept, for the log; a push service's answers are small. */
const MAX_ANSWER_BYTES = 64 * 1024;

// Kept-alive https connections to the few push services, each address checked when connecting; a
// host PUSH_SERVICE_HOSTS names exactly (the only one that may be plain http or local) goes unguarded.
const agents = {
  guarded: {
    'https:': new https.Agent({ keepAlive: true, lookup: guardedLookup() }),
    'http:': new http.Agent({ lookup: guardedLookup() }),
  },
  named: { 'https:': new https.Agent({ keepAlive: true }), 'http:': new http.Agent() },
};

interface Answer {
  status: number;
  retryAfter: string | undefined;
  text: string;
}

function post(
  endpoint: URL,
  request: ReturnType<typeof webpush.generateRequestDetails>,
  named: boolean,
): Promise<Answer> {
  const secure = endpoint.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const options = {
      method: request.method,
      headers: request.headers,
      agent: agents[named ? 'named' : 'guarded'][secure ? 'https:' : 'http:'],
      signal: AbortSignal.timeout(CHANNEL_TIMEOUT_MS),
    };
    const outgoing = (secure ? https : http).request(endpoint, options, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'],
          text: Buffer.concat(chunks).toString('utf8', 0, 200),
        });
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        else {
          response.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}

export async function sendWebPush(
  target: PushTarget,
  message: PushMessage,
  keys: VapidKeys,
  subject: string,
  config: Pick<Config, 'pushServiceHosts'>,
): Promise<SendOutcome> {
  // Saved before the rule, or the settings changed since: never posted to, dropped like an expired one.
  if (!pushEndpointAllowed(target.endpoint, config)) return { kind: 'gone', reason: 'not a known push service' };
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      {
        endpoint: target.endpoint,
        keys: { p256dh: target.p256dh, auth: target.auth },
      },
      JSON.stringify(message),
      {
        vapidDetails: {
          subject,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
        TTL: TIME_TO_LIVE_S,
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (error) {
    // A subscription whose keys cannot be used will never take a message.
    return {
      kind: 'gone',
      reason: error instanceof Error ? error.message : String(error),
    };
  }
  let answer: Answer;
  try {
    const url = new URL(request.endpoint);
    answer = await onceMore(() => post(url, request, namedPushHost(url.hostname, config)));
  } catch (error) {
    if (error instanceof RefusedPushAddress) return { kind: 'gone', reason: error.message };
    return unreachable(error);
  }
  const reason = `${answer.status} ${answer.text || http.STATUS_CODES[answer.status] || ''}`.trim();
  if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
  // 404/410: the subscription expired or was withdrawn (RFC 8030 §7.3).
  if (answer.status === 404 || answer.status === 410) return { kind: 'gone', reason };
  if (answer.status === 429 || answer.status >= 500)
    return {
      kind: 'retry',
      reason,
      retryAfterMs: retryAfterMs(answer.retryAfter),
    };
  return { kind: 'failed', reason };
}
