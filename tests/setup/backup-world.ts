// A clinic that keeps writing while a backup runs (repair requests with photos, decisions on quotes),
// and the readers the backup tests compare databases and file stores with.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDEMPOTENCY_HEADER } from '../../src/shared/api/headers.ts';
import { encodePng } from '../../src/server/lib/png.ts';
import { withSnapshot, type Source, type SqlRunner } from '../../src/server/backup/sql-runner.ts';
import { tableLines, tablesInLoadOrder } from '../../src/server/backup/tables.ts';
import type { FileStore } from '../../src/server/storage/file-store.ts';
import { insertAccount, loginAs } from './accounts.ts';
import { insertOffice } from './cabinet-world.ts';
import { decide, insertStatement, insertTicket, paths, seenQuotes } from './decisions-world.ts';
import { fullRepairRequest } from './repair-request.ts';
import type { TestApp } from './test-app.ts';

/** Wednesday 2026-03-04, 12:00 in Moscow: the repair request's pickup day is the next one. */
export const BACKUP_TEST_NOW = '2026-03-04T09:00:00Z';

/** A clinic with a ticket, logged in; `existing` logs an account made before in again (a moved portal). */
export async function writingClinic(
  t: TestApp,
  existing?: { account: Awaited<ReturnType<typeof insertAccount>>; ticketId: number },
) {
  if (!existing) await insertOffice(t, 1);
  const account = existing?.account ?? (await insertAccount(t));
  if ((await loginAs(t, account.email, account.password)).status !== 200) throw new Error('login failed');
  const ticketId = existing?.ticketId ?? (await insertTicket(t, account.id));
  let counter = 0;

  /** One repair request with a photo of its own bytes, and one approved quote. */
  async function writeOnce(): Promise<void> {
    counter += 1;
    const body = new FormData();
    body.set('request', JSON.stringify(fullRepairRequest()));
    const photo = encodePng(3, 3, new Uint8Array(27).fill(counter % 251), 3);
    body.append('photo', new Blob([photo as Uint8Array<ArrayBuffer>]), `фото-${counter}.png`);
    const sent = await t.request('/ajax/repair-requests/with-photos', {
      method: 'POST',
      body,
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    if (sent.status !== 200) throw new Error(`repair request: ${sent.status} ${await sent.text()}`);
    const quote = await insertStatement(t, ticketId);
    const decided = await decide(t, paths.approve, { ticket_id: ticketId, defects: seenQuotes([quote.id, 1]) });
    if (decided.status !== 200) throw new Error(`decision: ${decided.status} ${await decided.text()}`);
  }

  /** Writes until `stop` is called; resolves with how many rounds were written. */
  function keepWriting(): { stop(): Promise<number> } {
    let going = true;
    let rounds = 0;
    const loop = (async () => {
      while (going) {
        await writeOnce();
        rounds += 1;
      }
    })();
    return {
      async stop() {
        going = false;
        await loop;
        return rounds;
      },
    };
  }

  return { account, ticketId, writeOnce, keepWriting };
}

/** Every public table's rows as PostgreSQL prints them, in primary-key order. */
export async function everyRow(sql: SqlRunner): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  for (const table of await tablesInLoadOrder(sql)) {
    const rows: string[] = [];
    for await (const line of tableLines(sql, table)) rows.push(line);
    contents[table] = rows;
  }
  return contents;
}

export const rowsOf = (source: Source) => withSnapshot(source, everyRow);

/** The SHA-256 of every stored file the rows name, read back from the store. */
export async function storedDigests(store: FileStore, keys: string[]): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const key of keys) {
    const hash = createHash('sha256');
    for await (const chunk of await store.open(key)) hash.update(chunk as Buffer);
    digests[key] = hash.digest('hex');
  }
  return digests;
}

/** The storage keys in the `files` rows of a table dump. */
export const storageKeys = (rows: Record<string, string[]>) =>
  (rows.files ?? [])
    .map((line) => (JSON.parse(line) as { storage_key: string | null }).storage_key)
    .filter((key): key is string => key !== null);

export const scratchFolder = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));
