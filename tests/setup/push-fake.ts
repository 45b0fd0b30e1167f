// A local push service (no network here) that accepts only a valid Web Push message, checked by our
// own code rather than the sender's library: the VAPID JWT of RFC 8292 (ES256 over the `k` public
// key, aud = the endpoint's origin, exp within 24 h, sub a mailto: or https: contact) in
// `Authorization: vapid t=…, k=…`, `Content-Encoding: aes128gcm` and a TTL, and a body it DECRYPTS
// per RFC 8291 / RFC 8188 with the browser-side private key and auth secret the test made (ECDH,
// HKDF and AES-128-GCM from node:crypto). Anything else is answered 400/401/403, as a push service
// would; a subscription can be made gone (410) or failing (5xx).
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSubscription {
  /** What the browser hands pushManager's caller: PushSubscription.toJSON(). */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  id: string;
}

/**
 * Where the fake listens: a plain-http address on this machine, which the portal posts to only
 * because the tests' config names it in PUSH_SERVICE_HOSTS (`pushServiceHosts: [PUSH_FAKE_HOST]`).
 */
export const PUSH_FAKE_HOST = '127.0.0.1';

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted body. */
  plaintext: string;
  ttl: number;
  /** The VAPID claims, checked. */
  claims: { aud: string; exp: number; sub: string };
}

export interface PushFake {
  url: string;
  received: ReceivedPush[];
  /** Requests refused, with why (a sender bug shows here). */
  refused: string[];
  subscribe(): FakeSubscription;
  /** The subscription answers 410 Gone from now on. */
  expire(id: string): void;
  /** The next `times` pushes to it get this status. */
  fail(id: string, status: number, times: number): void;
  close(): Promise<void>;
}

interface Browser {
  ecdh: ECDH;
  auth: Buffer;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const b64u = (text: string) => Buffer.from(text, 'base64url');

/** RFC 8292 §2–3: `vapid t=<JWT>, k=<public key>`; returns the claims once the signature is checked. */
function checkVapid(
  header: string | undefined,
  endpointOrigin: string,
  expectedKey: string | undefined,
): ReceivedPush['claims'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Refusal(401, `Authorization is not "vapid t=…, k=…": ${header}`);
  const [jwt, key] = [match[1], match[2]];
  if (expectedKey && key !== expectedKey) throw new Refusal(403, 'k is not the key the subscription was made with');
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const header64 = JSON.parse(b64u(head).toString('utf8')) as { alg?: string; typ?: string };
  if (header64.alg !== 'ES256') throw new Refusal(401, `JWT alg ${header64.alg}`);
  const point = b64u(key);
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    b64u(signature),
  );
  if (!signed) throw new Refusal(401, 'JWT signature does not verify');
  const claims = JSON.parse(b64u(body).toString('utf8')) as ReceivedPush['claims'];
  if (claims.aud !== endpointOrigin) throw new Refusal(403, `aud ${claims.aud} is not ${endpointOrigin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600))
    throw new Refusal(403, `exp ${claims.exp} is not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Refusal(403, `sub ${claims.sub}`);
  return claims;
}

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, decrypted with the browser's keys. */
function decrypt(body: Buffer, browser: Browser): string {
  if (body.length < 21 + 65 + 17) throw new Refusal(400, 'body too short for aes128gcm');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Refusal(400, `keyid of ${idLength} bytes, not the sender's 65-byte public key`);
  if (record.length > recordSize) throw new Refusal(400, 'more than one record');
  const secret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new Refusal(400, 'the record does not decrypt with the subscription keys');
  }
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Refusal(400, 'no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `serverKey`: the VAPID public key subscriptions are made with (pushManager.subscribe's applicationServerKey). */
export async function startPushFake(serverKey?: () => string): Promise<PushFake> {
  const browsers = new Map<string, Browser>();
  const gone = new Set<string>();
  const failing = new Map<string, { status: number; times: number }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let url = '';

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const browser = id ? browsers.get(id) : undefined;
      try {
        if (request.method !== 'POST' || !id || !browser) throw new Refusal(404, 'no such subscription');
        if (gone.has(id)) throw new Refusal(410, 'subscription expired');
        const claims = checkVapid(request.headers.authorization, new URL(url).origin, serverKey?.());
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Refusal(400, `Content-Encoding ${request.headers['content-encoding']}`);
        if (request.headers['crypto-key']?.includes('dh='))
          throw new Refusal(400, 'Crypto-Key dh= belongs to aesgcm, not aes128gcm');
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'TTL missing');
        const plaintext = decrypt(body, browser);
        const failure = failing.get(id);
        if (failure) {
          if (--failure.times <= 0) failing.delete(id);
          throw new Refusal(failure.status, 'failing on purpose');
        }
        received.push({ subscriptionId: id, plaintext, ttl, claims });
        response.writeHead(201, { location: `${url}/message/${received.length}` });
        response.end();
      } catch (error) {
        const status = error instanceof Refusal ? error.status : 500;
        refused.push(`${status} ${error instanceof Error ? error.message : String(error)}`);
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? error.message : 'error');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, PUSH_FAKE_HOST, resolve));
  url = `http://${PUSH_FAKE_HOST}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    refused,
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth });
      return {
        id,
        json: {
          endpoint: `${url}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    expire: (id) => gone.add(id),
    fail: (id, status, times) => failing.set(id, { status, times }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
