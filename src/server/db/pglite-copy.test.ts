import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';

// The on-disk PGlite's snapshot for a backup of the running portal: copied while writes go on, the
// copy opens as the database was at one moment — every committed write before it, none after.

const scratch = mkdtempSync(path.join(tmpdir(), 'pglite-copy-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the snapshot of an on-disk PGlite', () => {
  it('is consistent while inserts go on, and holds every insert committed before it', async () => {
    const database = await openPglite(path.join(scratch, 'pg'));
    await database.db.execute(sql`create table counted (id serial primary key, total int not null)`);
    await database.db.execute(sql`insert into counted (total) select g from generate_series(1, 5000) g`);
    let going = true;
    let committed = 0;
    // Each insert's total is the row count it saw: in a consistent copy they run 1, 2, 3… with no gap.
    const writer = (async () => {
      while (going) {
        await database.db.execute(sql`insert into counted (total) select count(*) + 1 from counted`);
        committed += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = committed;
    const copyDir = await database.snapshot!(path.join(scratch, 'copy'));
    going = false;
    await writer;
    expect(copyDir).toBe(path.join(scratch, 'copy'));

    const copy = await PGlite.create(copyDir as string);
    const { rows } = await copy.query<{ n: number; gaps: number }>(
      `select count(*)::int as n, count(*) filter (where total <> id)::int as gaps from counted`,
    );
    expect(rows[0]!.gaps).toBe(0);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(5000 + before);
    expect(rows[0]!.n).toBeLessThanOrEqual(5000 + committed);
    await copy.close();
    await database.close();
    // Thousands of writes race the copy: on a busy 2-core machine that takes more than the default 30 s.
  }, 120_000);
});
