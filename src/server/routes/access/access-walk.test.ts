// THE ACCESS WALK (cabinet.md §6, portal.md §6): clinic A walks every resource endpoint with clinic B's
// ids and must get 404 (or an empty list) and never a byte of B's data. The endpoints are read from
// src/shared/api/*.ts, src/shared/screens/*.ts and downloadPaths, so a new endpoint fails the coverage test until it is
// walked here or listed, with a reason, as not a resource.
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { randomUUID } from 'node:crypto';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { createClinicWorld, type ClinicWorld } from '../../../../tests/setup/cabinet-world.ts';
import { repairRequestWith } from '../../../../tests/setup/repair-request.ts';
import { createTestApp, type TestApp, type TestRequestInit } from '../../../../tests/setup/test-app.ts';
import { decisions, defectStatements } from '#server/db/schema/tickets.ts';
import { events } from '#server/db/schema/platform.ts';
import { kavoIdentities, kavoLoginFlows } from '#server/db/schema/kavo.ts';
import { sessions } from '#server/db/schema/accounts.ts';
import { sha256 } from '#server/lib/sha256.ts';
import { sealVerifier } from '#server/services/kavo/tokens.ts';
import { contractEndpoints } from '../../../../tests/setup/contract-endpoints.ts';
import { downloadPaths } from '#shared/api/tickets.ts';
import { REJECT_REASONS } from '#shared/dictionaries/reject-reasons.ts';

/**
 * `refused`: a 422 that names no record (a request naming B's files as its photos). `forbidden`: a
 * courier's call, 403 to any clinic (what a courier may call is courier-access.test.ts's walk).
 */
type Expect = 'not-found' | 'empty-list' | 'own-data' | 'refused' | 'forbidden';

interface Call {
  path: string;
  init?: TestRequestInit;
  expect: Expect;
  /** As B the same call must succeed: proves the 404 comes from access, not from a wrong path. */
  ownerGets200?: boolean;
}

