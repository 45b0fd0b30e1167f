// EVERY LEVEL × EVERY CALL (issue 41, ADR 0049). The owner gives three colleagues one level each
// ('full', 'tickets', 'bills'); each colleague makes every call that can reach the owner's records.
// LEVELS below is this test's own decision of which levels reach the owner's records through which
// call: a level that is listed must be served the owner's record, one that is not gets a 403 with a
// Russian message (or, for a list, the list without the owner's records) and nothing is written.
// The coverage test holds the server's table (services/access/levels.ts) to every endpoint of the
// contracts and to this one, so a new call cannot be added without deciding what each level gets.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, type AccessLevel } from '#shared/screens/access-levels.ts';
import { downloadPaths } from '#shared/api/tickets.ts';
import { REJECT_REASONS } from '#shared/dictionaries/reject-reasons.ts';
import { getUserData } from '#shared/api/account.ts';
import { clients } from '#server/db/schema/accounts.ts';
import { bills, decisions, defectStatements, tickets } from '#server/db/schema/tickets.ts';
import { events } from '#server/db/schema/platform.ts';
import { CALL_SCOPES, scopeOfCall } from '#server/services/access/levels.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import {
  insertBill,
  insertFile,
  insertHistory,
  insertOffice,
  insertStatement,
  insertTicket,
  tinyPdf,
} from '../../../../tests/setup/cabinet-world.ts';
import { contractEndpoints } from '../../../../tests/setup/contract-endpoints.ts';
import { insertTradeIn, newKey } from '../../../../tests/setup/decisions-world.ts';
import { answerOf } from '../../../../tests/setup/json.ts';
import { TEST_PAYEE } from '../../../../tests/setup/payee.ts';
import { createTestApp, type TestApp, type TestRequestInit } from '../../../../tests/setup/test-app.ts';
import { pdfText } from '../../../../tests/setup/pdf-text.ts';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { repairRequestWith } from '../../../../tests/setup/repair-request.ts';

interface World {
  ownerId: number;
  ticketId: number;
  /** One quote per decision call, so each allowed level's decision finds its quote open. */
  quotes: { approve: number; reject: number; discuss: number; tradeIn: number; loyalty: number };
  providerOrderId: string;
  documentFileId: number;
  photoFileId: number;
  billId: number;
  billFileId: number;
}

/** A call on the owner's records, and how to tell the owner's record was served. */
interface Call {
  path: string;
  init?: (level: AccessLevel) => TestRequestInit;
  /** A list answers 200 either way: without the owner's records for a level that does not give them. */
  list?: { served: (body: string) => boolean };
  /** The answer to a level that gives the call: 200 unless told. */
  okStatus?: number;
}

const decision = (path: string, json: (w: World) => unknown) => (w: World) => ({
  path,
  init: () => ({ method: 'POST', json: json(w), headers: { [IDEMPOTENCY_HEADER]: newKey() } }),
});

