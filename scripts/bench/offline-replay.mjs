// The outbox's replay (ADR 0010) at scale: a clinic with one ticket of DECISIONS statements opens it
// in Chromium under the service worker, goes offline, and approves each statement (the page's own
// POST, through the worker, which keeps it and answers 202). Then the network comes back and the
// bench watches the server's event feed (the integration API, as the back office reads it): the time
// from going online until the last approval is recorded, and whether each statement was approved
// exactly once (a few seconds more are watched for late duplicates). A measurement, not a test.
import { randomUUID } from 'node:crypto';
import { launch, PHONE } from './browser.mjs';
import { login } from './server.mjs';

export const DECISIONS = 100;
/** How long after going online the bench waits for the last approval before giving up. */
const REPLAY_TIMEOUT_MS = 120_000;
/** How long it keeps watching after the last one for a second approval of anything. */
const DUPLICATE_WATCH_MS = 3_000;

/** The bench's phone, with the service worker that queues the offline approvals. */
const PHONE_WITH_WORKER = { ...PHONE, serviceWorkers: 'allow' };

/** The back office: a call of the integration API with its token (fails on any non-2xx). */
export function backOffice(url, token) {
  return async (path, { method = 'GET', json } = {}) => {
    const response = await fetch(`${url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /api/v1${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** The world: a clinic that can log in, one ticket awaiting decisions on DECISIONS statements. */
async function world(call) {
  const password = 'replay-password-2026';
  const email = `replay-${Date.now()}@clinic.test`;
  const client = await call('/clients', {
    method: 'POST',
    json: { email, name: 'Ольга', surname: 'Кузнецова', phone: '79161234567', company: 'Клиника', password },
  });
  const instruments = Array.from({ length: DECISIONS }, (_, i) => ({
    serial_number: `REPLAY-${i + 1}`,
    type: 1,
    status: 2,
  }));
  const ticket = await call('/tickets', { method: 'POST', json: { client_id: client.id, status: 5, instruments } });
  const defects = [];
  for (let i = 0; i < DECISIONS; i += 1) {
    const quote = { series: `REPLAY-${i + 1}`, type: 1, name: `Наконечник №${i + 1}`, defect: 'Люфт ротора' };
    const { id, version } = await call(`/tickets/${ticket.id}/defects`, {
      method: 'POST',
      json: { ...quote, sum: '1000.00', status: 1 },
    });
    defects.push({ id, version });
  }
  return { email, password, ticket, defects };
}

/** Every event after `after`, page by page. */
async function eventsAfter(call, after) {
  const events = [];
  let next = after;
  for (;;) {
    const page = await call(`/events?after=${next}&limit=1000`);
    events.push(...page.events);
    if (page.events.length === 0) return { events, next: page.next };
    next = page.next;
  }
}

export async function offlineReplay(url, token) {
  const call = backOffice(url, token);
  const { email, password, ticket, defects } = await world(call);
  const { next: start } = await eventsAfter(call, 0);
  const session = await login(url, { email, password });
  const browser = await launch();
  try {
    const context = await browser.newContext(PHONE_WITH_WORKER);
    await context.addCookies(session.cookies);
    const page = await context.newPage();
    // Under the worker's control, as a clinic's second visit is.
    await page.goto(`${url}/cabinet/tickets/${ticket.id}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const { csrf_token: csrf } = await page.evaluate(() => fetch('/ajax/user/data').then((r) => r.json()));

    await context.setOffline(true);
    const answers = await page.evaluate(
      async ({ ticketId, defects, csrf, keys }) => {
        const statuses = [];
        for (const [i, defect] of defects.entries()) {
          const response = await fetch('/ajax/cabinet/defects/approve', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'X-CSRF-Token': csrf, 'Idempotency-Key': keys[i] },
            body: JSON.stringify({ ticket_id: ticketId, defects: [defect] }),
          });
          const body = await response.json();
          statuses.push(response.status === 202 && body.queued === true ? 'queued' : `${response.status}`);
        }
        return statuses;
      },
      { ticketId: ticket.id, defects, csrf, keys: defects.map(() => randomUUID()) },
    );
    const queued = answers.filter((a) => a === 'queued').length;
    if (queued !== DECISIONS) throw new Error(`only ${queued} of ${DECISIONS} were kept offline: ${answers.join(',')}`);

    const ids = new Set(defects.map((d) => d.id));
    const approvals = async () =>
      (await eventsAfter(call, start)).events.filter(
        (e) => e.type === 'defect.approved' && ids.has(e.payload.defect_id),
      );
    const online = Date.now();
    await context.setOffline(false);
    let seen = [];
    let lastAt = null;
    while (Date.now() - online < REPLAY_TIMEOUT_MS) {
      seen = await approvals();
      if (new Set(seen.map((e) => e.payload.defect_id)).size === DECISIONS) {
        lastAt = Date.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, DUPLICATE_WATCH_MS));
    seen = await approvals();
    const perDefect = new Map();
    for (const e of seen) perDefect.set(e.payload.defect_id, (perDefect.get(e.payload.defect_id) ?? 0) + 1);
    const once = [...ids].filter((id) => perDefect.get(id) === 1).length;
    const twice = [...perDefect.values()].filter((n) => n > 1).length;
    // The server's own record of each statement, as the clinic reads it: approved (agreed 1, status 2).
    const answer = await fetch(`${url}/ajax/cabinet/tickets/${ticket.id}`, {
      headers: { cookie: session.cookieHeader },
    });
    const statements = (await answer.json()).ticket?.defective_lists ?? [];
    const approvedStatus = statements.filter((d) => ids.has(d.id) && d.agreed === 1 && d.status === 2).length;
    await context.close();
    return {
      decisions: DECISIONS,
      ms: lastAt === null ? null : lastAt - online,
      appliedOnce: once,
      appliedMoreThanOnce: twice,
      approvedOnServer: approvedStatus,
    };
  } finally {
    await browser.close();
  }
}