/** `METHOD path` → the calls A makes with B's ids (A's own ids where a call takes two). */
const WALK: Record<string, (b: ClinicWorld, a: ClinicWorld) => Call[]> = {
  'GET /ajax/cabinet/tickets': (b) => [
    // A's own list: A's tickets only (B's e-mail, a marker, would show on B's rows).
    { path: '/ajax/cabinet/tickets', expect: 'own-data' },
    { path: `/ajax/cabinet/tickets?client_id=${b.clientId}`, expect: 'empty-list' },
    { path: `/ajax/cabinet/tickets?number=${b.ticketId}`, expect: 'empty-list' },
  ],
  'GET /ajax/cabinet/tickets/:id': (b) => [
    { path: `/ajax/cabinet/tickets/${b.ticketId}`, expect: 'not-found', ownerGets200: true },
  ],
  'GET /ajax/cabinet/history/tickets/:id': (b) => [
    { path: `/ajax/cabinet/history/tickets/${b.ticketId}`, expect: 'not-found', ownerGets200: true },
  ],
  'GET /ajax/cabinet/bills': (b) => [
    { path: '/ajax/cabinet/bills', expect: 'own-data' },
    { path: `/ajax/cabinet/bills?client_id=${b.clientId}`, expect: 'empty-list' },
  ],
  'GET /ajax/cabinet/defects/:id/loyalty': (b) =>
    b.statementIds.map((id) => ({ path: `/ajax/cabinet/defects/${id}/loyalty`, expect: 'not-found' })),
  'POST /ajax/cabinet/defects/approve': (b, a) => [
    decision('/ajax/cabinet/defects/approve', {
      ticket_id: b.ticketId,
      defects: [{ id: b.statementIds[0], version: 1 }],
    }),
    // A's own ticket with B's statement: still B's statement.
    decision('/ajax/cabinet/defects/approve', {
      ticket_id: a.ticketId,
      defects: [{ id: b.statementIds[0], version: 1 }],
    }),
    decision('/ajax/cabinet/defects/approve', {
      ticket_id: a.ticketId,
      defects: [
        { id: a.statementIds[0], version: 1 },
        { id: b.statementIds[0], version: 1 },
      ],
    }),
  ],
  'POST /ajax/cabinet/defects/reject': (b, a) => [
    decision('/ajax/cabinet/defects/reject', {
      ticket_id: b.ticketId,
      defects: [{ id: b.statementIds[0], version: 1 }],
      comment: REJECT_REASONS[0],
    }),
    decision('/ajax/cabinet/defects/reject', {
      ticket_id: a.ticketId,
      defects: [{ id: b.statementIds[0], version: 1 }],
      comment: REJECT_REASONS[0],
    }),
  ],
  'POST /ajax/cabinet/defects/discuss': (b, a) => [
    decision('/ajax/cabinet/defects/discuss', {
      ticket_id: b.ticketId,
      defect: { id: b.statementIds[0], version: 1 },
      comment: 'Вопрос',
    }),
    decision('/ajax/cabinet/defects/discuss', {
      ticket_id: a.ticketId,
      defect: { id: b.statementIds[0], version: 1 },
      comment: 'Вопрос',
    }),
  ],
  'POST /ajax/cabinet/defects/trade-in': (b, a) => [
    decision('/ajax/cabinet/defects/trade-in', {
      ticket_id: b.ticketId,
      defect: { id: b.statementIds[0], version: 1 },
      instrument_id: 1,
    }),
    decision('/ajax/cabinet/defects/trade-in', {
      ticket_id: a.ticketId,
      defect: { id: b.statementIds[0], version: 1 },
      instrument_id: 1,
    }),
  ],
  // 'Я оплатил' on B's bill: the same 404 as a bill that does not exist, and nothing reported.
  'POST /ajax/cabinet/bills/payment-reported': (b) => [
    {
      path: '/ajax/cabinet/bills/payment-reported',
      init: { method: 'POST', json: { bill_id: b.billId } },
      expect: 'not-found',
    },
  ],
  // Not B's to begin with, but it must not carry anything of B either.
  'GET /ajax/user/data': () => [{ path: '/ajax/user/data', expect: 'own-data' }],
  'GET /ajax/cabinet/addresses': () => [{ path: '/ajax/cabinet/addresses', expect: 'own-data' }],
  // Refused before the address is checked with the geo provider: B's id is not A's to change.
  'POST /ajax/cabinet/addresses/save': (b) => [
    {
      path: '/ajax/cabinet/addresses/save',
      init: {
        method: 'POST',
        json: {
          id: b.addressId,
          name: 'Чужой',
          address: 'Россия, Москва, Тверская улица, 7',
          apartment: '1',
          coordinates: null,
        },
      },
      expect: 'not-found',
    },
  ],
  // B's files named as the photos of A's repair request: refused, and the request is not made.
  'POST /ajax/repair-requests': (b) => [
    {
      path: '/ajax/repair-requests',
      init: { method: 'POST', headers: { [IDEMPOTENCY_HEADER]: randomUUID() }, json: requestNaming(b) },
      expect: 'refused',
    },
  ],
  // The same with photos sent along (the offline outbox's form of the call).
  'POST /ajax/repair-requests/with-photos': (b) => {
    const form = new FormData();
    form.set('request', JSON.stringify(requestNaming(b)));
    return [
      {
        path: '/ajax/repair-requests/with-photos',
        init: { method: 'POST', headers: { [IDEMPOTENCY_HEADER]: randomUUID() }, body: form },
        expect: 'refused',
      },
    ];
  },
  // The courier's calls: a clinic gets 403 and nothing of any courier's day.
  'GET /ajax/courier/stops': () => [{ path: '/ajax/courier/stops', expect: 'forbidden' }],
  'GET /ajax/courier/stops/:id': () => [{ path: '/ajax/courier/stops/1', expect: 'forbidden' }],
  'POST /ajax/courier/stops/en-route': () => [courierAction('en-route', { stop_id: 1, eta_minutes: 15 })],
  'POST /ajax/courier/stops/done': (b) => [
    courierAction('done', { stop_id: 1, instruments: [{ id: 1, collected: true }], person: b.markers[0] }),
  ],
  'POST /ajax/courier/stops/done-with-photos': (b) => {
    const form = new FormData();
    form.set(
      'request',
      JSON.stringify({ stop_id: 1, instruments: [{ id: 1, collected: true }], person: b.markers[0] }),
    );
    return [
      {
        path: '/ajax/courier/stops/done-with-photos',
        init: { method: 'POST', headers: { [IDEMPOTENCY_HEADER]: randomUUID() }, body: form },
        expect: 'forbidden',
      },
    ];
  },
  'POST /ajax/courier/stops/failed': () => [courierAction('failed', { stop_id: 1, reason: 'closed' })],
  'POST /ajax/courier/photos': () => [
    { path: '/ajax/courier/photos', init: { method: 'POST', body: new FormData() }, expect: 'forbidden' },
  ],
  'POST /ajax/cabinet/addresses/:id/delete': (b) => [
    { path: `/ajax/cabinet/addresses/${b.addressId}/delete`, init: { method: 'POST' }, expect: 'not-found' },
  ],
  // KAVO ID: B's linked identity (its claims carry B's marker) is nowhere in A's answers.
  'GET /ajax/cabinet/profile/kavo-list': () => [{ path: '/ajax/cabinet/profile/kavo-list', expect: 'own-data' }],
  'GET /ajax/cabinet/profile/kavo-id': (b) => [
    { path: `/ajax/cabinet/profile/kavo-id?kavo_id=${kavoIdOf(b)}`, expect: 'not-found' },
  ],
  'POST /ajax/cabinet/profile/update-kavo-id': (b) => [
    {
      path: '/ajax/cabinet/profile/update-kavo-id',
      init: {
        method: 'POST',
        json: { kavo_id: kavoIdOf(b), last_name: 'Чужая', first_name: 'Анна', middle_name: '', city: 'Россия, Москва' },
      },
      expect: 'not-found',
    },
  ],
  'POST /ajax/cabinet/profile/unlink-kavo-id': (b) => [
    {
      path: '/ajax/cabinet/profile/unlink-kavo-id',
      init: { method: 'POST', json: { kavo_id: kavoIdOf(b) } },
      expect: 'not-found',
    },
  ],
};

