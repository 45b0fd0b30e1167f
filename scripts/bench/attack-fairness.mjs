// One client must not starve the others (ADR 0040). One account hammering its list on 200
// connections (autocannon: no Retry-After honoured) made the single PGlite process answer another
// clinic's polls of its own list only 29 of 64 times. And a back office importing 20 tickets at
// once into a process that was not saturated got 503s. Target: the other clinic ≥ 95 % answered;
// the import, every ticket accepted.
import { randomUUID } from 'node:crypto';
import { cannonProcess, LIST_PATH } from './api.mjs';
import { statusCounts, underWatch } from './attack-watch.mjs';
import { BENCH_TOKEN } from './scale.mjs';
import { login } from './server.mjs';

const HAMMER = { duration: 10, connections: 200 };
/** The other clinic's page polls its list: one request at a time, this long apart. */
const POLL_EVERY_MS = 150;
const IMPORTS_AT_ONCE = 20;

/** A clinic of the back office's (POST /api/v1/clients), logged in like the page. */
async function otherClinic(url) {
  const email = `other-${randomUUID().slice(0, 8)}@clinic.test`;
  const password = 'other-clinic-password-1';
  const response = await fetch(`${url}/api/v1/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: 'Ольга', surname: 'Иванова', password }),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`creating the other clinic: ${response.status} ${JSON.stringify(body)}`);
  return { id: body.id, ...(await login(url, { email, password })) };
}

/** Polls `url` until `until()`; every answer's status (0 for an error or a 10 s timeout). */
async function poll(url, headers, until) {
  const statuses = [];
  while (!until()) {
    statuses.push(
      await fetch(url, { headers, signal: AbortSignal.timeout(10_000) })
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch(() => 0),
    );
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  return statuses;
}

/**
 * One account hammers the list while another clinic polls its own (the server needs
 * INTEGRATION_TOKENS=BENCH_TOKEN to open that clinic): how many of the polls were answered.
 */
export async function fairness(server) {
  const heavy = await login(server.url);
  const other = await otherClinic(server.url);
  const url = `${server.url}${LIST_PATH}`;
  let done = false;
  const hammer = cannonProcess(url, { headers: { cookie: heavy.cookieHeader }, ...HAMMER }).finally(
    () => (done = true),
  );
  const polls = await poll(url, { cookie: other.cookieHeader }, () => done);
  const { ok, statuses } = await hammer;
  return {
    answered: polls.filter((status) => status === 200).length,
    polls: polls.length,
    refused: polls.filter((status) => status === 503).length,
    heavyServed: ok,
    heavyRefused: statuses[503] ?? 0,
  };
}

/** The bench's row (run.mjs): the other clinic's polls answered, against the goal of 95 %. */
export function fairnessRow(label, r) {
  const what = `${HAMMER.connections} connections × ${HAMMER.duration} s of one account on ${LIST_PATH}, another clinic polling its own every ${POLL_EVERY_MS} ms, ${label}`;
  if (r.error) return `| ${what} | n/a: ${r.error} | ≥ 95 % answered | n/a |`;
  const percent = (100 * r.answered) / Math.max(r.polls, 1);
  return (
    `| ${what} | the other clinic: ${share(r.answered, r.polls)} answered, ${r.refused} refused; ` +
    `the account: ${r.heavyServed} served, ${r.heavyRefused} refused | ≥ 95 % answered | ${percent >= 95 ? 'pass' : 'FAIL'} |`
  );
}

const share = (part, whole) => `${part} of ${whole} (${((100 * part) / Math.max(whole, 1)).toFixed(1)} %)`;

export const fairnessAttacks = [
  {
    name: 'Fairness: one account at 200 connections on its list, another clinic polls its own',
    target: '≥ 95 % of the other clinic’s polls answered',
    // One process: fairness is each process's own (more processes only share the load).
    env: { INTEGRATION_TOKENS: BENCH_TOKEN, WORKERS: '1' },
    async run(server) {
      return underWatch(server, async () => {
        const r = await fairness(server);
        return {
          'other clinic answered': share(r.answered, r.polls),
          'other clinic refused': r.refused,
          'heavy account served': r.heavyServed,
          'heavy account refused': r.heavyRefused,
        };
      });
    },
  },
  {
    name: `Fairness: the back office imports ${IMPORTS_AT_ONCE} tickets at once into a quiet process`,
    target: `all ${IMPORTS_AT_ONCE} accepted (201)`,
    env: { INTEGRATION_TOKENS: BENCH_TOKEN, WORKERS: '1' },
    async run(server) {
      const { id } = await otherClinic(server.url);
      // The process has answered a little and then sat idle, as between two imports.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return underWatch(server, async () =>
        statusCounts(
          await Promise.all(
            Array.from({ length: IMPORTS_AT_ONCE }, (_, i) =>
              fetch(`${server.url}/api/v1/tickets`, {
                method: 'POST',
                headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' },
                body: JSON.stringify({
                  client_id: id,
                  status: 1,
                  instruments: [{ serial_number: `SN-${i}`, type: 1, description: 'Шумит', status: 1 }],
                }),
              }).then(async (response) => (await response.arrayBuffer(), response.status)),
            ),
          ),
        ),
      );
    },
  },
];
