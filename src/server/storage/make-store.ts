import path from 'node:path';
import type { Config } from '#server/context.ts';
import type { FileStore } from './file-store.ts';
import { createFolderStore } from './folder-store.ts';
import { createS3Store } from './s3-store.ts';

/** The file store the settings name: S3-compatible object storage when S3_* are set, else the folder. */
export function makeFileStore(config: Pick<Config, 's3' | 'filesDir'>): FileStore {
  // With S3, FILES_DIR only spools uploads on their way to the bucket.
  return config.s3 ? createS3Store(config.s3, path.join(config.filesDir, 'spool')) : createFolderStore(config.filesDir);
}
