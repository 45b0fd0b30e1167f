import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { ArchiveRefused, type EntryDigest } from './archive.ts';
import { knowsLevel } from './migrations.ts';

// manifest.json, the archive's last entry: what the archive holds and the checksum of every other
// entry. A restore believes nothing it unpacked until all of it matches this.

export const FORMAT = 'dental-portal-backup';
export const FORMAT_VERSION = 1;

const digest = v.object({
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
});

const manifestSchema = v.object({
  format: v.literal(FORMAT),
  format_version: v.literal(FORMAT_VERSION),
  created_at: v.string(),
  /** The database the backup was taken from. */
  source: v.picklist(['pglite', 'postgres']),
  migrations: v.object({ count: v.number(), last: v.string(), when: v.number() }),
  /** Tables in load order (parents first) with their row counts. */
  tables: v.array(v.object({ name: v.pipe(v.string(), v.regex(/^[a-z_][a-z0-9_]*$/)), rows: v.number() })),
  files: v.object({ count: v.number(), bytes: v.number() }),
  keys: v.array(v.string()),
  /** Every other entry of the archive: its size and SHA-256. */
  entries: v.record(v.string(), digest),
});

export type Manifest = v.InferOutput<typeof manifestSchema>;

export const MANIFEST = 'manifest.json';

/** Reads the unpacked manifest and checks every unpacked entry against it; throws ArchiveRefused in Russian and English. */
export async function checkedManifest(dir: string, digests: Map<string, EntryDigest>): Promise<Manifest> {
  if (!digests.has(MANIFEST))
    throw new ArchiveRefused(
      'В архиве нет manifest.json: это не архив портала или он обрезан / no manifest: not a portal backup, or cut short',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    throw new ArchiveRefused('manifest.json повреждён / the manifest is damaged');
  }
  if ((parsed as { format?: unknown } | null)?.format !== FORMAT)
    throw new ArchiveRefused('Это не архив портала (чужой manifest.json) / a foreign archive');
  const result = v.safeParse(manifestSchema, parsed);
  if (!result.success)
    throw new ArchiveRefused(
      `manifest.json не той версии или повреждён / unsupported or damaged manifest: ${result.issues[0].message}`,
    );
  const manifest = result.output;
  const expected = new Set(Object.keys(manifest.entries));
  for (const [name, actual] of digests) {
    if (name === MANIFEST) continue;
    const wanted = manifest.entries[name];
    if (!wanted) throw new ArchiveRefused(`Лишняя запись ${name} в архиве / an entry the manifest does not list`);
    if (wanted.size !== actual.size || wanted.sha256 !== actual.sha256)
      throw new ArchiveRefused(
        `Контрольная сумма ${name} не совпадает: архив повреждён / checksum mismatch, the archive is damaged`,
      );
    expected.delete(name);
  }
  if (expected.size > 0)
    throw new ArchiveRefused(`В архиве не хватает ${[...expected][0]} (и ещё ${expected.size - 1}) / entries missing`);
  for (const table of manifest.tables)
    if (!manifest.entries[`db/${table.name}.jsonl`])
      throw new ArchiveRefused(`Нет строк таблицы ${table.name} / table missing`);
  if (!(await knowsLevel(manifest.migrations)))
    throw new ArchiveRefused(
      `Архив сделан более новой версией портала (миграция ${manifest.migrations.last}): обновите портал / made by a newer version`,
    );
  return manifest;
}