/** `METHOD path` → the levels that reach the owner's records through it, and the call to make. */
const LEVELS: Record<string, { levels: readonly AccessLevel[]; call: (w: World) => Call }> = {
  'GET /ajax/cabinet/tickets': {
    levels: ['full', 'tickets'],
    call: (w) => ({ path: '/ajax/cabinet/tickets', list: { served: (body) => body.includes(`"id":${w.ticketId}`) } }),
  },
  'GET /ajax/cabinet/tickets/:id': {
    levels: ['full', 'tickets'],
    call: (w) => ({ path: `/ajax/cabinet/tickets/${w.ticketId}` }),
  },
  'GET /ajax/cabinet/history/tickets/:id': {
    levels: ['full', 'tickets'],
    call: (w) => ({ path: `/ajax/cabinet/history/tickets/${w.ticketId}` }),
  },
  'GET /ajax/cabinet/tickets/:id/get-pdf': {
    levels: ['full', 'tickets'],
    call: (w) => ({ path: downloadPaths.ticketPdf(w.ticketId) }),
  },
  'GET /ajax/cabinet/file/invoice/:provider_order_id': {
    levels: ['full', 'tickets'],
    call: (w) => ({ path: downloadPaths.waybill(w.providerOrderId) }),
  },
  // The files call serves a statement's photo to the ticket levels, its document (the priced quote)
  // to the levels with prices, and a bill's to the bill levels: all three are walked (QUOTE_FILE and
  // BILL_FILE below).
  'GET /ajax/cabinet/files/:id': {
    levels: ['full', 'tickets'],
    call: (w) => ({ path: downloadPaths.file(w.photoFileId) }),
  },
  'POST /ajax/cabinet/defects/approve': {
    levels: ['full'],
    call: decision('/ajax/cabinet/defects/approve', (w) => ({
      ticket_id: w.ticketId,
      defects: [{ id: w.quotes.approve, version: 1 }],
    })),
  },
  'POST /ajax/cabinet/defects/reject': {
    levels: ['full'],
    call: decision('/ajax/cabinet/defects/reject', (w) => ({
      ticket_id: w.ticketId,
      defects: [{ id: w.quotes.reject, version: 1 }],
      comment: REJECT_REASONS[0],
    })),
  },
  'POST /ajax/cabinet/defects/discuss': {
    levels: ['full'],
    call: decision('/ajax/cabinet/defects/discuss', (w) => ({
      ticket_id: w.ticketId,
      defect: { id: w.quotes.discuss, version: 1 },
      comment: 'Можно без замены ротора?',
    })),
  },
  'POST /ajax/cabinet/defects/trade-in': {
    levels: ['full'],
    call: decision('/ajax/cabinet/defects/trade-in', (w) => ({
      ticket_id: w.ticketId,
      defect: { id: w.quotes.tradeIn, version: 1 },
      instrument_id: 501,
    })),
  },
  'GET /ajax/cabinet/defects/:id/loyalty': {
    levels: ['full'],
    call: (w) => ({ path: `/ajax/cabinet/defects/${w.quotes.loyalty}/loyalty` }),
  },
  'GET /ajax/cabinet/bills': {
    levels: ['full', 'bills'],
    call: (w) => ({ path: '/ajax/cabinet/bills', list: { served: (body) => body.includes(`"id":${w.billId}`) } }),
  },
  'GET /ajax/cabinet/bills/:id/download': {
    levels: ['full', 'bills'],
    call: (w) => ({ path: downloadPaths.bill(w.billId) }),
  },
  'POST /ajax/cabinet/bills/payment-reported': {
    levels: ['full', 'bills'],
    call: (w) => ({
      path: '/ajax/cabinet/bills/payment-reported',
      init: () => ({ method: 'POST', json: { bill_id: w.billId } }),
    }),
  },
  // 'Оставить заявку от имени клиники': the request lands in the owner's tickets.
  'POST /ajax/repair-requests': {
    levels: ['full', 'tickets'],
    call: (w) => ({
      path: '/ajax/repair-requests',
      init: () => ({ method: 'POST', json: requestFor(w), headers: { [IDEMPOTENCY_HEADER]: newKey() } }),
    }),
  },
  'POST /ajax/repair-requests/with-photos': {
    levels: ['full', 'tickets'],
    call: (w) => ({
      path: '/ajax/repair-requests/with-photos',
      init: () => {
        const form = new FormData();
        form.set('request', JSON.stringify(requestFor(w)));
        return { method: 'POST', body: form, headers: { [IDEMPOTENCY_HEADER]: newKey() } };
      },
    }),
  },
};

/** A repair request made for the owner's clinic (the next Monday, the head centre). */
const requestFor = (w: World) => repairRequestWith({ pickup_date: '2026-03-16' }, { for_client_id: w.ownerId });

/** The same files call with a bill's document: the bill levels, not the ticket ones. */
const QUOTE_FILE: { levels: readonly AccessLevel[]; call: (w: World) => Call } = {
  levels: ['full'],
  call: (w) => ({ path: downloadPaths.file(w.documentFileId) }),
};

const BILL_FILE: { levels: readonly AccessLevel[]; call: (w: World) => Call } = {
  levels: ['full', 'bills'],
  call: (w) => ({ path: downloadPaths.file(w.billFileId) }),
};

let t: TestApp;
let world: World;
const colleagues = new Map<AccessLevel, { id: number; email: string; password: string }>();
let owner: { id: number; email: string; password: string };

