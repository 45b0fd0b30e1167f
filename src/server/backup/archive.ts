import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

// The archive: a gzip'd tar of db/<table>.jsonl, db/sequences.json, files/<key>, keys/<name> and,
// last, manifest.json with the size and SHA-256 of every other entry. With BACKUP_KEY the whole
// gzip stream is sealed with AES-256-GCM (ADR 0044):
//   "PORTALBK" | version 0x01 | 12-byte random IV | ciphertext | 16-byte tag
// the first 21 bytes are the additional authenticated data, so a changed header fails like changed bytes.

const MAGIC = Buffer.from('PORTALBK');
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES;
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

export class ArchiveRefused extends Error {
  override name = 'ArchiveRefused';
}

export interface EntryDigest {
  size: number;
  sha256: string;
}

export interface ArchiveWriter {
  /** Adds one entry of exactly `size` bytes; returns its digest. */
  add(name: string, size: number, source: Buffer | AsyncIterable<Uint8Array>): Promise<EntryDigest>;
}

/**
 * Writes `file` with mode 0600: under a temporary name first, renamed once complete, so a crash or a
 * failed backup never leaves something that looks like an archive.
 */
export async function writeArchive(
  file: string,
  key: Buffer | undefined,
  fill: (archive: ArchiveWriter) => Promise<void>,
): Promise<{ bytes: number }> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  const out = createWriteStream(partial, { mode: 0o600, flags: 'w' });
  const pack = tar.pack();
  // tar-stream's streams are streamx ones, which node's pipeline drives like its own.
  const stages: Transform[] = [createGzip({ level: 6 }), ...(key ? [sealer(key)] : [])];
  const written = pipeline([pack as unknown as Readable, ...stages, out]);
  try {
    await fill({
      async add(name, size, source) {
        const hash = createHash('sha256');
        let counted = 0;
        const entry = pack.entry({ name, size, mode: 0o600 }) as unknown as Writable;
        const done = new Promise<void>((resolve, reject) => {
          entry.on('finish', () => resolve());
          entry.on('error', reject);
        });
        const chunks = Buffer.isBuffer(source) ? [source] : source;
        for await (const chunk of chunks) {
          hash.update(chunk);
          counted += chunk.byteLength;
          if (!entry.write(chunk)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
        }
        if (counted !== size) throw new Error(`${name}: expected ${size} bytes, read ${counted}`);
        entry.end();
        await done;
        return { size, sha256: hash.digest('hex') };
      },
    });
    pack.finalize();
    await written;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  return { bytes: (await stat(file)).size };
}

function sealer(key: Buffer): Transform {
  const iv = randomBytes(IV_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), iv]);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const head = started ? [] : [header];
      started = true;
      callback(null, Buffer.concat([...head, cipher.update(chunk)]));
    },
    flush(callback) {
      const head = started ? [] : [header];
      callback(null, Buffer.concat([...head, cipher.final(), cipher.getAuthTag()]));
    },
  });
}

/**
 * Unpacks `file` into `into` (which must not exist), returning every entry's digest. Refuses an
 * encrypted archive without a key or with a wrong one, a damaged one, and any entry name that would
 * land outside `into`. Nothing unpacked is trusted until the caller checked it against the manifest.
 */
export async function extractArchive(
  file: string,
  key: Buffer | undefined,
  into: string,
): Promise<Map<string, EntryDigest>> {
  const head = await readHead(file);
  let source: [Readable, ...Transform[]];
  if (head.subarray(0, MAGIC.length).equals(MAGIC)) {
    if (!key)
      throw new ArchiveRefused(
        'Архив зашифрован: задайте BACKUP_KEY, с которым он был сделан / the archive is encrypted: set its BACKUP_KEY',
      );
    source = await opened(file, key, head);
  } else if (head.subarray(0, 2).equals(GZIP_MAGIC)) source = [createReadStream(file)];
  else throw new ArchiveRefused('Это не архив портала / not a portal backup archive');

  await mkdir(into, { recursive: false, mode: 0o700 });
  const digests = new Map<string, EntryDigest>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const name = header.name;
    if (header.type !== 'file' || !/^(db|files|keys)\/[\w.-]+$|^manifest\.json$/.test(name)) {
      stream.resume();
      extract.destroy(new ArchiveRefused(`Чужой архив: лишняя запись ${JSON.stringify(name)} / foreign archive entry`));
      return;
    }
    const target = path.join(into, name);
    const hash = createHash('sha256');
    let size = 0;
    const count = new PassThrough();
    count.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.byteLength;
    });
    mkdir(path.dirname(target), { recursive: true })
      .then(() => pipeline(stream, count, createWriteStream(target, { mode: 0o600, flags: 'wx' })))
      .then(() => {
        if (digests.has(name)) throw new ArchiveRefused(`Запись ${name} повторяется / entry repeated`);
        digests.set(name, { size, sha256: hash.digest('hex') });
        next();
      })
      .catch((error: unknown) => extract.destroy(error as Error));
  });
  try {
    await pipeline([...source, createGunzip(), extract]);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    const reason = (error as Error).message;
    throw new ArchiveRefused(
      /auth|unable to authenticate/i.test(reason)
        ? 'Архив повреждён или ключ BACKUP_KEY не тот / the archive is damaged or BACKUP_KEY is not its key'
        : `Архив повреждён / the archive is damaged: ${reason}`,
    );
  }
  return digests;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The plaintext of a sealed archive; its final chunk fails unless the tag matches. */
async function opened(file: string, key: Buffer, head: Buffer): Promise<[Readable, Transform]> {
  const { size } = await stat(file);
  if (head.length < HEADER_BYTES || size < HEADER_BYTES + TAG_BYTES || head[MAGIC.length] !== VERSION)
    throw new ArchiveRefused('Архив повреждён / the archive is damaged (its header)');
  const tag = Buffer.alloc(TAG_BYTES);
  const handle = await open(file, 'r');
  try {
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv('aes-256-gcm', key, head.subarray(MAGIC.length + 1, HEADER_BYTES));
  decipher.setAAD(head.subarray(0, HEADER_BYTES));
  decipher.setAuthTag(tag);
  return [createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }), decipher];
}
