// A PostgreSQL database of a test file's own, made before its tests and dropped after, with a data
// folder its server processes share (the keys made there must be the same for every process).
// TEST_DATABASE_URL unset (the PGlite run): nothing is made, and `available` is false.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { killServers } from './server-process.ts';

export interface ScratchPostgres {
  readonly available: boolean;
  /** The database's URL, once `beforeAll` has made it. */
  readonly url: string;
  readonly dataDir: string;
}

export function scratchPostgresForThisFile(prefix: string): ScratchPostgres {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-test-`));
  const name = `${prefix.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const scratch = { available: Boolean(adminUrl), url: '', dataDir };
  const asAdmin = async (sql: string) => {
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(sql).finally(() => admin.end({ timeout: 5 }));
  };

  beforeAll(async () => {
    if (!adminUrl) return;
    await asAdmin(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    scratch.url = url.href;
  });
  afterAll(async () => {
    killServers();
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await asAdmin(`drop database if exists "${name}" with (force)`);
  });
  return scratch;
}