async function as(account: { email: string; password: string }) {
  t.cookies.clear();
  expect((await loginAs(t, account.email, account.password)).status).toBe(200);
}

async function buildWorld(ownerId: number): Promise<World> {
  const documentFileId = await insertFile(t, 'Ведомость.pdf', 'application/pdf', tinyPdf('levels-document'));
  const waybillFileId = await insertFile(t, 'Накладная.pdf', 'application/pdf', tinyPdf('levels-waybill'));
  const billFileId = await insertFile(t, 'Счёт.pdf', 'application/pdf', tinyPdf('levels-bill'));
  const photoFileId = await insertFile(t, 'Фото.pdf', 'application/pdf', tinyPdf('levels-photo'));
  const ticketId = await insertTicket(t, ownerId, {
    status: 5,
    providerOrderId: `PO-LEVELS-${ownerId}`,
    waybillFileId,
  });
  const quote = (options: Parameters<typeof insertStatement>[2] = {}) =>
    insertStatement(t, ticketId, { sum: '12500.00', ...options });
  const quotes = {
    approve: await quote({ documentFileId }),
    reject: await quote({ photoFileIds: [photoFileId] }),
    discuss: await quote(),
    tradeIn: await quote({ tradeIsEnabled: true }),
    loyalty: await quote(),
  };
  await insertHistory(t, ownerId, ticketId, 'Согласован ремонт по ведомости №1 (Турбина), списано 500 бонусов');
  await insertHistory(
    t,
    ownerId,
    ticketId,
    'Стоимость работ по ведомости №2 изменена на 12 500,00 ₽. Согласуйте ремонт заново.',
  );
  await insertHistory(t, ownerId, ticketId, 'Курьер забрал инструменты');
  const billId = await insertBill(t, ownerId, { status: 'Не оплачен', documentFileId: billFileId });
  const providerOrderId = `PO-LEVELS-${ownerId}`;
  return { ownerId, ticketId, quotes, providerOrderId, documentFileId, photoFileId, billId, billFileId };
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z', config: { payee: TEST_PAYEE } });
  owner = await insertAccount(t);
  await t.db
    .update(clients)
    .set({ name: 'Ирина', surname: 'Котова', company: 'Улыбка' })
    .where(eq(clients.id, owner.id));
  await insertTradeIn(t, { id: 501 });
  await insertOffice(t, 1);
  world = await buildWorld(owner.id);
  await as(owner);
  for (const level of ACCESS_LEVELS) {
    const colleague = await insertAccount(t);
    colleagues.set(level, colleague);
    const granted = await t.request('/ajax/cabinet/link-account', {
      method: 'POST',
      json: { email: colleague.email, level },
    });
    expect(granted.status, level).toBe(200);
  }
});
afterAll(() => t?.close());

/** The quotes' state and the decisions on them: what a refused call must leave as it was. */
async function decisionState() {
  const ids = Object.values(world.quotes);
  const rows = await t.db.select().from(defectStatements).where(inArray(defectStatements.id, ids));
  const made = await t.db.select().from(decisions).where(inArray(decisions.defectStatementId, ids));
  const [bill] = await t.db.select().from(bills).where(eq(bills.id, world.billId));
  return {
    rows: rows.map((row) => [row.id, row.agreed, row.version]).sort(),
    made: made.length,
    reported: bill!.paymentReportedAt,
  };
}

async function expectLevel(
  level: AccessLevel,
  key: string,
  entry: { levels: readonly AccessLevel[]; call: (w: World) => Call },
) {
  const call = entry.call(world);
  const label = `${level} × ${key} (${call.path})`;
  const before = await decisionState();
  const response = await t.request(call.path, call.init?.(level));
  const body = await response.text();
  const allowed = entry.levels.includes(level);
  if (call.list) {
    expect(response.status, label).toBe(200);
    expect(call.list.served(body), label).toBe(allowed);
    return;
  }
  if (allowed) {
    expect(response.status, `${label}: ${body.slice(0, 300)}`).toBe(call.okStatus ?? 200);
    return;
  }
  // A level that does not give the call: 403 with the level's Russian message, nothing written.
  expect([403, 404], label).toContain(response.status);
  if (response.status === 403) {
    const answer = JSON.parse(body) as { message: string; details: { reason: string; level: string } };
    expect(answer.message, label).toMatch(
      /^Ваш доступ «.+» не включает .+\. Изменить доступ может владелец кабинета клиники\.$/,
    );
    expect(answer.details, label).toEqual({ reason: 'access_level', level });
  }
  expect(body, label).not.toContain('levels-');
  expect(await decisionState(), label).toEqual(before);
}

