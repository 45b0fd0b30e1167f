import { sql, type AnyColumn } from 'drizzle-orm';
import { fieldFailure } from '#server/lib/api-failure.ts';

// Keyset paging cursors. A cursor is the sort key of the last row handed out, base64url-encoded so
// it is opaque to the client and fits `cursorParam`. Timestamps travel as text with microseconds:
// PostgreSQL keeps microseconds and a JS Date only milliseconds, so going through Date would make
// rows of the same millisecond fall between two pages (gaps) or appear on both (repeats).

const INVALID_CURSOR = 'Некорректное значение фильтра';
const TIMESTAMP_KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,10})$/;
const ID_KEY = /^id\|(\d{1,10})$/;
const MAX_ID = 2_147_483_647;

function decode(cursor: string): string {
  return Buffer.from(cursor, 'base64url').toString('utf8');
}

function encode(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function invalid() {
  return fieldFailure('cursor', INVALID_CURSOR);
}

function checkedId(text: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw invalid();
  return id;
}

export interface TimestampKey {
  /** 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (UTC, microseconds), compared as timestamptz in SQL. */
  at: string;
  id: number;
}

/** A timestamp column read as a TimestampKey's `at`: exact UTC text with microseconds. */
export const cursorTimestamp = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeTimestampCursor(key: TimestampKey): string {
  return encode(`${key.at}|${key.id}`);
}

/**
 * A time our rows can have: a real calendar moment (no 30 February: the text must survive a round
 * trip through Date) from 1970 on. Year 0000 parses in JS but not in PostgreSQL.
 */
function isRowTime(at: string): boolean {
  const ms = Date.parse(at);
  return Number.isFinite(ms) && ms >= 0 && new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19);
}

/** The key in a (created_at, id) cursor; 422 when it is not one we issued. */
export function decodeTimestampCursor(cursor: string): TimestampKey {
  const match = TIMESTAMP_KEY.exec(decode(cursor));
  if (!match || !isRowTime(match[1]!)) throw invalid();
  return { at: match[1]!, id: checkedId(match[2]!) };
}

export function encodeIdCursor(id: number): string {
  return encode(`id|${id}`);
}

/** The id in an id-only cursor; 422 when it is not one we issued. */
export function decodeIdCursor(cursor: string): number {
  const match = ID_KEY.exec(decode(cursor));
  if (!match) throw invalid();
  return checkedId(match[1]!);
}
