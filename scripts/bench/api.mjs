// The tickets-list API under load (autocannon) against a static JSON file of the same byte size
// served by the same server, and the SQL that tops the bench clinic up to N tickets.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { DEMO } from './server.mjs';

export const LIST_PATH = '/ajax/cabinet/tickets?limit=50';

/**
 * After a bulk load: vacuumed as well as analysed, and checkpointed. Measured right after it,
 * autovacuum's pass over the new rows, each first read setting their hint bits and the checkpoint
 * writing them out would be timed with the queries.
 */
export async function settle(query, table) {
  await query(`vacuum analyze ${table}`);
  await query('checkpoint');
}

/** Adds tickets for the demo clinic until it has `total`, in one INSERT … SELECT generate_series. */
export async function topUp(query, total) {
  const [{ id }] = await query(`select id from clients where lower(email) = lower($1)`, [DEMO.email]);
  const [{ n }] = await query(`select count(*)::int as n from tickets where client_id = $1`, [id]);
  const missing = total - n;
  if (missing > 0) {
    await query(
      `insert into tickets (client_id, author_id, status, finished, created_at)
       select $1, $1, g % 8, g % 8 = 7, now() - make_interval(mins => g)
       from generate_series(1, $2::int) as g`,
      [id, missing],
    );
    await settle(query, 'tickets');
  }
  const [{ n: after }] = await query(`select count(*)::int as n from tickets where client_id = $1`, [id]);
  return after;
}

/** PGlite is one process's: call with the server stopped (DATA_DIR lock). */
export async function topUpPglite(dataDir, total) {
  const db = await PGlite.create(path.join(dataDir, 'pg'));
  try {
    return await topUp(async (text, params) => (await db.query(text, params)).rows, total);
  } finally {
    await db.close();
  }
}

export async function topUpPostgres(url, total) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await topUp((text, params) => sql.unsafe(text, params ?? []), total);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Writes the list answer itself, byte for byte, under dist/client/bench/ for the static baseline. */
export async function writeStaticTwin(clientDir, url, cookieHeader, name) {
  const res = await fetch(`${url}${LIST_PATH}`, { headers: { cookie: cookieHeader } });
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${LIST_PATH}: ${res.status} ${body.toString().slice(0, 200)}`);
  const rows = JSON.parse(body.toString()).data?.length;
  await mkdir(path.join(clientDir, 'bench'), { recursive: true });
  await writeFile(path.join(clientDir, 'bench', `${name}.json`), body);
  return { staticPath: `/bench/${name}.json`, bytes: body.length, rows };
}

const summary = (result) => ({
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  total: result.requests.total,
  non2xx: result.non2xx,
  ok: result['2xx'],
  /** Status code → count beyond 2xx (autocannon's statusCodeStats), e.g. { 503: 120 }. */
  statuses: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stat]) => [code, stat.count]),
  ),
  errors: result.errors + result.timeouts,
  bytes: result.throughput.average,
});

/**
 * The same load from autocannon in a process of its own: at hundreds of connections the harness's
 * own work (the watcher, the server's log) would otherwise delay the client and show up as latency.
 */
export function cannonProcess(url, { headers = {}, duration, connections }) {
  const bin = fileURLToPath(new URL('../../node_modules/.bin/autocannon', import.meta.url));
  const args = [
    '-c',
    String(connections),
    '-d',
    String(duration),
    '-t',
    '10',
    '-j',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(summary(JSON.parse(out)));
      } catch {
        reject(new Error(`autocannon exited ${code} without a JSON result`));
      }
    });
  });
}

export function cannon(url, { headers = {}, duration, connections }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, timeout: 10 }, (error, result) => {
      if (error) return reject(error);
      resolve(summary(result));
    });
  });
}
