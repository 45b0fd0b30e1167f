import { AsyncLocalStorage } from 'node:async_hooks';

// The request a piece of server code runs for, without passing it down every call: the logger
// stamps every line with its id (the X-Request-Id the 500 answer and the response header carry), so
// a user's report can be found in the log.

export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request being handled, if any (boot and background work have none). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
