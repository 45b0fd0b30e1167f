import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { takingTurns, turnTaker } from './pglite-turns.ts';

describe('turnTaker', () => {
  it('runs work first come, first served, one at a time, with the event loop polled between turns', async () => {
    const inTurn = turnTaker();
    const log: string[] = [];
    let running = 0;
    const work = (name: string) =>
      inTurn(async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        // What arrives from the outside while a turn runs (a new connection, a new request) is a macrotask.
        setImmediate(() => log.push(`io after ${name}`));
        await Promise.resolve();
        log.push(`end ${name}`);
        running -= 1;
        return name;
      });

    expect(await Promise.all([work('a'), work('b'), work('c')])).toEqual(['a', 'b', 'c']);
    await new Promise((polled) => setImmediate(polled));
    expect(log).toEqual([
      'start a',
      'end a',
      'io after a',
      'start b',
      'end b',
      'io after b',
      'start c',
      'end c',
      'io after c',
    ]);
  });

  it('passes the turn on when the work fails', async () => {
    const inTurn = turnTaker();
    await expect(inTurn(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await inTurn(async () => 'next')).toBe('next');
  });
});

describe('takingTurns', () => {
  const raw = new PGlite();
  const client = takingTurns(raw);
  afterAll(() => raw.close());

  it('queries, and runs a transaction as one turn whose own statements do not wait for it', async () => {
    await client.exec('create table t (n int)');
    const inserted = client.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
      await tx.query('insert into t values (2)');
      return (await tx.query<{ count: number }>('select count(*)::int as count from t')).rows[0]?.count;
    });
    const afterwards = client.query<{ count: number }>('select count(*)::int as count from t');
    expect(await inserted).toBe(2);
    expect((await afterwards).rows[0]?.count).toBe(2);
  });

  it('leaves everything else of PGlite as it is', async () => {
    expect(client.closed).toBe(false);
    expect(typeof client.waitReady).toBe('object');
  });
});

describe('takingTurns with session settings', () => {
  it('applies them before any statement, and fails every call when they fail', async () => {
    const raw = new PGlite();
    try {
      const client = takingTurns(raw, 'set enable_bitmapscan = off');
      const shown = await client.query<{ enable_bitmapscan: string }>('show enable_bitmapscan');
      expect(shown.rows).toEqual([{ enable_bitmapscan: 'off' }]);
      const broken = takingTurns(raw, 'set no_such_setting = 1');
      await expect(broken.query('select 1')).rejects.toMatchObject({ code: '42704' });
      await expect(broken.exec('select 1')).rejects.toMatchObject({ code: '42704' });
    } finally {
      await raw.close();
    }
  });
});
