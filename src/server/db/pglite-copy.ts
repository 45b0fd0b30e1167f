import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

// A consistent copy of an on-disk PGlite data directory that holds the connection only briefly
// (ADR 0044): the files are copied first while requests go on (a fuzzy copy), then, in one turn of
// the connection after a checkpoint, only the files that changed since are copied again. Between
// writes that is the WAL segment and the few relations written; dumpDataDir took all 42 MB in the turn.

type Seen = Map<string, { size: number; mtimeMs: number }>;

/** Copies `from` into `into`, remembering each file's size and time as it was before its copy. */
async function copyTree(from: string, into: string, seen: Seen): Promise<void> {
  await mkdir(into, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(into, entry.name);
    if (entry.isDirectory()) await copyTree(source, target, seen);
    else if (entry.isFile()) {
      const info = await stat(source);
      seen.set(source, { size: info.size, mtimeMs: info.mtimeMs });
      await copyFile(source, target);
    }
  }
}

/** Copies again what changed or appeared since `seen` was taken (run while nothing writes). */
async function catchUp(from: string, into: string, seen: Seen): Promise<void> {
  await mkdir(into, { recursive: true });
  const present = new Set(await readdir(into));
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(into, entry.name);
    present.delete(entry.name);
    if (entry.isDirectory()) await catchUp(source, target, seen);
    else if (entry.isFile()) {
      const info = await stat(source);
      const before = seen.get(source);
      if (!before || before.size !== info.size || before.mtimeMs !== info.mtimeMs) await copyFile(source, target);
    }
  }
  // Files Postgres removed meanwhile (a dropped relation, a recycled WAL segment) go from the copy too.
  for (const name of present) await rm(path.join(into, name), { recursive: true, force: true });
}

/**
 * `alone` runs work in a turn of the connection with nothing else running; `checkpoint` writes every
 * change into the data files. The copy in `into` opens as the database was at the end of that turn.
 */
export async function copyDataDirectory(
  dir: string,
  into: string,
  alone: <T>(work: () => Promise<T>) => Promise<T>,
  checkpoint: () => Promise<unknown>,
): Promise<void> {
  const seen: Seen = new Map();
  // A checkpoint of its own first: the pages it writes (a start's seeding, a burst of requests) then
  // go into the copy made while requests go on, not into the turn's second pass.
  await alone(checkpoint);
  await copyTree(dir, into, seen);
  await alone(async () => {
    await checkpoint();
    await catchUp(dir, into, seen);
  });
}
