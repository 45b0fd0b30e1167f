import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { type ApiFailure, badRequest } from './api-failure.ts';

// A multipart/form-data body read as it arrives (ADR 0025): fields are handed over as text, each
// file part as a stream the handler consumes (into the file store) before the next part is read.
// The whole body is counted while it is read, and the first byte past `maxBytes` stops reading:
// nothing ever holds a whole body in memory.

export interface MultipartHandlers {
  field(name: string, value: string): void;
  /**
   * Reads as much of `stream` as it wants (or throws); what it leaves is read past, and the next
   * part is read only after it resolves. Iterate with `stream.iterator({ destroyOnReturn: false })`
   * so that stopping early does not break the body.
   */
  file(name: string, fileName: string, stream: Readable): Promise<void>;
}

export interface MultipartLimits {
  /** The most the whole body may hold. */
  maxBytes: number;
  tooLarge: () => ApiFailure;
  /** The longest text field (a JSON request part). */
  maxFieldBytes: number;
}

export async function readMultipart(
  request: Request,
  limits: MultipartLimits,
  handlers: MultipartHandlers,
): Promise<void> {
  const contentType = request.headers.get('content-type') ?? '';
  if (Number(request.headers.get('content-length') ?? '0') > limits.maxBytes) throw limits.tooLarge();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fieldSize: limits.maxFieldBytes, parts: 1000 },
      defParamCharset: 'utf8',
    });
  } catch {
    throw badRequest();
  }
  const source = Readable.fromWeb((request.body ?? new ReadableStream()) as WebReadableStream<Uint8Array>);

  return new Promise<void>((resolve, reject) => {
    let failed = false;
    let handling: Promise<void> = Promise.resolve();
    let read = 0;
    /** `fromHandler`: the part's handler has settled already (waiting for it would wait for itself). */
    const fail = (error: unknown, fromHandler = false) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      // Stop reading the client's body: what it sends after a refusal is never read. The part being
      // stored fails too, so its partial file goes.
      source.destroy();
      parser.destroy(new Error('multipart body refused'));
      // A file stream no handler reads any more must not hold the parser.
      parser.removeAllListeners('file');
      parser.on('file', (_name, stream) => stream.resume());
      // The answer waits for the part being stored to fail and delete its partial file.
      if (fromHandler) reject(error);
      else void handling.finally(() => reject(error));
    };
    source.on('data', (chunk: Buffer) => {
      read += chunk.byteLength;
      if (read > limits.maxBytes) fail(limits.tooLarge());
    });
    // The client went away or sent a broken body.
    source.on('error', () => fail(badRequest()));
    parser.on('field', (name, value, info) => {
      if (failed) return;
      if (info.valueTruncated) return fail(limits.tooLarge());
      try {
        handlers.field(name, value);
      } catch (error) {
        fail(error);
      }
    });
    parser.on('file', (name, stream, info) => {
      // A body cut short destroys the part's stream with an error: its reader gets it, or nobody needs to.
      stream.on('error', () => {});
      if (failed) {
        stream.resume();
        return;
      }
      handling = handling.then(async () => {
        if (failed) return void stream.resume();
        try {
          await handlers.file(name, info.filename ?? '', stream);
          if (!stream.readableEnded && !stream.destroyed) await finished(stream.resume());
        } catch (error) {
          stream.resume();
          fail(error, true);
        }
      });
    });
    parser.on('error', () => fail(badRequest()));
    parser.on('close', () => {
      void handling.then(() => {
        if (!failed) resolve();
      });
    });
    source.pipe(parser);
  });
}