/** The owner's ticket's 'Нужно решение' in the list, as the logged-in colleague sees it. */
async function needsDecisionInList() {
  const list = (await (await t.request('/ajax/cabinet/tickets')).json()) as {
    data: { id: number; dv_approve_need: boolean }[];
  };
  return list.data.find((item) => item.id === world.ticketId)?.dv_approve_need;
}

describe('access levels on every call', () => {
  it("names every contract endpoint and download in the server's table, and walks each of its owner scopes here", async () => {
    const endpoints = (await contractEndpoints())
      .filter((endpoint) => endpoint.path.startsWith('/ajax/'))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    const downloads = [
      'GET /ajax/cabinet/tickets/:id/get-pdf',
      'GET /ajax/cabinet/file/invoice/:provider_order_id',
      'GET /ajax/cabinet/files/:id',
      'GET /ajax/cabinet/bills/:id/download',
    ];
    expect(Object.keys(downloadPaths)).toHaveLength(downloads.length);
    const all = [...endpoints, ...downloads];
    expect(
      all.filter((key) => !(key in CALL_SCOPES)),
      'decide the scope of these calls in CALL_SCOPES',
    ).toEqual([]);
    expect(
      Object.keys(CALL_SCOPES).filter((key) => !all.includes(key)),
      'entries for calls that no longer exist',
    ).toEqual([]);
    const ownerScoped = Object.entries(CALL_SCOPES)
      .filter(([, scope]) => scope !== 'own')
      .map(([key]) => key)
      .sort();
    expect(ownerScoped, 'walk every call that serves an owner’s records in LEVELS').toEqual(Object.keys(LEVELS).sort());
  });

  it('reads the scope of a call from its path, parameters included', () => {
    expect(scopeOfCall('GET', `/ajax/cabinet/tickets/${world.ticketId}`)).toBe('tickets');
    expect(scopeOfCall('POST', '/ajax/cabinet/defects/approve')).toBe('decisions');
    expect(scopeOfCall('GET', '/ajax/cabinet/bills/7/download')).toBe('bills');
    expect(scopeOfCall('GET', '/ajax/cabinet/something-new')).toBe('own');
  });

  // Refused levels first, so the quote a refused call names is still open for the allowed one.
  const order: AccessLevel[] = ['tickets', 'bills', 'full'];
  for (const level of order) {
    it(`serves '${level}' exactly what its level gives, on every call`, async () => {
      await as(colleagues.get(level)!);
      for (const [key, entry] of Object.entries(LEVELS)) await expectLevel(level, key, entry);
      await expectLevel(level, 'GET /ajax/cabinet/files/:id (a statement’s document)', QUOTE_FILE);
      await expectLevel(level, 'GET /ajax/cabinet/files/:id (a bill’s document)', BILL_FILE);
    });
  }

  it("shows 'Только заявки' the ticket without prices or points, and says it may not decide", async () => {
    await as(colleagues.get('tickets')!);
    const page = (await (await t.request(`/ajax/cabinet/tickets/${world.ticketId}`)).json()) as {
      ticket: { cost: string | null; defective_lists: { sum: string | null; download_link: string | null }[] };
    };
    expect(page.ticket.cost).toBeNull();
    expect(page.ticket.defective_lists.every((s) => s.sum === null)).toBe(true);
    // The statement's document is the priced quote: no link to it (and the file is refused, above).
    expect(page.ticket.defective_lists.every((s) => s.download_link === null)).toBe(true);
    // Nor does the list say 'Нужно решение' to a level that cannot decide.
    expect(await needsDecisionInList()).toBe(false);
    const history = (await (await t.request(`/ajax/cabinet/history/tickets/${world.ticketId}`)).json()) as {
      data: { description: string }[];
    };
    const lines = history.data.map((line) => line.description);
    expect(lines).toEqual(
      expect.arrayContaining(['Согласован ремонт по ведомости №1 (Турбина)', 'Курьер забрал инструменты']),
    );
    expect(lines.filter((line) => /₽|бонус/.test(line))).toEqual([]);
    expect(lines.some((line) => line.startsWith('Стоимость работ'))).toBe(false);
    await as(colleagues.get('full')!);
    const full = (await (await t.request(`/ajax/cabinet/tickets/${world.ticketId}`)).json()) as {
      ticket: { cost: string | null; defective_lists: { download_link: string | null }[] };
    };
    expect(full.ticket.cost).not.toBeNull();
    expect(await needsDecisionInList()).toBe(true);
    expect(full.ticket.defective_lists.map((s) => s.download_link)).toContain(downloadPaths.file(world.documentFileId));
  });

  it("prints the ticket's PDF without sums for 'Только заявки', and with them for 'Заявки и согласования'", async () => {
    const pdfOf = async (level: AccessLevel) => {
      await as(colleagues.get(level)!);
      const response = await t.request(downloadPaths.ticketPdf(world.ticketId));
      expect(response.status).toBe(200);
      return pdfText(new Uint8Array(await response.arrayBuffer()));
    };
    const readOnly = await pdfOf('tickets');
    expect(readOnly).toContain(`Заявка на ремонт №${world.ticketId}`);
    expect(readOnly).not.toMatch(/₽|12\s?500|Итого стоимость/);
    expect(await pdfOf('full')).toMatch(/12\s500,00\s₽/);
  });

  it("counts the owner's unpaid bills only for the levels that give bills", async () => {
    const unpaid = async (level: AccessLevel) => {
      await as(colleagues.get(level)!);
      const answer = (await answerOf(getUserData, await t.request('/ajax/user/data'))) as {
        user: { unpaid_bills: number; access_owner_ids: number[] };
      };
      expect(answer.user.access_owner_ids).toEqual([owner.id]);
      return answer.user.unpaid_bills;
    };
    // The bills colleague reported the payment above; the bill is still unpaid until the back office says so.
    expect(await unpaid('tickets')).toBe(0);
    expect(await unpaid('bills')).toBe(1);
    expect(await unpaid('full')).toBe(1);
  });
});

