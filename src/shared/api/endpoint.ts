import * as v from 'valibot';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type AnySchema = v.GenericSchema<unknown, unknown>;

/**
 * One call of the API: the single description that the server validates against and the client
 * builds requests from. `path` may hold `:param` segments.
 */
export interface Endpoint<
  Input extends AnySchema | undefined = AnySchema | undefined,
  Output extends AnySchema = AnySchema,
> {
  method: HttpMethod;
  path: string;
  input: Input;
  output: Output;
}

/** Declares a call; one that takes no body or query leaves `input` out (it is then `undefined`). */
export function defineEndpoint<Output extends AnySchema, Input extends AnySchema | undefined = undefined>(
  endpoint: Omit<Endpoint<Input, Output>, 'input'> & { input?: Input },
): Endpoint<Input, Output> {
  return { ...endpoint, input: endpoint.input as Input };
}

export type EndpointInput<E extends Endpoint> = E['input'] extends AnySchema ? v.InferInput<E['input']> : undefined;
export type EndpointParsedInput<E extends Endpoint> = E['input'] extends AnySchema
  ? v.InferOutput<E['input']>
  : undefined;
export type EndpointOutput<E extends Endpoint> = v.InferOutput<E['output']>;

/** `{ success: true, ...fields }`: the spec's success envelope. */
export function okResponse<T extends v.ObjectEntries>(entries: T) {
  return v.object({ success: v.literal(true), ...entries });
}

/** `{ success: false, message?, errors? }`: the spec's failure envelope; errors map a field to its messages. */
export const errorResponse = v.object({
  success: v.literal(false),
  message: v.optional(v.string()),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
  /** Machine-readable context of a refusal, e.g. a 409's current state; each endpoint documents its shape. */
  details: v.optional(v.unknown()),
});
export type ErrorResponse = v.InferOutput<typeof errorResponse>;

/**
 * A 403's `details.reason` when a colleague's access level does not give the call (issue 41): final, so
 * the page does not retry it as a stale CSRF token and the outbox never sends it again.
 */
export const ACCESS_LEVEL_REFUSAL = 'access_level';

const accessLevelRefusal = v.object({ details: v.object({ reason: v.literal(ACCESS_LEVEL_REFUSAL) }) });

/** Whether an answer's body is that refusal: the page, the outbox panel and the service worker ask alike. */
export function isAccessLevelRefusal(body: unknown): boolean {
  return v.is(accessLevelRefusal, body);
}

/** Turns valibot issues into `{ field: [messages] }`, the first message of each field first. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
