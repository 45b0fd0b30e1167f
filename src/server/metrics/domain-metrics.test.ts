// The portal's own metrics (issue 40) move with what they count: logins, throttles, repair
// requests and their replays, decisions, client error reports, uploads, mail deliveries waiting and
// sent, the event feed and the back office's read of it, the pool, and the backups' hook.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairRequestFailureMessage } from '#shared/screens/repair-failure-report.ts';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { encodePng } from '#server/lib/png.ts';
import { rateRules } from '#server/services/rate-limit.ts';
import { insertAccount, loginAs, mailedCode, registrationForm, uniqueEmail } from '../../../tests/setup/accounts.ts';
import { insertOffice } from '../../../tests/setup/cabinet-world.ts';
import { decide, insertStatement, insertTicket, paths } from '../../../tests/setup/decisions-world.ts';
import { parsePrometheusText, valueOf, type Sample } from '../../../tests/setup/prometheus-text.ts';
import { fullRepairRequest } from '../../../tests/setup/repair-request.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { setLastBackupAt } from './state.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
// Wednesday 2026-03-04, 12:00 in Moscow: a working day for the pickup.
const NOW = '2026-03-04T09:00:00Z';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW, config: { metricsToken: TOKEN } });
  await insertOffice(t, 1);
  await insertOffice(t, 4);
});
afterAll(() => t?.close());

