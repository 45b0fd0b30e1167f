import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { fieldErrors, type Endpoint, type EndpointOutput, type EndpointParsedInput } from '#shared/api/endpoint.ts';
import { parsePathId } from '#shared/api/ids.ts';
import { installRussianValibotMessages } from '#shared/validation/russian-messages.ts';
import type { AppEnv } from '#server/context.ts';
import { ApiFailure, badRequest, notFound, sendFailure } from '#server/lib/api-failure.ts';
import { readBodyCapped } from '#server/lib/read-body.ts';

// The one path every request body takes: size cap → JSON → plain object → valibot → handler.
// Handlers only ever see parsed, typed input; a refusal is a 400/422 before any write.

export const MAX_JSON_BYTES = 64 * 1024;

// Whatever a schema says without a text of its own is said in Russian (docs/api.md, integration rules).
installRussianValibotMessages();

type AnySchema = v.GenericSchema<unknown, unknown>;
type SuccessStatus = 200 | 201;

/** Reads at most MAX_JSON_BYTES of the body as strict UTF-8; null when it is larger or not UTF-8. */
async function readBodyText(request: Request): Promise<string | null> {
  const bytes = await readBodyCapped(request, MAX_JSON_BYTES);
  if (bytes === null) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A UTF-16 surrogate without its pair: valid in a JS string, not in UTF-8 or PostgreSQL's jsonb. */
const LONE_SURROGATE = /\p{Cs}/u;

export const ILL_FORMED_TEXT_MESSAGE = 'Текст содержит недопустимые символы';

/**
 * What in a value PostgreSQL cannot store: U+0000 (refused in text and jsonb: a 400, as for any
 * broken body) or a lone surrogate (refused in jsonb, silently replaced in text: a 422 that says so).
 */
function badTextIn(value: unknown): 'nul' | 'ill-formed' | null {
  const stack: unknown[] = [value];
  let found: 'ill-formed' | null = null;
  const check = (text: string): 'nul' | null => {
    if (text.includes('\u0000')) return 'nul';
    if (LONE_SURROGATE.test(text)) found = 'ill-formed';
    return null;
  };
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (check(item)) return 'nul';
    } else if (Array.isArray(item)) {
      for (const inner of item) stack.push(inner); // no spread: a 30 000-element array would overflow the call
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (check(key)) return 'nul';
        stack.push(inner);
      }
    }
  }
  return found;
}

/** Refuses input PostgreSQL could not store as given. */
export function refuseBadText(value: unknown): void {
  const bad = badTextIn(value);
  if (bad === 'nul') throw badRequest();
  if (bad === 'ill-formed') throw new ApiFailure(422, { success: false, message: ILL_FORMED_TEXT_MESSAGE });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export const NOT_JSON_MESSAGE = 'Тело запроса должно быть в формате JSON (Content-Type: application/json)';

/** `application/json`, with or without parameters; a form or text body is not read as JSON. */
function isJsonContentType(header: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(header?.trim() ?? '');
}

/** The JSON body as a plain object; 415 when it is not declared JSON, 400 when it is not a JSON object. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  if (!isJsonContentType(c.req.header('content-type')))
    throw new ApiFailure(415, { success: false, message: NOT_JSON_MESSAGE });
  const text = await readBodyText(c.req.raw);
  if (text === null) throw badRequest();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest();
  }
  if (!isPlainObject(parsed)) throw badRequest();
  refuseBadText(parsed);
  return parsed;
}

/** Validates with valibot; a 422 failure with the first message on top and every field's messages. */
export function validateWith<S extends AnySchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const errors = fieldErrors(result.issues);
  throw new ApiFailure(422, {
    success: false,
    message: result.issues[0]?.message ?? 'Проверьте введённые данные',
    errors,
  });
}

/** The record id of a path parameter; a malformed or out-of-range one names no record: 404. */
export function readPathId(c: Context, name = 'id'): number {
  const id = parsePathId(c.req.param(name));
  if (id === null) throw notFound();
  return id;
}

/** Path parameters (`:id`…) validated like any input: junk is a 422, never a 500 or a 404 guess. */
export function readParams<S extends AnySchema>(c: Context, schema: S): v.InferOutput<S> {
  const raw = c.req.param() as Record<string, string>;
  refuseBadText(raw);
  return validateWith(schema, raw);
}

/** The endpoint's input: JSON body for writes, query string for GET; undefined when it takes none. */
export async function readInput<E extends Endpoint>(c: Context, endpoint: E): Promise<EndpointParsedInput<E>> {
  if (!endpoint.input) return undefined as EndpointParsedInput<E>;
  const raw = endpoint.method === 'GET' ? c.req.query() : await readJsonObject(c);
  refuseBadText(raw);
  return validateWith(endpoint.input, raw) as EndpointParsedInput<E>;
}

/**
 * Sends a success body after checking it against the endpoint's output schema. The parsed value is
 * what goes out, so a field the contract does not name (a password hash, say) can never leak. A
 * mismatch is a server bug: logged and thrown so that tests fail on it instead of the client.
 */
export function sendOutput<E extends Endpoint>(
  c: Context<AppEnv>,
  endpoint: E,
  body: EndpointOutput<E>,
  status: SuccessStatus = 200,
): Response {
  const result = v.safeParse(endpoint.output, body);
  if (!result.success) {
    c.var.deps.log.error('response does not match its contract', {
      method: endpoint.method,
      path: endpoint.path,
      errors: fieldErrors(result.issues),
    });
    throw new Error(`Response of ${endpoint.method} ${endpoint.path} does not match its output schema`);
  }
  return c.json(result.output as object, status);
}

export type RouteHandler<E extends Endpoint> = (
  c: Context<AppEnv>,
  input: EndpointParsedInput<E>,
) => Promise<EndpointOutput<E> | Response>;

export interface RouteOptions {
  /** 201 for creations in the integration API; 200 otherwise. */
  status?: SuccessStatus;
  /** Mount prefix the endpoint's path carries but the sub-app does not, e.g. '/api/v1'. */
  stripPrefix?: string;
  /** Run before the body is read, e.g. `requireSession()` so a logged-out call is 401, not 422. */
  before?: MiddlewareHandler<AppEnv>[];
}

/**
 * Registers an endpoint from `#shared/api` on a Hono app: method and path come from the shared
 * definition, input is validated before the handler runs, the answer is checked against the
 * output schema, and an ApiFailure thrown anywhere becomes its JSON refusal.
 */
export function route<E extends Endpoint>(
  app: Hono<AppEnv>,
  endpoint: E,
  handler: NoInfer<RouteHandler<E>>,
  options: RouteOptions = {},
): void {
  const path =
    options.stripPrefix && endpoint.path.startsWith(options.stripPrefix)
      ? endpoint.path.slice(options.stripPrefix.length) || '/'
      : endpoint.path;
  // Hono runs handlers of one method+path in registration order, so guards go in first.
  for (const guard of options.before ?? []) app.on(endpoint.method, path, guard);
  app.on(endpoint.method, path, async (c) => {
    try {
      const input = await readInput(c, endpoint);
      const result = await handler(c, input);
      if (result instanceof Response) return result;
      return sendOutput(c, endpoint, result, options.status);
    } catch (error) {
      if (error instanceof ApiFailure) return sendFailure(c, error);
      throw error;
    }
  });
}
