import { messages, protocol } from '@electric-sql/pglite';

type DatabaseError = InstanceType<typeof messages.DatabaseError>;

// The backend's reply to Bind + Execute + Sync, read straight from its bytes (PostgreSQL's protocol,
// "Message Formats"). PGlite's own reader copies every field into a fresh ArrayBuffer before
// decoding it: on a 50-row page that was a quarter of the server's CPU (ADR 0036).

/** A reply: the rows' cells as text (null for SQL NULL), the command tag, the error if any. */
export interface Reply {
  rows: (string | null)[][];
  tag: string | null;
  error: DatabaseError | null;
}

const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'

/** An ErrorResponse (the whole message), decoded by PGlite's own parser into the DatabaseError its `query` throws. */
function readError(message: Uint8Array): DatabaseError | null {
  let error: DatabaseError | null = null;
  new protocol.Parser().parse(message, (decoded) => {
    if (decoded instanceof messages.DatabaseError) error = decoded;
  });
  return error;
}

/** Reads a reply; notices, parameter statuses and the other messages say nothing a query returns. */
export function readReply(data: Uint8Array): Reply {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const reply: Reply = { rows: [], tag: null, error: null };
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at]!;
    const length = bytes.readInt32BE(at + 1);
    const start = at + 5;
    const end = at + 1 + length;
    if (code === DATA_ROW) {
      const count = bytes.readInt16BE(start);
      const cells: (string | null)[] = [];
      let cell = start + 2;
      for (let i = 0; i < count; i += 1) {
        const size = bytes.readInt32BE(cell);
        cell += 4;
        if (size < 0) cells.push(null);
        else {
          cells.push(bytes.toString('utf8', cell, cell + size));
          cell += size;
        }
      }
      reply.rows.push(cells);
    } else if (code === COMMAND_COMPLETE) reply.tag = bytes.toString('utf8', start, end - 1);
    else if (code === ERROR_RESPONSE && !reply.error) reply.error = readError(bytes.subarray(at, end));
    at = end;
  }
  return reply;
}