describe("'Оставить заявку от имени клиники'", () => {
  it("puts a colleague's request in the owner's tickets, the colleague its author and contact", async () => {
    const made = await t.db.select().from(tickets).where(eq(tickets.clientId, owner.id));
    const byColleagues = made.filter((row) => row.authorId !== owner.id);
    // One request and one with photos, from each of the two ticket levels.
    expect(byColleagues.map((row) => row.authorId).sort()).toEqual(
      [
        colleagues.get('full')!.id,
        colleagues.get('full')!.id,
        colleagues.get('tickets')!.id,
        colleagues.get('tickets')!.id,
      ].sort(),
    );
    await as(owner);
    const list = await (await t.request('/ajax/cabinet/tickets')).text();
    for (const row of byColleagues) expect(list).toContain(`"id":${row.id}`);
    const page = (await (await t.request(`/ajax/cabinet/tickets/${byColleagues[0]!.id}`)).json()) as {
      ticket: { request: { contact: { email: string } } };
    };
    expect([colleagues.get('full')!.email, colleagues.get('tickets')!.email]).toContain(
      page.ticket.request.contact.email,
    );
  });
});

describe("changing a colleague's level", () => {
  it('takes effect on the next request, is an access.changed event with the level, and tells the colleague', async () => {
    const colleague = await insertAccount(t);
    await as(owner);
    const grant = (level?: AccessLevel) =>
      t.request('/ajax/cabinet/link-account', {
        method: 'POST',
        json: { email: colleague.email, ...(level ? { level } : {}) },
      });
    expect((await grant('tickets')).status).toBe(200);

    await as(colleague);
    const ticket = `/ajax/cabinet/tickets/${world.ticketId}`;
    expect((await t.request(ticket)).status).toBe(200);
    expect((await t.request('/ajax/cabinet/bills')).status).toBe(200);
    expect(await (await t.request('/ajax/cabinet/bills')).text()).not.toContain(`"id":${world.billId}`);

    await as(owner);
    const changed = await grant('bills');
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ success: true, message: 'Доступ изменён' });
    // The same level again is refused; no level at all is today's 'already granted'.
    const same = await grant('bills');
    expect(same.status).toBe(422);
    expect(((await same.json()) as { errors: Record<string, string[]> }).errors.level).toEqual([
      'У этого пользователя уже такой доступ',
    ]);
    expect((await grant()).status).toBe(422);
    const list = (await (await t.request('/ajax/cabinet/accesses')).json()) as {
      data: { email: string; level: string }[];
    };
    expect(list.data.find((row) => row.email === colleague.email)?.level).toBe('bills');

    // The colleague's next request follows the new level: the ticket is refused, the bill is served.
    await as(colleague);
    const refused = await t.request(ticket);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Ваш доступ «Счета» не включает заявки клиники. Изменить доступ может владелец кабинета клиники.',
    );
    expect(await (await t.request('/ajax/cabinet/bills')).text()).toContain(`"id":${world.billId}`);
    const notices = (await (await t.request('/ajax/cabinet/notifications')).json()) as {
      data: { description: string }[];
    };
    expect(notices.data.map((n) => n.description)).toEqual(
      expect.arrayContaining([
        'Ваш доступ к заявкам и счетам изменён на «Счета»: Ирина Котова (' + owner.email + ')',
        'Вам открыт доступ к заявкам и счетам («Только заявки»): Ирина Котова (' + owner.email + ')',
      ]),
    );

    const journal = await t.db.select().from(events).where(eq(events.clientId, owner.id));
    const ofColleague = journal
      .filter((event) => (event.payload as { grantee_client_id?: number }).grantee_client_id === colleague.id)
      .map((event) => [event.type, event.payload]);
    expect(ofColleague).toEqual([
      ['access.granted', { owner_client_id: owner.id, grantee_client_id: colleague.id, level: 'tickets' }],
      ['access.changed', { owner_client_id: owner.id, grantee_client_id: colleague.id, level: 'bills' }],
    ]);
  });

  it('grants today’s access when no level is chosen', async () => {
    const colleague = await insertAccount(t);
    await as(owner);
    expect(
      (await t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email: colleague.email } })).status,
    ).toBe(200);
    const list = (await (await t.request('/ajax/cabinet/accesses')).json()) as {
      data: { email: string; level: string }[];
    };
    expect(list.data.find((row) => row.email === colleague.email)?.level).toBe('full');
    const refused = await t.request('/ajax/cabinet/link-account', {
      method: 'POST',
      json: { email: colleague.email, level: 'everything' },
    });
    expect(refused.status).toBe(422);
  });

  it("refuses a queued decision of a colleague whose level was lowered, and writes nothing (the outbox's replay)", async () => {
    const colleague = await insertAccount(t);
    await as(owner);
    await t.request('/ajax/cabinet/link-account', { method: 'POST', json: { email: colleague.email, level: 'full' } });
    const quote = await insertStatement(t, world.ticketId, { sum: '3000.00' });
    // Queued offline with its key while the colleague could decide…
    const key = newKey();
    const body = { ticket_id: world.ticketId, defects: [{ id: quote, version: 1 }] };
    // …and the owner lowers the level before the phone comes back.
    await t.request('/ajax/cabinet/link-account', {
      method: 'POST',
      json: { email: colleague.email, level: 'tickets' },
    });
    await as(colleague);
    for (let attempt = 0; attempt < 2; attempt++) {
      const replay = await t.request('/ajax/cabinet/defects/approve', {
        method: 'POST',
        json: body,
        headers: { [IDEMPOTENCY_HEADER]: key },
      });
      expect(replay.status).toBe(403);
      expect(await replay.json()).toMatchObject({
        success: false,
        details: { reason: 'access_level', level: 'tickets' },
      });
    }
    const [row] = await t.db.select().from(defectStatements).where(eq(defectStatements.id, quote));
    expect([row!.agreed, row!.version]).toEqual([0, 1]);
    expect(await t.db.select().from(decisions).where(eq(decisions.defectStatementId, quote))).toEqual([]);
  });
});
