import * as v from 'valibot';

export const healthOutput = v.object({
  ok: v.literal(true),
  db: v.picklist(['pglite', 'postgres']),
  /** When the last backup archive in BACKUP_DIR was finished (ISO 8601), null when there is none. */
  last_backup_at: v.nullable(v.string()),
});
