// `npm run bench -- --attack`: replays the attack run's findings (ADR 0023, ADR 0025) against the built server
// and prints, per attack, what it did to everyone else. Each attack module exports a list of
// { name, target, run(server) } (and optionally `env`, settings its server starts with) — add new
// ones to ATTACKS. Run on a quiet machine: the figures are latencies.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { codeAttacks } from './attack-codes.mjs';
import { fairnessAttacks } from './attack-fairness.mjs';
import { fileAttacks } from './attack-files.mjs';
import { listAttacks } from './attack-list.mjs';
import { loginAttacks } from './attack-login.mjs';
import { pdfAttacks } from './attack-pdf.mjs';
import { pushAttacks } from './attack-push.mjs';
import { scryptAttacks } from './attack-scrypt.mjs';
import { startServer } from './server.mjs';

export const ATTACKS = [
  ...scryptAttacks,
  ...pdfAttacks,
  ...listAttacks,
  ...fairnessAttacks,
  ...pushAttacks,
  ...fileAttacks,
  ...loginAttacks,
  ...codeAttacks,
];

/** Starts a fresh server per attack (a clean database, no earlier throttles) and runs each. */
export async function runAttacks({ root, databaseUrl, attacks = ATTACKS, log = console.error, only }) {
  // `--only=a|b`: the attacks whose name contains any of these.
  if (only) attacks = attacks.filter((attack) => only.split('|').some((part) => attack.name.includes(part)));
  const rows = [];
  // One PostgreSQL database serves the whole run (seeded once), so its files must outlive each
  // attack's DATA_DIR too: the rows name bytes in this folder (ADR 0025).
  const filesDir = databaseUrl ? await mkdtemp(path.join(os.tmpdir(), 'portal-attack-files-')) : undefined;
  try {
    for (const attack of attacks) rows.push({ attack, figures: await runOne(attack) });
  } finally {
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  }
  return rows;

  async function runOne(attack) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-attack-'));
    // Started once to create and seed the database, then again on it, as a server restarts in
    // production: a first start on an empty PGlite directory (initdb) leaves ~200 MB more RSS
    // behind than any later start, and that is not what the attacks measure.
    await (await startServer({ root, dataDir, databaseUrl, env: attack.env, filesDir })).stop();
    const server = await startServer({ root, dataDir, databaseUrl, env: attack.env, filesDir });
    try {
      log(`[attack] ${attack.name}…`);
      return await attack.run(server);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

export function attackTable(rows, label) {
  const lines = [
    `### Attacks (${label})`,
    '',
    '| attack | answers | /healthz max | RSS before → max → after | took | target |',
    '|---|---|---|---|---|---|',
  ];
  for (const { attack, figures: f } of rows) {
    const answers = Object.entries(f.outcome)
      .map(([what, count]) => (/^\d+$/.test(what) ? `${count}×${what}` : `${what}: ${count}`))
      .join(', ');
    lines.push(
      `| ${attack.name} | ${answers} | ${f.healthzMaxMs} ms (${f.healthzCount} polls) | ${f.rssBeforeMb} → ${f.rssMaxMb} → ${f.rssAfterMb} MB | ${f.seconds} s | ${attack.target} |`,
    );
  }
  return lines.join('\n');
}
