import { SIGNED_IN_COOKIE } from '#shared/api/headers.ts';
import { accountChangeCount } from './account-scoped.ts';

// A GET that a screen makes only once its chunk and the account are in can be sent by the entry at
// once, one round trip earlier on a cold start (the requests list's first page: features/tickets/
// head-starts.ts). The app's one HTTP client (http.ts) hands the answer to the first call of that
// very address, once; any other call goes out as usual.

/** Beyond this an answer is old news: the screen asks anew rather than show it. */
export const HEAD_START_LIFETIME_MS = 10_000;

interface HeadStart {
  /** undefined: the request failed, and the call goes out itself (with its retry and its errors). */
  answer: Promise<Response | undefined>;
  sentAt: number;
  /** The account count it was sent at: after a logout or another login it answers nobody. */
  accountChanges: number;
}

const headStarts = new Map<string, HeadStart>();

/**
 * The server gave this browser a session (the readable companion of its HttpOnly cookie): worth a
 * head start for a logged-in read. Logged out, the read would only be refused (and logged in the console).
 */
export function signedInHere(): boolean {
  return (globalThis.document?.cookie ?? '').split('; ').includes(`${SIGNED_IN_COOKIE}=1`);
}

/** Sends a GET of `path` (the query included) now, as the app's client would (JSON, the session cookie). */
export function sendHeadStart(path: string): void {
  // Offline there is no round trip to save: the screen's own call shows the saved copy and says so.
  if (globalThis.navigator?.onLine === false) return;
  const url = new URL(path, globalThis.location.href).href;
  if (headStarts.has(url)) return;
  const answer = fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }).catch(
    () => undefined,
  );
  headStarts.set(url, { answer, sentAt: Date.now(), accountChanges: accountChangeCount() });
}

/** The head start's answer to this GET, if one waits for it: taken once. */
export async function takeHeadStart(request: Request): Promise<Response | undefined> {
  const started = headStarts.get(request.url);
  if (!started) return undefined;
  headStarts.delete(request.url);
  const fresh = Date.now() - started.sentAt <= HEAD_START_LIFETIME_MS;
  return fresh && started.accountChanges === accountChangeCount() ? started.answer : undefined;
}
