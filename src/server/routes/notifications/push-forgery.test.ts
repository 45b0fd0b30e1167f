import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, pushSubscriptions } from '#server/db/schema/notifications.ts';
import { createDeliveryLoop } from '#server/services/notifications/delivery-loop.ts';
import { addNotification } from '#server/services/notifications/in-app.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// Web Push is no request forger (docs/api.md, push; ADR 0041): only https endpoints of a known push
// service are saved, and at send time nothing is posted to an address that is not public, whatever
// the subscription says — checked by a listener on 127.0.0.1 that must receive nothing. Plain http
// and this machine only for a host PUSH_SERVICE_HOSTS names exactly; an http PUBLIC_URL (an
// intranet install) allows nothing more.

/** A browser's real keys, so a push is refused for its address and never for its keys. */
const browser = createECDH('prime256v1');
const KEYS = {
  p256dh: browser.generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};
const MESSAGE = 'Браузер передал неверную подписку на уведомления';

let listener: Server;
let hits: string[];
/** Connections, not only requests: an https attempt on this plain listener would not make a request. */
let connections = 0;
let port: number;
let secure: TestApp;
/** An intranet install: http PUBLIC_URL, no PUSH_SERVICE_HOSTS. */
let plain: TestApp;
/** The same with PUSH_SERVICE_HOSTS=127.0.0.1, as the tests' fake push service is named. */
let named: TestApp;

beforeAll(async () => {
  hits = [];
  listener = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    // A redirect to itself: followed, it would show up here a second time.
    response.writeHead(307, { location: `http://127.0.0.1:${port}/redirected` }).end();
  });
  listener.on('connection', () => connections++);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  secure = await createTestApp({
    now: '2026-03-10T09:00:00Z',
    config: { secure: true, publicUrl: 'https://portal.example.ru', pushServiceHosts: ['push.example.ru'] },
  });
  plain = await createTestApp({ now: '2026-03-10T09:00:00Z' });
  named = await createTestApp({ now: '2026-03-10T09:00:00Z', config: { pushServiceHosts: ['127.0.0.1'] } });
});
afterAll(async () => {
  await secure.close();
  await plain.close();
  await named.close();
  await new Promise((resolve) => listener.close(resolve));
});

async function loggedIn(t: TestApp) {
  t.cookies.clear();
  const account = await insertAccount(t);
  await loginAs(t, account.email);
  return account;
}

const subscribe = (t: TestApp, endpoint: string) =>
  t.request('/ajax/cabinet/push/subscribe', {
    method: 'POST',
    json: { endpoint, keys: KEYS },
  });
const savedFor = async (t: TestApp, clientId: number) =>
  (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.clientId, clientId))).map(
    (row) => row.endpoint,
  );

/** The forms an attacker tries: loopback, private, link-local, unique-local, CGNAT, mapped, odd spellings, lookalikes. */
const forged = () => [
  `http://127.0.0.1:${port}/push/1`,
  `http://localhost:${port}/push/1`,
  `http://0x7f000001:${port}/push/1`,
  `https://127.0.0.1:${port}/push/1`,
  `https://0x7f000001:${port}/push/1`,
  `https://2130706433:${port}/push/1`,
  `https://0177.0.0.1:${port}/push/1`,
  `https://127.1:${port}/push/1`,
  `https://[::1]:${port}/push/1`,
  `https://[::ffff:127.0.0.1]:${port}/push/1`,
  'https://10.0.0.1/push/1',
  'https://192.168.1.1/push/1',
  'https://172.16.0.1/push/1',
  'https://100.64.0.1/push/1',
  'https://169.254.169.254/latest/meta-data',
  'https://[fe80::1]/push/1',
  'https://[fd00::1]/push/1',
  'https://[::]/push/1',
  'https://0.0.0.0/push/1',
  'https://224.0.0.1/push/1',
  'https://fcm.googleapis.com.evil.example/push/1',
  'https://evilfcm.googleapis.com/push/1',
  'https://user:secret@fcm.googleapis.com/push/1',
  'http://fcm.googleapis.com/fcm/send/1',
  'https://intranet.local/push/1',
];