/** The KAVO ID identity each clinic of the walk has linked (inserted in beforeAll). */
const kavoIds = new Map<number, number>();
function kavoIdOf(world: ClinicWorld): number {
  const id = kavoIds.get(world.clientId);
  if (id === undefined) throw new Error('no KAVO ID linked for this clinic');
  return id;
}

/** A linked identity as the callback stores it (no provider needed: the walk reads only our rows). */
async function insertKavoIdentity(world: ClinicWorld): Promise<void> {
  const [row] = await t.db
    .insert(kavoIdentities)
    .values({
      clientId: world.clientId,
      issuer: KAVO_UNREACHABLE,
      subject: `sub-${world.clientId}`,
      lastName: world.markers[0],
      firstName: 'Анна',
      phone: '79990000000',
    })
    .returning({ id: kavoIdentities.id });
  kavoIds.set(world.clientId, row!.id);
}

/** A provider nobody answers at: the walk checks ownership before any call to it. */
const KAVO_UNREACHABLE = 'http://127.0.0.1:9';

/** Endpoints that serve no clinic's records, with the reason. */
/** A repair request of A's that names B's files as its photos. */
function requestNaming(b: ClinicWorld) {
  return repairRequestWith({ pickup_date: '2026-03-16', office_id: 4 }, { file_ids: Object.values(b.fileIds) });
}

