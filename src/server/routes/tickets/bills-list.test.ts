import { viewerWith } from '#server/services/access/levels.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import {
  insertBill,
  insertFile,
  insertStatement,
  insertTicket,
  tinyPdf,
} from '../../../../tests/setup/cabinet-world.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import type { Bill } from '#shared/screens/bills.ts';
import { downloadPaths } from '#shared/api/tickets.ts';

let t: TestApp;
let me: { id: number; email: string };
let other: { id: number; email: string };
const billIds: number[] = [];
let statementIds: number[] = [];

interface Page {
  data: Bill[];
  next_cursor: string | null;
}

async function list(query = ''): Promise<Page> {
  const response = await t.request(`/ajax/cabinet/bills${query ? `?${query}` : ''}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' });
  me = await insertAccount(t);
  other = await insertAccount(t);
  const ticketId = await insertTicket(t, me.id);
  statementIds = [
    await insertStatement(t, ticketId, { id1c: 'ДВ-1', createdAt: new Date('2026-03-01T22:00:00Z') }),
    await insertStatement(t, ticketId, { id1c: null, createdAt: new Date('2026-03-02T10:00:00Z') }),
  ];
  const document = await insertFile(t, 'Счёт.pdf', 'application/pdf', tinyPdf('bill'));
  billIds.push(
    await insertBill(t, me.id, {
      id1c: 'СЧ-1',
      status: 'Оплачен',
      amount: '100.50',
      statementIds,
      documentFileId: document,
    }),
  );
  billIds.push(await insertBill(t, me.id, { id1c: 'СЧ-2', status: null }));
  for (let i = 3; i <= 5; i += 1) billIds.push(await insertBill(t, me.id, { id1c: `СЧ-${i}` }));
  await insertBill(t, other.id, { id1c: 'СЧ-ЧУЖОЙ' });
  expect((await loginAs(t, me.email)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /ajax/cabinet/bills', () => {
  it('is 401 when logged out', async () => {
    expect((await t.request('/ajax/cabinet/bills', { cookies: false })).status).toBe(401);
  });

  it("lists the account's bills newest first with their statements and document link", async () => {
    const page = await list();
    expect(page.data.map((b) => b.id_1c)).toEqual(['СЧ-5', 'СЧ-4', 'СЧ-3', 'СЧ-2', 'СЧ-1']);
    expect(page.next_cursor).toBeNull();
    expect(page.data.at(-1)).toEqual({
      id: billIds[0],
      date: '2026-03-01',
      id_1c: 'СЧ-1',
      email: me.email,
      status: 'Оплачен',
      amount_document: '100.50',
      document_url: downloadPaths.bill(billIds[0]!),
      // Statement dates are Moscow days: 22:00 UTC on the 1st is the 2nd in Moscow.
      defective_lists: [
        { id_1c: 'ДВ-1', date: '2026-03-02' },
        { id_1c: null, date: '2026-03-02' },
      ],
    });
    expect(page.data.at(-2)).toMatchObject({ status: null, document_url: null, defective_lists: [] });
  });

  it('filters "Только мои счета" by an account the viewer may name', async () => {
    expect((await list(`client_id=${me.id}`)).data).toHaveLength(5);
    expect((await list(`client_id=${other.id}`)).data).toEqual([]);
  });

  it('pages by keyset without gaps or repeats', async () => {
    const service = await import('#server/services/tickets/bill-list.ts');
    const seen: number[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await service.listBills(t.db, viewerWith(me.id, [], 'bills'), cursor ? { cursor } : {}, 2);
      seen.push(...page.data.map((b) => b.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...billIds].reverse());
    const first = await list();
    expect(
      (
        await list(`cursor=${first.data[1] ? Buffer.from(`id|${first.data[1].id}`).toString('base64url') : ''}`)
      ).data.map((b) => b.id_1c),
    ).toEqual(['СЧ-3', 'СЧ-2', 'СЧ-1']);
  });

  it('refuses malformed input with 422', async () => {
    for (const query of ['client_id=abc', 'cursor=%24', `cursor=${Buffer.from('id|x').toString('base64url')}`]) {
      expect((await t.request(`/ajax/cabinet/bills?${query}`)).status, query).toBe(422);
    }
  });
});
