// `npm run bench -- --million`: the list, each of its filters, the number search and the integration
// event feed at 1 000 and at 1 000 000 tickets (and events), on PostgreSQL. The top-up is one
// INSERT … SELECT generate_series per table, so 1 M rows take seconds, not minutes. Never part of
// `npm test`. The goal: each query at 1 M rows ≥ 0.9× its throughput at 1 k.
import postgres from 'postgres';
import { cannon, settle, topUp } from './api.mjs';
import { DEMO, login } from './server.mjs';

/** The back office's token on the bench's servers: the event-feed rows here, the offline replay's clinic (run.mjs). */
export const BENCH_TOKEN = 'bench-integration-token-0123456789';

/** Events until the feed has `total`, one INSERT … SELECT generate_series, as the back office would read them. */
async function topUpEvents(sql, total) {
  const [{ n }] = await sql`select count(*)::int as n from events`;
  if (total > n) {
    const [{ id }] = await sql`select id from clients where lower(email) = lower(${DEMO.email})`;
    await sql.unsafe(
      `insert into events (type, client_id, payload, created_at)
       select 'ticket.updated', $1, jsonb_build_object('n', g), now() - make_interval(secs => g)
       from generate_series(1, $2::int) as g`,
      [id, total - n],
    );
    await settle((text) => sql.unsafe(text), 'events');
  }
  const [{ n: after }] = await sql`select count(*)::int as n from events`;
  return after;
}

/** The query strings measured, chosen from the data at this size so each finds rows. */
async function queries(sql) {
  const [{ id: clientId }] = await sql`select id from clients where lower(email) = lower(${DEMO.email})`;
  // The ticket in the middle of the clinic's list: its number found by the number search.
  const [{ n }] = await sql`select count(*)::int as n from tickets where client_id = ${clientId}`;
  const [middle] = await sql`select id from tickets where client_id = ${clientId}
    order by created_at desc, id desc offset ${Math.floor(n / 2)} limit 1`;
  const [{ after }] = await sql`select coalesce(max(id) / 2, 0)::bigint as after from events`;
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: 'list', path: '/ajax/cabinet/tickets?limit=50' },
    { name: 'status filter', path: '/ajax/cabinet/tickets?limit=50&status=3' },
    { name: 'date filter (last 7 days)', path: `/ajax/cabinet/tickets?limit=50&date_from=${day(7)}&date_to=${day(0)}` },
    { name: 'number search', path: `/ajax/cabinet/tickets?limit=50&number=${middle.id}` },
    { name: 'event feed (100 after the middle)', path: `/api/v1/events?after=${after}&limit=100`, integration: true },
  ];
}

async function measure(server, sql, duration, connections) {
  const { cookieHeader } = await login(server.url);
  const results = [];
  for (const q of await queries(sql)) {
    const headers = q.integration ? { authorization: `Bearer ${BENCH_TOKEN}` } : { cookie: cookieHeader };
    const url = `${server.url}${q.path}`;
    await cannon(url, { headers, duration: 2, connections });
    results.push({ ...q, figures: await cannon(url, { headers, duration, connections }) });
  }
  return results;
}

/** Runs on a server already started on `databaseUrl` (with INTEGRATION_TOKENS=BENCH_TOKEN). */
export async function scaleRuns({ server, databaseUrl, duration, connections, log }) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const sizes = [];
  try {
    for (const total of [1_000, 1_000_000]) {
      const started = Date.now();
      const tickets = await topUp((text, params) => sql.unsafe(text, params ?? []), total);
      const events = await topUpEvents(sql, total);
      log(`top-up to ${total} tickets and events: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      sizes.push({ tickets, events, results: await measure(server, sql, duration, connections) });
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return sizes;
}

export function scaleRows(label, sizes) {
  if (sizes.error) return [`| 1 k → 1 M rows, ${label} | n/a: ${sizes.error} | each ≥ 0.9× | n/a |`];
  const [small, big] = sizes;
  return small.results.map((q, i) => {
    const a = q.figures;
    const b = big.results[i].figures;
    const ratio = b.rps / a.rps;
    const bad = a.non2xx + a.errors + b.non2xx + b.errors;
    return (
      `| ${q.name}, ${label}: ${small.tickets.toLocaleString('en')} → ${big.tickets.toLocaleString('en')} tickets, ` +
      `${small.events.toLocaleString('en')} → ${big.events.toLocaleString('en')} events | ` +
      `${a.rps.toFixed(0)} → ${b.rps.toFixed(0)} req/s, p99 ${a.p99} → ${b.p99} ms${bad ? `, ${bad} non-2xx/errors` : ''} | ≥ 0.9× | ` +
      `${ratio.toFixed(2)}× ${ratio >= 0.9 ? 'pass' : 'FAIL'} |`
    );
  });
}