const NOT_RESOURCE: Record<string, string> = {
  'POST /ajax/email/send-code': 'mails a code to the own address; no record id',
  'POST /ajax/email/confirm': 'confirms the own address; no record id',
  'POST /ajax/cabinet/profile/personal': "changes the own account's data; no record id",
  'POST /ajax/cabinet/profile/email/confirm': "confirms the own account's new e-mail; no record id",
  'POST /ajax/cabinet/profile/email/send-code': "mails the own account's new e-mail; no record id",
  'POST /ajax/cabinet/profile/update': "changes the own account's settings; no record id",
  'GET /ajax/cabinet/accesses': 'the accounts the own clinic gave access to; no record id',
  'GET /ajax/cabinet/access-owners':
    'the clinics that gave the own account access; no record id (access-owners.test.ts)',
  'GET /ajax/cabinet/notifications': "the own notifications only (another account's: notifications.test.ts)",
  'POST /ajax/cabinet/notifications/read': "marks the own only; another's ids change nothing (notifications.test.ts)",
  'POST /ajax/cabinet/history': 'the own history only (notifications.test.ts)',
  'POST /ajax/form/proposal-send': 'sends a suggestion; reads nothing',
  'POST /ajax/cabinet/link-account': 'gives access to the own records (walked below: grantee, former grantee)',
  'POST /ajax/cabinet/unlink-account': 'takes access to the own records back (walked below)',
  'POST /ajax/login': 'logs in; no record id',
  'POST /ajax/logout': 'ends the own session',
  'POST /ajax/register/send-code': 'registration, logged out',
  'POST /ajax/register/confirm': 'registration, logged out',
  'POST /ajax/guest/send-code':
    "the guest wizard's code, logged out; an address with an account gets none (guest-requests.test.ts)",
  'POST /ajax/guest/confirm': "the guest wizard's code, in the browser that asked for it only (guest-requests.test.ts)",
  'POST /ajax/guest/repair-requests':
    "a guest's request makes a new account; photos named must be that new account's, so another's are refused (guest-requests.test.ts)",
  'POST /ajax/guest/repair-requests/with-photos':
    "the same with its photos, stored as the new account's files; names no record of anyone (guest-requests.test.ts)",
  'POST /ajax/password/forgot': 'password reset by e-mail, logged out',
  'POST /ajax/password/reset': 'password reset by code, logged out',
  'POST /ajax/password/change': 'changes the own password',
  'GET /ajax/cabinet/trade-in': 'the trade-in catalogue, the same for every account',
  'GET /ajax/cabinet/trade-in/:id': 'one catalogue entry, the same for every account',
  'POST /ajax/client-errors': 'reports an error of the own page to the log; reads nothing',
  'POST /ajax/repair-requests/photos': 'uploads the own photo; reads nothing',
  'GET /ajax/address/suggest': 'asks the geo provider; no record of anyone',
  'GET /ajax/address/geocode': 'asks the geo provider; no record of anyone',
  'GET /ajax/address/check': 'asks the geo provider; no record of anyone',
  'POST /ajax/geo/suggest': 'asks the geo provider for cities; no record of anyone',
  'GET /ajax/offices': 'the service centres, the same for every account',
  'GET /ajax/map/settings': "the map's tiles, the same for every account",
  'GET /ajax/repair-requests/pickup-calendar': 'the pickup calendar (cut-off hour, closed days), the same for everyone',
  'POST /ajax/cabinet/kavo-id/connect':
    'starts linking a KAVO ID to the own account; no record id (its callback is walked below)',
  'POST /ajax/promocode/set': 'redeems a code for the own account; reads nothing of anyone',
  'GET /ajax/cabinet/quiz/get': 'the survey offered to every account; only whether the own account answered it',
  'POST /ajax/cabinet/quiz/send': 'answers for the own account; reads nothing of anyone',
  'GET /ajax/cabinet/push/key': "the server's VAPID public key, the same for every account",
  'POST /ajax/cabinet/push/subscribe': "saves this browser's subscription for the own account; no record id",
  'POST /ajax/cabinet/push/unsubscribe':
    "removes the own account's subscription with that endpoint; another account's stays (push.test.ts)",
  'GET /ajax/banner/get': "the site's banner, the same for everyone",
  'GET /ajax/site/settings': 'public settings (main site, support address), the same for everyone',
  'GET /ajax/cabinet/telegram': "the own account's bot link or chat state; no record id",
  'POST /ajax/cabinet/telegram/unlink': "unlinks the own account's chat; no record id",
  'GET /ajax/cabinet/notification-mail': "the own account's e-mail copy switch; no record id",
  'POST /ajax/cabinet/notification-mail': "sets the own account's e-mail copy switch; no record id",
  'GET /ajax/cabinet/points': "the own account's points and ledger; no record id",
  'POST /ajax/cabinet/points/eligibility':
    'retired: answers that no confirmation is needed and writes nothing; no record id',
  'POST /ajax/password/check': "checks a reset link's code without using it; the answer names no account",
  'POST /ajax/invitations/check':
    "an invitation's link (logged out): its owner's clinic for the address it was mailed to (access-invitations.test.ts)",
  'POST /ajax/invitations/accept':
    'makes the invited account and logs it in; names no record of anyone (access-invitations.test.ts)',
  'GET /ajax/contacts': 'the service centres and the support address, the same for everyone',
  'GET /ajax/loyalty/programme': "the programme's pause or end, the same for everyone",
};

