import { protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { readReply, type Reply } from './pglite-reply.ts';

// ADR 0036. PGlite's `query` sends every statement as Parse, Describe, Bind, Describe, Execute and
// Sync, six calls into WASM, with an unnamed statement: PostgreSQL parses and plans the text again
// on every call, and the answer is read by copying all of PGlite's type parsers into a new object
// (scripts/bench/profile-list.mjs: on the requests list, PGlite's result reading alone was 12 % of
// the CPU, the parse and plan most of the WASM time). Here each statement text is parsed once per
// database as a named statement (as postgres-js does on PostgreSQL), and each call is then a single
// Bind + Execute + Sync, whose rows are read with the column parsers looked up once per call.
// The answer is PGlite's own Results, to the field: drizzle reads it as it reads PGlite's.

const { serialize } = protocol;

/** Parsed statements kept per database; the least recently used is closed past this many. */
const MAX_STATEMENTS = 200;

/** PostgreSQL's "cached plan must not change result type": a table under a kept statement changed. */
const RESULT_TYPE_CHANGED = '0A000';

interface Statement {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

interface Message {
  name: string;
}
interface ParameterDescription extends Message {
  dataTypeIDs: number[];
}
interface RowDescription extends Message {
  fields: { name: string; dataTypeID: number }[];
}

type Parser = (text: string, typeId: number) => unknown;
type Serializer = (value: unknown) => string;

/** Options this path reads; any other (a blob, declared parameter types, a notice hook) goes the usual way. */
const HANDLED_OPTIONS = new Set(['rowMode', 'parsers', 'serializers']);

export function handlesOptions(options: QueryOptions | undefined): boolean {
  return options === undefined || Object.keys(options).every((key) => HANDLED_OPTIONS.has(key));
}

/** A query with PGlite's error fields, as its own `query` throws it. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof Error && 'code' in error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/**
 * `query(text, params, options)` with the answer PGlite's `query` gives, over named statements.
 * The caller runs it in its turn (pglite-turns.ts); PGlite's own mutexes are taken as its `query`
 * takes them, so a transaction or a listener never interleaves with it.
 */
export function preparedQuery(client: PGlite) {
  const statements = new Map<string, Statement>();
  let counter = 0;
  const exec = (parts: Uint8Array[]) =>
    client.execProtocolStream(Buffer.concat(parts), { syncToFs: false }) as Promise<Message[]>;

  async function prepare(text: string): Promise<Statement> {
    const name = `s${(counter += 1)}`;
    const messages = await exec([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const parameters = messages.find((m) => m.name === 'parameterDescription') as ParameterDescription | undefined;
    const row = messages.find((m) => m.name === 'rowDescription') as RowDescription | undefined;
    const statement: Statement = {
      name,
      paramTypes: parameters?.dataTypeIDs ?? [],
      fields: row?.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) ?? [],
    };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await forget(oldest);
    }
    return statement;
  }

  async function forget(statement: Statement): Promise<void> {
    await exec([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]);
  }

  /** The statement for `text`, marked as the most recently used. */
  async function statementFor(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (!known) return prepare(text);
    statements.delete(text);
    statements.set(text, known);
    return known;
  }

  /** Bind + Execute + Sync in one call into WASM; the reply's bytes are read by readReply, not by PGlite. */
  async function run(statement: Statement, params: unknown[], options: QueryOptions | undefined): Promise<Reply> {
    const serializers = options?.serializers as Record<number, Serializer> | undefined;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serializer = serializers?.[oid] ?? (client.serializers[oid] as Serializer | undefined);
      return serializer ? serializer(param) : String(param);
    });
    const chunks: Uint8Array[] = [];
    await client.execProtocolRawStream(
      Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      // A view into PGlite's memory, valid only during the call.
      { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) },
    );
    const reply = readReply(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    if (reply.error) throw reply.error;
    return reply;
  }

  function read(statement: Statement, reply: Reply, options: QueryOptions | undefined): Results {
    const own = options?.parsers as Record<number, Parser> | undefined;
    const { fields } = statement;
    const parsers = fields.map(
      ({ dataTypeID }) => own?.[dataTypeID] ?? (client.parsers[dataTypeID] as Parser | undefined),
    );
    const asArrays = options?.rowMode === 'array';
    const rows: Results['rows'] = reply.rows.map((cells) => {
      const values = cells.map((cell, i) => {
        const parser = parsers[i];
        return cell === null || !parser ? cell : parser(cell, fields[i]!.dataTypeID);
      });
      return asArrays
        ? (values as Results['rows'][number])
        : Object.fromEntries(fields.map((f, i) => [f.name, values[i]]));
    });
    if (reply.tag === null) return { rows: [], fields: [], affectedRows: 0 };
    // As PGlite's parseResults reads the tag: "SELECT 2", "UPDATE 3", "INSERT 0 5", "CREATE TABLE".
    const parts = reply.tag.split(' ');
    const command = parts[0]!;
    const rowCount = parseInt(parts.at(-1)!, 10);
    const counted = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
    const result: Results = { rows, fields, command, affectedRows: counted ? rowCount : 0 };
    if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
    return result;
  }

  return (text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let statement: Statement;
        let reply: Reply;
        try {
          statement = await statementFor(text);
          reply = await run(statement, params, options).catch(async (error: unknown) => {
            if ((error as { code?: string }).code !== RESULT_TYPE_CHANGED) throw error;
            // A migration changed a table under a kept statement: parse it anew, once.
            statements.delete(text);
            await forget(statement);
            statement = await prepare(text);
            return run(statement, params, options);
          });
        } catch (error) {
          throw withQuery(error, text, params, options);
        }
        if (!client.isInTransaction()) await client.syncToFs();
        return read(statement, reply, options);
      }),
    );
}
