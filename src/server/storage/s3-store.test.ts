import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../../../tests/setup/s3-server.ts';
import { fileStoreContract } from '../../../tests/setup/store-contract.ts';
import { createS3Store } from './s3-store.ts';

// The same contract as the folder store, against a real S3-compatible server (s3rver).

let s3: TestS3;
const spool = mkdtempSync(path.join(tmpdir(), 's3-spool-'));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  rmSync(spool, { recursive: true, force: true });
});

fileStoreContract('S3', () => createS3Store(s3.settings, spool));

describe('S3 file store', () => {
  it('keeps nothing in its spool folder once an object is put, or refused', async () => {
    const store = createS3Store(s3.settings, spool);
    await store.put(randomBytes(1000));
    async function* failing(): AsyncIterable<Uint8Array> {
      yield randomBytes(1000);
      throw new Error('the client went away');
    }
    await expect(store.put(failing())).rejects.toThrow();
    const left = readdirSync(spool, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(left).toEqual([]);
  });

  it('fails an upload to a bucket that is not there, leaving no spooled file', async () => {
    const store = createS3Store({ ...s3.settings, bucket: 'no-such-bucket' }, spool);
    await expect(store.put(randomBytes(10))).rejects.toThrow();
    expect(readdirSync(spool, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())).toEqual([]);
  });
});