/** Every file path of downloadPaths → the calls with B's ids. */
const DOWNLOADS: Record<keyof typeof downloadPaths, (b: ClinicWorld) => string[]> = {
  ticketPdf: (b) => [downloadPaths.ticketPdf(b.ticketId)],
  waybill: (b) => [downloadPaths.waybill(b.providerOrderId)],
  file: (b) => Object.values(b.fileIds).map((id) => downloadPaths.file(id)),
  bill: (b) => [downloadPaths.bill(b.billId)],
};

function courierAction(action: string, json: unknown): Call {
  return {
    path: `/ajax/courier/stops/${action}`,
    init: { method: 'POST', json, headers: { [IDEMPOTENCY_HEADER]: randomUUID() } },
    expect: 'forbidden',
  };
}

function decision(path: string, json: unknown): Call {
  return { path, init: { method: 'POST', json, headers: { [IDEMPOTENCY_HEADER]: randomUUID() } }, expect: 'not-found' };
}

async function sharedEndpoints(): Promise<string[]> {
  return (await contractEndpoints()).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
}

let t: TestApp;
let a: ClinicWorld;
let b: ClinicWorld;

async function as(world: ClinicWorld) {
  t.cookies.clear();
  expect((await loginAs(t, world.email, world.password)).status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({
    now: '2026-03-15T12:00:00Z',
    config: {
      kavo: { issuerUrl: KAVO_UNREACHABLE, clientId: 'walk', clientSecret: 'walk-secret', tokenKey: undefined },
    },
  });
  a = await createClinicWorld(t, 'clinicA');
  b = await createClinicWorld(t, 'clinicB');
  await insertKavoIdentity(a);
  await insertKavoIdentity(b);
});
afterAll(async () => {
  await t?.close();
});

/** Every call of the walk, as the logged-in `viewer`, on `owner`'s records: 404, 422 or lists without them; nothing decided. */
async function expectNothingOf(owner: ClinicWorld, viewer: ClinicWorld): Promise<Call[]> {
  const calls: Call[] = [
    ...Object.values(WALK).flatMap((make) => make(owner, viewer)),
    ...Object.values(DOWNLOADS).flatMap((make) =>
      make(owner).map((path): Call => ({ path, expect: 'not-found', ownerGets200: true })),
    ),
  ];
  for (const call of calls) {
    const label = `${call.init?.method ?? 'GET'} ${call.path}`;
    const response = await t.request(call.path, call.init);
    const text = await response.text();
    for (const marker of owner.markers) expect(text, `${label} leaks ${marker}`).not.toContain(marker);
    if (call.expect === 'not-found') {
      expect(response.status, label).toBe(404);
      expect(JSON.parse(text), label).toEqual({ success: false, message: 'Не найдено' });
    } else if (call.expect === 'refused') {
      expect(response.status, label).toBe(422);
    } else if (call.expect === 'forbidden') {
      expect(response.status, label).toBe(403);
      expect(JSON.parse(text), label).toEqual({
        success: false,
        message: 'Этот раздел доступен только курьерам сервисного центра',
      });
    } else if (call.expect === 'empty-list') {
      expect(response.status, label).toBe(200);
      expect(JSON.parse(text), label).toMatchObject({ success: true, data: [], next_cursor: null });
    } else {
      expect(response.status, label).toBe(200);
      const ids = ((JSON.parse(text) as { data?: Array<{ id: number }> }).data ?? []).map((row) => row.id);
      expect(ids, label).not.toContain(owner.ticketId);
      expect(ids, label).not.toContain(owner.billId);
    }
  }

  // Nothing was decided on B's statements, and no event was written for them.
  const statements = await t.db.select().from(defectStatements).where(inArray(defectStatements.id, owner.statementIds));
  expect(statements.map((s) => [s.agreed, s.version])).toEqual([
    [0, 1],
    [1, 1],
  ]);
  expect(await t.db.select().from(decisions).where(inArray(decisions.defectStatementId, owner.statementIds))).toEqual(
    [],
  );
  expect(await t.db.select().from(events).where(like(events.type, 'defect.%'))).toEqual([]);
  expect(await t.db.select().from(decisions).where(eq(decisions.clientId, viewer.clientId))).toEqual([]);
  return calls;
}

