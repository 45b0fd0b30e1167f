// Global setup of the 'server' test project: the database schema is migrated once for the whole run,
// into a PGlite data-directory dump that every test app copies (about 0.3 s) instead of creating and
// migrating a cluster of its own (about 1.5 s). Against PostgreSQL (TEST_DATABASE_URL) each test app
// migrates its own database as before.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite dump (a tar file); empty when the tests run on PostgreSQL. */
    migratedPgliteDump: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('migratedPgliteDump', '');
    return () => {};
  }
  const template = await PGlite.create();
  await pgliteDatabase(template).migrate();
  const dump = await template.dumpDataDir('none');
  await template.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
