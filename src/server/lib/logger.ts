import type { LogFields, Logger } from '../context.ts';
import { currentRequestId } from './request-context.ts';

type Level = 'info' | 'warn' | 'error';

/** Where a log line goes; stdout by default, an array in tests. */
export type LogSink = (line: string) => void;

/** Errors do not survive JSON.stringify; keep what helps to debug them. */
function serialisable(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** Lines waiting for the next turn of the event loop: one write for every line a burst of requests logged. */
const STDOUT_BATCH_LIMIT = 512;

/**
 * Standard output, batched. A pipe is written synchronously on Linux, and one write per request line
 * was the largest share of a list request's CPU on PostgreSQL (scripts/bench/profile-list.mjs):
 * lines now wait for the end of the current turn and go out in one write. What is still waiting at
 * exit (process.exit included) is written before the process ends, so no line is lost.
 */
export function batchedStdout(write: (text: string) => void = (text) => process.stdout.write(text)): LogSink {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    try {
      write(text);
    } catch {
      // A closed pipe (EPIPE): losing log lines beats failing requests.
    }
  };
  process.on('exit', flush);
  return (line) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(line);
    if (pending.length >= STDOUT_BATCH_LIMIT) flush();
  };
}

/** JSON lines: one object per line with level, time and msg first, so log shippers need no parser config. */
export function createLogger(sink: LogSink = batchedStdout()): Logger {
  const write = (level: Level, msg: string, fields?: LogFields) => {
    const record: Record<string, unknown> = { level, time: new Date().toISOString(), msg };
    const requestId = currentRequestId();
    if (requestId !== undefined) record.request_id = requestId;
    for (const [key, value] of Object.entries(fields ?? {})) {
      if (!(key in record)) record[key] = serialisable(value);
    }
    let line: string;
    try {
      line = JSON.stringify(record);
    } catch {
      // A circular field must not take the request down with it.
      line = JSON.stringify({ level, time: record.time, msg, fields: '[unserialisable]' });
    }
    sink(line);
  };
  return {
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  };
}

/** For tests: a logger that keeps nothing and prints nothing. */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Long opaque path segments (reset links, tokens) are replaced so they never reach the logs. */
export function redactPath(path: string): string {
  return path.replace(/[A-Za-z0-9_\-.~%]{32,}/g, ':redacted');
}
