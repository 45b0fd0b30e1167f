import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { REPAIR_REQUESTS_PER_HOUR, repairMessages } from '#shared/screens/repair-requests.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { tickets } from '#server/db/schema/tickets.ts';
import { insertAccount, loginAs, mailedCode } from '../../../../tests/setup/accounts.ts';
import { insertOffice } from '../../../../tests/setup/cabinet-world.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { REPAIR_REQUEST } from '../../../../tests/setup/repair-request.ts';

// Who may send repair requests, and how many: a confirmed e-mail only (the wizard's code step is
// enforced by the server too), and at most REPAIR_REQUESTS_PER_HOUR an hour per account.

let t: TestApp;
// Wednesday 2026-03-04, 12:00 in Moscow.
const NOW = '2026-03-04T09:00:00Z';

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertOffice(t, 1);
});
afterAll(() => t.close());

const REQUEST = REPAIR_REQUEST;

const send = (key: string = randomUUID()) =>
  t.request('/ajax/repair-requests', { method: 'POST', json: REQUEST, headers: { [IDEMPOTENCY_HEADER]: key } });

function sendWithPhoto(): Promise<Response> {
  const body = new FormData();
  body.set('request', JSON.stringify(REQUEST));
  body.append('photo', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])]), 'photo.jpg');
  return t.request('/ajax/repair-requests/with-photos', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
  });
}

async function loggedIn(options: { emailConfirmed?: boolean } = {}) {
  const account = await insertAccount(t, options);
  t.cookies.clear();
  expect((await loginAs(t, account.email)).status).toBe(200);
  return account;
}

const ticketsOf = async (clientId: number) =>
  (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.clientId, clientId))).length;
const filesOf = async (clientId: number) =>
  (await t.db.select({ id: files.id }).from(files).where(eq(files.ownerClientId, clientId))).length;

describe('repair requests: a confirmed e-mail', () => {
  it('refuses an account whose e-mail is not confirmed, writing nothing, and takes it once confirmed', async () => {
    const account = await loggedIn({ emailConfirmed: false });
    const key = randomUUID();
    for (const response of [await send(key), await sendWithPhoto()]) {
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ success: false, message: repairMessages.emailNotConfirmed });
    }
    expect(await ticketsOf(account.id)).toBe(0);
    expect(await filesOf(account.id)).toBe(0);

    // The wizard's code step: the code mailed to the account confirms it.
    expect((await t.request('/ajax/email/send-code', { method: 'POST', json: {} })).status).toBe(200);
    expect(
      (await t.request('/ajax/email/confirm', { method: 'POST', json: { code: await mailedCode(t, account.email) } }))
        .status,
    ).toBe(200);
    // The refusal was not stored under its key: the same request now goes through.
    expect((await send(key)).status).toBe(200);
    expect(await ticketsOf(account.id)).toBe(1);
  });
});

describe('repair requests: an hourly limit per account', () => {
  it(`takes ${REPAIR_REQUESTS_PER_HOUR} an hour, then refuses in Russian until the oldest is an hour old`, async () => {
    const account = await loggedIn();
    const firstKey = randomUUID();
    expect((await send(firstKey)).status).toBe(200);
    t.advance(10 * 60 * 1000);
    for (let i = 1; i < REPAIR_REQUESTS_PER_HOUR; i++) expect((await send()).status).toBe(200);

    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(50 * 60));
    expect(((await refused.json()) as { message: string }).message).toBe(
      `Не более ${REPAIR_REQUESTS_PER_HOUR} заявок в час. Попробуйте через 50 мин.`,
    );
    // A replay of a request already made is its stored answer, not a new ticket: never refused.
    expect((await send(firstKey)).status).toBe(200);
    expect(await ticketsOf(account.id)).toBe(REPAIR_REQUESTS_PER_HOUR);

    t.advance(50 * 60 * 1000 + 1000);
    expect((await send()).status).toBe(200);
  });

  it('lets no parallel burst pass the limit', async () => {
    const account = await loggedIn();
    const statuses = await Promise.all(
      Array.from({ length: REPAIR_REQUESTS_PER_HOUR + 6 }, () => send().then((response) => response.status)),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(REPAIR_REQUESTS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    expect(await ticketsOf(account.id)).toBe(REPAIR_REQUESTS_PER_HOUR);
  });
});
