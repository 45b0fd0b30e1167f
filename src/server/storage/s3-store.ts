import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '#server/context.ts';
import { isStorageKey, MissingBytes, newStorageKey, type FileStore, type ListedObject } from './file-store.ts';
import { createFolderStore } from './folder-store.ts';

// The file store in S3-compatible object storage (S3_* settings), for several API processes on
// PostgreSQL that share no folder. An upload is first written to a local spool folder (the
// client's stream has no length, and a failed one must leave no object), then put whole with its
// length and checksum: a key that exists in the bucket has all its bytes. Objects are named
// `files/<key>`.

const PREFIX = 'files/';

/** The bucket has no such object: GET says NoSuchKey, HEAD (no body) only its 404. */
const notFound = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/** `spoolDir`: a local folder for uploads on their way to the bucket. */
export function createS3Store(settings: S3Settings, spoolDir: string): FileStore {
  const spool = createFolderStore(spoolDir);
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    // Path-style addresses work with every S3-compatible server (MinIO, Ceph, Yandex, the tests' s3rver).
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const objectOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return { Bucket: settings.bucket, Key: `${PREFIX}${key}` };
  };

  const putAt = async (key: string, source: Uint8Array | AsyncIterable<Uint8Array>) => {
    const target = objectOf(key);
    const spooled = await spool.put(source);
    try {
      await client.send(
        new PutObjectCommand({
          ...target,
          Body: await spool.open(spooled.key),
          ContentLength: spooled.size,
          // The store checks what it received against our hash: a body damaged on the way is refused.
          ChecksumSHA256: Buffer.from(spooled.sha256, 'hex').toString('base64'),
        }),
      );
      return { ...spooled, key };
    } finally {
      await spool.delete(spooled.key);
    }
  };

  return {
    put: (source) => putAt(newStorageKey(), source),
    putAt: (key, source) => putAt(key, source),

    async open(key, range) {
      const answer = await client
        .send(
          new GetObjectCommand({ ...objectOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        )
        .catch((error: unknown) => {
          throw notFound(error) ? new MissingBytes(key) : error;
        });
      const body = answer.Body;
      if (body instanceof Readable) return body;
      if (!body) return Readable.from([]);
      return Readable.fromWeb(body.transformToWebStream() as WebReadableStream);
    },

    async has(key) {
      try {
        await client.send(new HeadObjectCommand(objectOf(key)));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand(objectOf(key)));
    },

    async *listForSweep(olderThan): AsyncIterable<ListedObject> {
      // A crash between spooling and putting leaves a spooled copy: never anyone's.
      for await (const spooled of spool.listForSweep(olderThan)) {
        if (spooled.modifiedAt < olderThan) await spool.delete(spooled.key);
      }
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: PREFIX, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(PREFIX.length) ?? '';
          if (isStorageKey(key) && object.LastModified) yield { key, modifiedAt: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