describe('saving a subscription', () => {
  it('refuses every forged endpoint with a field error in Russian, saving nothing', async () => {
    const account = await loggedIn(secure);
    for (const endpoint of forged()) {
      const response = await subscribe(secure, endpoint);
      expect(response.status, endpoint).toBe(422);
      expect(await response.json()).toEqual({
        success: false,
        message: MESSAGE,
        errors: { endpoint: [MESSAGE] },
      });
    }
    expect(await savedFor(secure, account.id)).toEqual([]);
  });

  it('refuses plain http and this machine on an http portal too, unless PUSH_SERVICE_HOSTS names the host', async () => {
    expect(plain.config.publicUrl).toMatch(/^http:/);
    const account = await loggedIn(plain);
    for (const endpoint of forged()) {
      const response = await subscribe(plain, endpoint);
      expect(response.status, endpoint).toBe(422);
      expect(((await response.json()) as { message: string }).message).toBe(MESSAGE);
    }
    expect(await savedFor(plain, account.id)).toEqual([]);
  });

  it('takes plain http and 127.0.0.1 for the host PUSH_SERVICE_HOSTS names, that host only', async () => {
    const account = await loggedIn(named);
    for (const endpoint of [
      `http://localhost:${port}/push/1`,
      `https://localhost:${port}/push/1`,
      `http://[::1]:${port}/push/1`,
      'http://10.0.0.1/push/1',
      `http://user:secret@127.0.0.1:${port}/push/1`,
    ]) {
      expect((await subscribe(named, endpoint)).status, endpoint).toBe(422);
    }
    expect((await subscribe(named, `http://127.0.0.1:${port}/push/ok`)).status).toBe(200);
    expect(await savedFor(named, account.id)).toEqual([`http://127.0.0.1:${port}/push/ok`]);
  });

  it("takes the browsers' push services and PUSH_SERVICE_HOSTS", async () => {
    const account = await loggedIn(secure);
    const good = [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGm1Hp',
      'https://push.example.ru/p/1',
      'https://eu.push.example.ru/p/2',
    ];
    for (const endpoint of good) expect((await subscribe(secure, endpoint)).status, endpoint).toBe(200);
    expect((await savedFor(secure, account.id)).sort()).toEqual(good.sort());
  });
});

describe('sending', () => {
  /** Rows as if saved before the rule (or by a bug): the sender must hold on its own. */
  async function pushTo(t: TestApp, endpoints: string[]) {
    const account = await insertAccount(t);
    const now = t.deps.now();
    await t.db.insert(pushSubscriptions).values(
      endpoints.map((endpoint) => ({
        clientId: account.id,
        endpoint,
        p256dh: KEYS.p256dh,
        auth: KEYS.auth,
        createdAt: now,
      })),
    );
    await t.db.transaction((tx) =>
      addNotification(tx, {
        clientId: account.id,
        description: `Доступ ${account.id}`,
        createdAt: now,
      }),
    );
    const loop = createDeliveryLoop(t.deps);
    while ((await loop.runOnce()) > 0);
    return account;
  }

  it('posts nothing to a listener on 127.0.0.1, whatever the subscription says, and drops those subscriptions', async () => {
    for (const t of [secure, plain]) {
      hits.length = 0;
      connections = 0;
      const account = await pushTo(t, [...forged(), `https://localhost:${port}/push/dns`]);
      expect(hits).toEqual([]);
      expect(connections).toBe(0);
      expect(await savedFor(t, account.id)).toEqual([]);
      const deliveries = await t.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.text, `Доступ ${account.id}`));
      expect(deliveries.length).toBe(forged().length + 1);
      expect(new Set(deliveries.map((row) => row.state))).toEqual(new Set(['dropped']));
    }
  });

  it('follows no redirect: a 3xx is a failure, and its target gets nothing', async () => {
    hits.length = 0;
    const account = await pushTo(named, [`http://127.0.0.1:${port}/push/redirect`]);
    expect(hits).toEqual(['POST /push/redirect']);
    const [delivery] = await named.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.text, `Доступ ${account.id}`));
    expect(delivery?.state).toBe('failed');
  });
});
