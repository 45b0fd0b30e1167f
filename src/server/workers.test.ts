// Several server processes on one PostgreSQL (ADR 0032): what a browser or the back office relies on
// holds whichever process answers — the session, its CSRF token, an Idempotency-Key and the login
// throttle live in the database, not in a process. Then WORKERS=2 under node:cluster: both answer
// on one port, and SIGTERM stops them all with exit 0. PostgreSQL only (the embedded database is
// one process's): run with `npm run test:server:pg`.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { freePort } from '../../tests/setup/free-port.ts';
import { scratchPostgresForThisFile } from '../../tests/setup/scratch-postgres.ts';
import { listeningWorkers, logInDemo, start, waitForHealth, type Started } from '../../tests/setup/server-process.ts';
import { rateRules } from './services/rate-limit.ts';

const scratch = scratchPostgresForThisFile('workers');
/** A server on the scratch database sharing its data folder (so the keys made there are the same for every process). */
async function server(workers: number): Promise<Started & { base: string }> {
  const port = await freePort();
  const started = start({
    DATABASE_URL: scratch.url,
    DATA_DIR: scratch.dataDir,
    PORT: String(port),
    WORKERS: String(workers),
    SEED_DEMO: '1',
    SCRYPT_N: '1024',
  });
  await waitForHealth(port, started);
  return { ...started, base: `http://127.0.0.1:${port}` };
}

async function stop(started: Started): Promise<number | null> {
  started.child.kill('SIGTERM');
  return started.exited;
}

interface TicketPage {
  ticket: { id: number; defective_lists: Array<{ id: number; version: number; agreed: number; status: number }> };
}

describe.skipIf(!scratch.available)('several server processes on one PostgreSQL', () => {
  it('share sessions, CSRF tokens, idempotency keys and the login throttle', async () => {
    // One after the other: the first runs the migrations and seeds the demo clinic.
    const a = await server(1);
    const b = await server(1);

    // Logged in on A, the same cookie is a session on B.
    const cookie = await logInDemo(a.base);
    const listOnB = await fetch(`${b.base}/ajax/cabinet/tickets?limit=100`, { headers: { cookie } });
    expect(listOnB.status).toBe(200);
    const { data } = (await listOnB.json()) as { data: Array<{ id: number; dv_approve_need: boolean }> };
    const waiting = data.find((row) => row.dv_approve_need);
    expect(waiting).toBeDefined();

    // The CSRF token A hands out is the one B checks.
    const user = (await (await fetch(`${a.base}/ajax/user/data`, { headers: { cookie } })).json()) as {
      csrf_token: string;
    };
    const ticketAnswer = await fetch(`${b.base}/ajax/cabinet/tickets/${waiting!.id}`, { headers: { cookie } });
    const { ticket } = (await ticketAnswer.json()) as TicketPage;
    const open = ticket.defective_lists.find((statement) => statement.agreed === 0 && statement.status === 1);
    expect(open).toBeDefined();
    const key = `workers-${randomBytes(6).toString('hex')}`;
    const discuss = (base: string, csrf: string) =>
      fetch(`${base}/ajax/cabinet/defects/discuss`, {
        method: 'POST',
        headers: {
          cookie,
          origin: base,
          'content-type': 'application/json',
          'x-csrf-token': csrf,
          [IDEMPOTENCY_HEADER]: key,
        },
        body: JSON.stringify({
          ticket_id: ticket.id,
          defect: { id: open!.id, version: open!.version },
          comment: 'Уточните срок ремонта',
        }),
      });
    const historyLength = async (id: number) => {
      const answer = await fetch(`${a.base}/ajax/cabinet/history/tickets/${id}`, { headers: { cookie } });
      return ((await answer.json()) as { data: unknown[] }).data.length;
    };
    const linesBefore = await historyLength(ticket.id);
    expect((await discuss(b.base, 'not-the-token')).status).toBe(403);
    const first = await discuss(b.base, user.csrf_token);
    expect(first.status).toBe(200);
    const firstBody: unknown = await first.json();
    const linesAfterFirst = await historyLength(ticket.id);
    expect(linesAfterFirst).toBeGreaterThan(linesBefore);

    // The same Idempotency-Key on A: the answer B gave, and the decision is not made twice.
    const replay = await discuss(a.base, user.csrf_token);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(firstBody);
    expect(await historyLength(ticket.id)).toBe(linesAfterFirst);

    // Wrong passwords taking turns between A and B: the throttle counts them together. (Another
    // account than the demo clinic's, which the next test logs in to from this same address.)
    const guessedEmail = `nobody-${randomBytes(4).toString('hex')}@clinic.test`;
    const anonymous = await fetch(`${a.base}/ajax/user/data`);
    const anonymousCookie = anonymous.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { csrf_token: anonymousToken } = (await anonymous.json()) as { csrf_token: string };
    const guess = (base: string) =>
      fetch(`${base}/ajax/login`, {
        method: 'POST',
        headers: {
          cookie: anonymousCookie,
          origin: base,
          'content-type': 'application/json',
          'x-csrf-token': anonymousToken,
        },
        body: JSON.stringify({ email: guessedEmail, password: 'not-the-password' }),
      });
    const limit = rateRules.loginAccountIp.limit;
    for (let i = 0; i < limit; i += 1) expect((await guess(i % 2 === 0 ? a.base : b.base)).status).not.toBe(429);
    expect((await guess(a.base)).status).toBe(429);
    expect((await guess(b.base)).status).toBe(429);

    expect(await stop(a)).toBe(0);
    expect(await stop(b)).toBe(0);
  }, 240_000);

  it('WORKERS=2: two processes answer on one port, and SIGTERM stops them all with exit 0', async () => {
    const cluster = await server(2);
    // Both workers have started once the primary says so (the second starts after the first listens).
    const deadline = Date.now() + 90_000;
    while (!cluster.output().includes('"msg":"workers started"') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await listeningWorkers(cluster, 2, deadline)).toBe(2);
    const cookie = await logInDemo(cluster.base);
    for (let i = 0; i < 6; i += 1) {
      expect((await fetch(`${cluster.base}/ajax/cabinet/tickets`, { headers: { cookie } })).status).toBe(200);
    }
    expect(await stop(cluster)).toBe(0);
    expect(
      cluster
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"stopped"')),
    ).toHaveLength(3);
  }, 240_000);
});
