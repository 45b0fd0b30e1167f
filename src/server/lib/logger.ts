import { pino, type Logger as Pino } from 'pino';
import type { LogFields, Logger } from '../context.ts';
import { currentRequestId } from './request-context.ts';
import { REDACTED, redactPaths } from './log-redaction.ts';

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

/** Fields the logger writes itself: a caller's field of the same name must not replace them. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'request_id']);

/**
 * JSON lines through pino: level, time, msg and request_id first, so log shippers need no parser
 * config; secrets are censored by name wherever they sit (lib/log-redaction.ts).
 */
export function createLogger(sink: LogSink = batchedStdout()): Logger {
  const logger: Pino = pino(
    {
      base: undefined,
      formatters: { level: (label) => ({ level: label }) },
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      redact: { paths: redactPaths, censor: REDACTED },
    },
    // pino ends every line with a newline; the sinks add their own.
    { write: (line: string) => sink(line.endsWith('\n') ? line.slice(0, -1) : line) },
  );
  const write = (level: 'info' | 'warn' | 'error', msg: string, fields?: LogFields) => {
    const record: Record<string, unknown> = { msg };
    const requestId = currentRequestId();
    if (requestId !== undefined) record.request_id = requestId;
    for (const [key, value] of Object.entries(fields ?? {})) {
      if (!OWN_FIELDS.has(key)) record[key] = serialisable(value);
    }
    logger[level](record);
  };
  return {
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  };
}

/**
 * A person at a terminal reads colours and aligned text (pino-pretty); a pipe or a file gets the
 * JSON lines a log shipper parses.
 */
export async function stdoutSink(): Promise<LogSink> {
  if (!process.stdout.isTTY) return batchedStdout();
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l' });
  return (line) => stream.write(`${line}\n`);
}

/** For tests: a logger that keeps nothing and prints nothing. */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Long opaque path segments (reset links, tokens) are replaced so they never reach the logs. */
export function redactPath(path: string): string {
  return path.replace(/[A-Za-z0-9_\-.~%]{32,}/g, ':redacted');
}
