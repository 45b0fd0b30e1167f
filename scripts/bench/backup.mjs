// `npm run bench -- --only-backup` (and a part of the full run): `npm run backup` of the running
// embedded portal and `npm run restore` into a fresh DATA_DIR, with the demo data and with 100 000
// tickets, and the worst tickets-list latency while the backup runs against the same list without
// one (the budget: no request more than 200 ms slower because of a backup).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LIST_PATH, topUpPglite } from './api.mjs';
import { login, startServer } from './server.mjs';

/** Clients asking for the list one request after another while a backup runs, as a clinic's staff would. */
const PROBES = 4;
const BASELINE_MS = 3000;
export const BACKUP_BUDGET_MS = 200;

/** Runs `npm run <command> -- …` through tsx as an operator would; resolves with its output and wall time. */
function dataCommand(root, dataDir, args) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/server/data-cli.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BACKUP_KEY: '', FILES_DIR: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.once('exit', (code) =>
      code === 0 ? resolve({ ms: Date.now() - started, text }) : reject(new Error(`${args[0]} failed: ${text}`)),
    );
  });
}

/** List requests from PROBES clients until `stop()`; the latencies seen. */
function probe(url, cookieHeader) {
  const latencies = [];
  let going = true;
  const client = async () => {
    while (going) {
      const started = performance.now();
      const res = await fetch(`${url}${LIST_PATH}`, { headers: { cookie: cookieHeader } });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  };
  const clients = Array.from({ length: PROBES }, client);
  return {
    async stop() {
      going = false;
      await Promise.all(clients);
      const sorted = [...latencies].sort((a, b) => a - b);
      return { count: sorted.length, max: sorted.at(-1) ?? 0, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0 };
    },
  };
}

async function measure(root, label, tickets, log) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-backup-'));
  const restoredDir = `${dataDir}-restored`;
  const archive = path.join(os.tmpdir(), `${path.basename(dataDir)}.tar.gz`);
  let server = await startServer({ root, dataDir });
  try {
    if (tickets) {
      await server.stop();
      await topUpPglite(dataDir, tickets);
      server = await startServer({ root, dataDir });
    }
    const { cookieHeader } = await login(server.url);
    const quiet = probe(server.url, cookieHeader);
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    const baseline = await quiet.stop();
    const busy = probe(server.url, cookieHeader);
    const backup = await dataCommand(root, dataDir, ['backup', archive]);
    const during = await busy.stop();
    await server.stop();
    const restore = await dataCommand(root, restoredDir, ['restore', archive]);
    const row = {
      label,
      backupMs: backup.ms,
      restoreMs: restore.ms,
      bytes: (await stat(archive)).size,
      rows: Number(/Строк: (\d+)/.exec(backup.text)?.[1] ?? 0),
      baseline,
      during,
    };
    log(`backup ${label}: ${JSON.stringify(row)}`);
    return row;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(restoredDir, { recursive: true, force: true });
    await rm(archive, { force: true });
  }
}

export async function backupBench(root, log) {
  return [await measure(root, 'demo data', 0, log), await measure(root, '100 000 tickets', 100_000, log)];
}

/** The table rows of the bench report. */
export function backupRows(rows) {
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const out = [];
  for (const row of rows) {
    if (row.error) {
      out.push(`| backup and restore | not measured: ${row.error} | | |`);
      continue;
    }
    out.push(
      `| \`npm run backup\` of the running embedded portal, ${row.label} (${row.rows} rows, archive ${(row.bytes / 1024 / 1024).toFixed(1)} MB) | ${s(row.backupMs)} | | |`,
      `| \`npm run restore\` into an empty DATA_DIR, ${row.label} | ${s(row.restoreMs)} | | |`,
    );
    const extra = row.during.max - row.baseline.max;
    out.push(
      `| worst list request during that backup (${PROBES} clients, ${row.during.count} requests; without a backup: max ${Math.round(row.baseline.max)} ms, p99 ${Math.round(row.baseline.p99)} ms) | max ${Math.round(row.during.max)} ms, p99 ${Math.round(row.during.p99)} ms (+${Math.round(extra)} ms) | ≤ +${BACKUP_BUDGET_MS} ms | ${extra <= BACKUP_BUDGET_MS ? 'ok' : 'over'} |`,
    );
  }
  return out;
}