describe('the access walk', () => {
  it('covers every endpoint of src/shared/api and screens and every download path', async () => {
    const endpoints = await sharedEndpoints();
    expect(endpoints.length).toBeGreaterThan(10);
    const unclassified = endpoints.filter((key) => !(key in WALK) && !(key in NOT_RESOURCE));
    expect(unclassified, 'walk these endpoints in WALK or list them in NOT_RESOURCE with a reason').toEqual([]);
    const stale = [...Object.keys(WALK), ...Object.keys(NOT_RESOURCE)].filter((key) => !endpoints.includes(key));
    expect(stale, 'entries for endpoints that no longer exist').toEqual([]);
    expect(Object.keys(DOWNLOADS).sort()).toEqual(Object.keys(downloadPaths).sort());
  });

  it("keeps a clinic's bill document private even when the same file is also a catalogue picture", async () => {
    const shared = b.fileIds.bill;
    expect(
      (
        await t.integration('/gifts/77', {
          method: 'PUT',
          json: { name: 'Смазка', cost: 500, image_file_id: shared, is_available: true },
        })
      ).status,
    ).toBeLessThan(300);
    await as(a);
    expect((await t.request(downloadPaths.file(shared))).status).toBe(404);
    await as(b);
    expect((await t.request(downloadPaths.file(shared))).status).toBe(200);
  });

  it('gives clinic A nothing of clinic B, anywhere', async () => {
    await as(a);
    const calls = await expectNothingOf(b, a);

    // The same calls as B succeed: the 404s above are access, not typos.
    await as(b);
    for (const call of calls.filter((c) => c.ownerGets200)) {
      const response = await t.request(call.path, call.init);
      expect(response.status, `as owner: ${call.path}`).toBe(200);
    }
    const own = await t.request('/ajax/cabinet/tickets');
    expect(await own.text()).toContain(b.email);
  });

  it("gives a grantee the owner's tickets and bills, and a former grantee nothing again", async () => {
    await as(b);
    expect((await t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email: a.email } })).status).toBe(
      200,
    );
    await as(a);
    expect((await t.request(`/ajax/cabinet/tickets/${b.ticketId}`)).status).toBe(200);
    expect((await t.request(downloadPaths.ticketPdf(b.ticketId))).status).toBe(200);
    expect((await t.request(downloadPaths.file(b.fileIds.bill))).status).toBe(200);
    expect(await (await t.request('/ajax/cabinet/bills')).text()).toContain(b.email);
    // Addresses are never shared.
    expect(await (await t.request('/ajax/cabinet/addresses')).text()).not.toContain(String(b.addressId));

    await as(b);
    expect((await t.request('/ajax/cabinet/unlink-account', { method: 'POST', json: { email: a.email } })).status).toBe(
      200,
    );
    await as(a);
    await expectNothingOf(b, a);
  });

  it("does not let clinic A finish a KAVO ID link clinic B's session started", async () => {
    await as(b);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.clientId, b.clientId)).limit(1);
    const state = 'state-of-clinic-b-0123456789';
    const stateHash = sha256(state);
    await t.db.insert(kavoLoginFlows).values({
      stateHash,
      clientId: b.clientId,
      sessionHash: session!.tokenHash,
      codeVerifier: sealVerifier(t.config, stateHash, 'verifier-of-clinic-b'),
      nonce: 'nonce',
      expiresAt: new Date(t.deps.now().getTime() + 60_000),
    });
    await as(a);
    const response = await t.request(`/ajax/cabinet/kavo-id/callback?code=stolen&state=${state}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/cabinet/kavo-id?kavo=expired');
    expect(
      (await t.db.select().from(kavoIdentities).where(eq(kavoIdentities.clientId, a.clientId))).map(
        (row) => row.subject,
      ),
    ).toEqual([`sub-${a.clientId}`]);
  });
});
