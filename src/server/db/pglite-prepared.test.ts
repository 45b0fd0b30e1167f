import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from './pglite-prepared.ts';

// The named-statement path must answer exactly as PGlite's own `query` does: drizzle reads both.

describe('preparedQuery', () => {
  const client = new PGlite();
  const query = preparedQuery(client);
  const countStatements = async () =>
    (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    await client.exec(
      `create table items (id serial primary key, name text not null unique, at timestamptz, tags int[])`,
    );
  });
  afterAll(() => client.close());

  it('gives the rows, fields and counts PGlite gives, in both row modes and with a caller’s parsers', async () => {
    const insert = 'insert into items (name, at, tags) values ($1, $2, $3), ($4, $5, $6) returning id, name, at, tags';
    const params = ['a', new Date('2026-01-02T03:04:05Z'), [1, 2], 'Бор «Ø» 🦷', null, []];
    const ours = await query(insert, params);
    await client.query('delete from items');
    await client.query("select setval('items_id_seq', 1, false)");
    const theirs = await client.query(insert, params);
    expect(ours).toEqual(theirs);
    expect(ours.affectedRows).toBe(2);

    const select = 'select id, name, at, tags from items where name = any($1) order by id';
    const options = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (text: string) => `raw ${text}` } };
    const ourRows = await query(select, [['a', 'Бор «Ø» 🦷']], options);
    expect(ourRows).toEqual(await client.query(select, [['a', 'Бор «Ø» 🦷']], options));
    expect(ourRows.rows[1]).toEqual([2, 'Бор «Ø» 🦷', null, []]);
    expect(ourRows.rows[0]).toEqual([1, 'a', 'raw 2026-01-02 03:04:05+00', [1, 2]]);

    const update = await query('update items set name = name where id > $1', [0]);
    expect(update).toEqual(await client.query('update items set name = name where id > $1', [0]));
  });

  it('reads a reply larger than one chunk of PGlite’s output', async () => {
    const big = "select n, repeat('ж', 50) || n as text, null::int as nothing from generate_series(1, $1::int) as n";
    const ours = await query(big, [20_000]);
    expect(ours.rows).toHaveLength(20_000);
    expect(ours).toEqual(await client.query(big, [20_000]));
  });

  it('parses a text once and then only binds it', async () => {
    const before = await countStatements();
    for (let i = 0; i < 3; i += 1) await query('select $1::int + 1 as next', [i]);
    expect(await countStatements()).toBe(before + 1);
    expect((await query('select $1::int + 1 as next', [41])).rows).toEqual([{ next: 42 }]);
  });

  it('throws PostgreSQL’s error with the query attached, and the next call still works', async () => {
    const error = await query('insert into items (name) values ($1)', ['a']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: 'insert into items (name) values ($1)', params: ['a'] });
    // Every field PGlite's own query gives its error (message, severity, table, constraint, detail…).
    const theirs = await client.query('insert into items (name) values ($1)', ['a']).catch((e: unknown) => e);
    const fields = ['message', 'severity', 'code', 'detail', 'table', 'constraint', 'schema', 'routine'];
    const fieldsOf = (e: unknown) => Object.fromEntries(fields.map((f) => [f, (e as Record<string, unknown>)[f]]));
    expect(fieldsOf(error)).toEqual(fieldsOf(theirs));
    expect((error as { constraint?: string }).constraint).toBeTruthy();
    await expect(query('select nonsense from nowhere', [])).rejects.toMatchObject({ code: '42P01' });
    expect((await query('select count(*)::int as n from items', [])).rows).toEqual([{ n: 2 }]);
  });

  it('parses a kept statement anew when its table changed under it', async () => {
    const text = 'select * from items order by id limit 1';
    expect(Object.keys((await query(text, [])).rows[0]!)).toEqual(['id', 'name', 'at', 'tags']);
    await client.exec('alter table items add column note text');
    expect(Object.keys((await query(text, [])).rows[0]!)).toEqual(['id', 'name', 'at', 'tags', 'note']);
  });

  it('waits for a transaction in progress, as PGlite’s query does', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into items (name) values ('in tx')");
      inside();
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('transaction');
    });
    await entered;
    const rows = await query("select count(*)::int as n from items where name = 'in tx'", []).then((r) => {
      order.push('query');
      return r.rows;
    });
    await transaction;
    expect(order).toEqual(['transaction', 'query']);
    expect(rows).toEqual([{ n: 1 }]);
  });
});