async function scrape(): Promise<Sample[]> {
  const response = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` }, cookies: false });
  expect(response.status).toBe(200);
  return parsePrometheusText(await response.text());
}

/** How much each named sample grew between two scrapes. */
const grew = (before: Sample[], after: Sample[], name: string, labels: Record<string, string> = {}) =>
  valueOf(after, name, labels) - valueOf(before, name, labels);

describe('the domain metrics', () => {
  it('count logins by outcome and throttle refusals by rule', async () => {
    const { email } = await insertAccount(t);
    const before = await scrape();
    expect((await loginAs(t, email, 'not-the-password')).status).toBe(422);
    expect((await loginAs(t, email)).status).toBe(200);
    t.cookies.clear();
    const stranger = uniqueEmail('guess');
    for (let i = 0; i < rateRules.loginAccountIp.limit; i += 1)
      expect((await loginAs(t, stranger, 'guess-guess')).status).toBe(422);
    expect((await loginAs(t, stranger, 'guess-guess')).status).toBe(429);
    const after = await scrape();
    expect(grew(before, after, 'portal_logins_total', { outcome: 'ok' })).toBe(1);
    expect(grew(before, after, 'portal_logins_total', { outcome: 'failed' })).toBe(1 + rateRules.loginAccountIp.limit);
    expect(grew(before, after, 'portal_logins_total', { outcome: 'locked' })).toBe(1);
    expect(grew(before, after, 'portal_rate_limit_refusals_total', { rule: 'login:account-ip' })).toBe(1);
  });

  it('count repair requests sent and failed, replays, decisions, uploads and client error reports', async () => {
    const account = await insertAccount(t);
    t.cookies.clear();
    expect((await loginAs(t, account.email)).status).toBe(200);
    const before = await scrape();

    const photo = new FormData();
    const png = encodePng(2, 2, new Uint8Array(12).fill(200), 3);
    photo.set('file', new Blob([png as Uint8Array<ArrayBuffer>]), 'photo.png');
    expect((await t.request('/ajax/repair-requests/photos', { method: 'POST', body: photo })).status).toBe(200);

    const key = randomUUID();
    const send = (json: unknown, idempotencyKey = randomUUID()) =>
      t.request('/ajax/repair-requests', { method: 'POST', json, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
    expect((await send(fullRepairRequest(), key)).status).toBe(200);
    expect((await send(fullRepairRequest(), key)).status).toBe(200);
    const past = fullRepairRequest();
    expect((await send({ ...past, address: { ...past.address, pickup_date: '2026-03-02' } })).status).toBe(422);

    const ticketId = await insertTicket(t, account.id);
    const quote = await insertStatement(t, ticketId);
    const discuss = { ticket_id: ticketId, defect: { id: quote.id, version: 1 }, comment: 'Уточните срок' };
    expect((await decide(t, paths.discuss, discuss)).status).toBe(200);

    const report = { source: 'window', message: 'TypeError: x is undefined' };
    expect((await t.request('/ajax/client-errors', { method: 'POST', json: report })).status).toBe(200);

    const after = await scrape();
    const sent = { who: 'clinic', outcome: 'sent' };
    expect(grew(before, after, 'portal_repair_requests_total', sent)).toBe(1);
    expect(
      grew(before, after, 'portal_repair_requests_total', { who: 'clinic', outcome: 'failed', reason: 'invalid' }),
    ).toBe(1);
    expect(grew(before, after, 'portal_idempotent_replays_total', { call: 'POST /ajax/repair-requests' })).toBe(1);
    expect(grew(before, after, 'portal_decisions_total', { kind: 'discuss' })).toBe(1);
    expect(grew(before, after, 'portal_upload_bytes_total')).toBe(png.byteLength);
    expect(grew(before, after, 'portal_client_error_reports_total', { source: 'window' })).toBe(1);
  });

  it("count a guest's repair requests: sent once for a replayed key, failed without a confirmed e-mail", async () => {
    t.cookies.clear();
    await t.request('/ajax/user/data');
    const email = uniqueEmail('guest');
    const guestRequest = (address: string) => ({
      contact: { name: 'Анна', surname: 'Смирнова', phone: '+7 (916) 123-45-67', email: address },
      address: { ...fullRepairRequest().address, company: 'Клиника' },
      instruments: [{ serial_number: 'SN-100', type: 1, description: 'Не вращается головка' }],
      approval_policy: true,
      approval_loyalty: true,
    });
    const send = (json: unknown, key = randomUUID()) =>
      t.request('/ajax/guest/repair-requests', { method: 'POST', json, headers: { [IDEMPOTENCY_HEADER]: key } });
    const before = await scrape();
    expect((await send(guestRequest(uniqueEmail('unconfirmed')))).status).toBe(422);
    expect((await t.request('/ajax/guest/send-code', { method: 'POST', json: { email } })).status).toBe(200);
    const code = await mailedCode(t, email);
    expect((await t.request('/ajax/guest/confirm', { method: 'POST', json: { email, code } })).status).toBe(200);
    const key = randomUUID();
    expect((await send(guestRequest(email), key)).status).toBe(200);
    expect((await send(guestRequest(email), key)).status).toBe(200);
    const after = await scrape();
    expect(grew(before, after, 'portal_repair_requests_total', { who: 'guest', outcome: 'sent' })).toBe(1);
    expect(grew(before, after, 'portal_repair_requests_total', { who: 'guest', outcome: 'failed' })).toBe(1);
  });

  it("count the repair requests a page reports the server never answered (portal.md §8), as the page's", async () => {
    const before = await scrape();
    const report = (message: string) =>
      t.request('/ajax/client-errors', { method: 'POST', json: { source: 'repair-request', message } });
    expect((await report(repairRequestFailureMessage(0))).status).toBe(200);
    expect((await report(repairRequestFailureMessage(502))).status).toBe(200);
    expect((await report('Repair request not sent: whatever the page says')).status).toBe(200);
    const after = await scrape();
    const failed = (reason: string) => ({ who: 'page', outcome: 'failed', reason });
    expect(grew(before, after, 'portal_repair_requests_total', failed('no_answer'))).toBe(1);
    expect(grew(before, after, 'portal_repair_requests_total', failed('server_error'))).toBe(1);
    // A message of another form is logged as a report, never a label of its own.
    expect(grew(before, after, 'portal_client_error_reports_total', { source: 'repair-request' })).toBe(3);
  });

  it('show mail waiting, then sent; the newest event and the back office reading up to it', async () => {
    t.cookies.clear();
    await t.request('/ajax/user/data');
    const form = registrationForm(uniqueEmail('metrics'));
    expect((await t.request('/ajax/register/send-code', { method: 'POST', json: form })).status).toBe(200);
    const waiting = await scrape();
    expect(valueOf(waiting, 'portal_deliveries_waiting', { channel: 'email' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(waiting, 'portal_deliveries_oldest_waiting_seconds', { channel: 'email' })).toBeGreaterThanOrEqual(
      0,
    );
    expect(await t.outbox.deliver()).toBeGreaterThanOrEqual(1);
    const delivered = await scrape();
    expect(valueOf(delivered, 'portal_deliveries_waiting', { channel: 'email' })).toBe(0);
    expect(
      grew(waiting, delivered, 'portal_deliveries_total', { channel: 'email', outcome: 'sent' }),
    ).toBeGreaterThanOrEqual(1);

    const newest = valueOf(delivered, 'portal_events_newest_id');
    expect(newest).toBeGreaterThan(0);
    expect((await t.integration('/events?limit=1000')).status).toBe(200);
    const read = await scrape();
    expect(valueOf(read, 'portal_event_feed_last_read_id')).toBe(newest);
    expect(read.some((sample) => sample.name === 'portal_event_feed_last_read_age_seconds')).toBe(true);
  });

  it('report the pool, and the last backup once the hook is called', async () => {
    const before = await scrape();
    expect(valueOf(before, 'portal_db_pool_size')).toBeGreaterThanOrEqual(1);
    expect(before.some((sample) => sample.name === 'portal_db_pool_waits_total')).toBe(true);
    setLastBackupAt(new Date(t.deps.now().getTime() - 3_600_000));
    const after = await scrape();
    expect(valueOf(after, 'portal_backup_age_seconds')).toBeGreaterThanOrEqual(3600);
  });
});
