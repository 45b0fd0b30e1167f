import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '#server/storage/file-store.ts';
import { KEY_FILES } from '#server/lib/key-files.ts';
import { writeArchive, type EntryDigest } from './archive.ts';
import { FORMAT, FORMAT_VERSION, MANIFEST, type Manifest } from './manifest.ts';
import { readSnapshot } from './read-snapshot.ts';
import type { Source } from './sql-runner.ts';

export interface BackupSummary {
  file: string;
  bytes: number;
  ms: number;
  encrypted: boolean;
  migration: string;
  tables: Array<{ name: string; rows: number }>;
  files: { count: number; bytes: number };
  keys: string[];
}

export interface BackupOptions {
  source: Source;
  files: FileStore;
  dataDir: string;
  /** The archive to write (mode 0600). */
  file: string;
  /** BACKUP_KEY: seal the archive with AES-256-GCM. */
  key?: Buffer | undefined;
  now?: () => Date;
}

/**
 * The database's rows are read from one consistent snapshot into a staging folder beside the
 * archive; the archive is then written from there and from the file store, so the snapshot (on
 * PGlite a copy in memory) is let go before the slow part.
 */
export async function backupPortal(options: BackupOptions): Promise<BackupSummary> {
  const started = performance.now();
  const now = options.now ?? (() => new Date());
  await mkdir(path.dirname(options.file), { recursive: true });
  const staging = await mkdtemp(`${options.file}.staging-`);
  try {
    const snapshot = await readSnapshot(options.source, staging);
    const entries: Record<string, EntryDigest> = {};
    const keys: string[] = [];
    const { bytes } = await writeArchive(options.file, options.key, async (archive) => {
      for (const table of snapshot.tables) {
        const name = `db/${table.name}.jsonl`;
        entries[name] = await archive.add(
          name,
          await sizeOf(path.join(staging, name)),
          createReadStream(path.join(staging, name)),
        );
      }
      entries['db/sequences.json'] = await archive.add(
        'db/sequences.json',
        snapshot.sequences.length,
        Buffer.from(snapshot.sequences),
      );
      for (const file of snapshot.files) {
        const name = `files/${file.key}`;
        const digest = await archive.add(name, file.size, await options.files.open(file.key));
        if (digest.sha256 !== file.sha256)
          throw new Error(
            `the stored bytes of ${file.key} do not match the checksum in its row: the file store is damaged`,
          );
        entries[name] = digest;
      }
      for (const keyFile of KEY_FILES) {
        const bytes = await readFile(path.join(options.dataDir, keyFile)).catch(() => null);
        if (!bytes) continue;
        entries[`keys/${keyFile}`] = await archive.add(`keys/${keyFile}`, bytes.length, bytes);
        keys.push(keyFile);
      }
      const manifest: Manifest = {
        format: FORMAT,
        format_version: FORMAT_VERSION,
        created_at: now().toISOString(),
        source: snapshot.source,
        migrations: snapshot.level,
        tables: snapshot.tables,
        files: { count: snapshot.files.length, bytes: snapshot.files.reduce((sum, file) => sum + file.size, 0) },
        keys,
        entries,
      };
      const text = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
      await archive.add(MANIFEST, text.length, text);
    });
    return {
      file: options.file,
      bytes,
      ms: Math.round(performance.now() - started),
      encrypted: options.key !== undefined,
      migration: snapshot.level.last,
      tables: snapshot.tables,
      files: { count: snapshot.files.length, bytes: snapshot.files.reduce((sum, file) => sum + file.size, 0) },
      keys,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function sizeOf(file: string): Promise<number> {
  return (await stat(file)).size;
}
