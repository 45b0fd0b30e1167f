import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Grant, SessionInfo } from '#server/context.ts';
import type { AccessLevel } from '#shared/screens/access-levels.ts';
import type { Db } from '#server/db/client.ts';
import { accountAccesses, clients, sessions } from '#server/db/schema/accounts.ts';
import type { AccountKind } from '#shared/api/account-kinds.ts';
import { randomToken, TOKEN_PATTERN } from '#server/services/accounts/tokens.ts';
import { sha256 } from '#server/lib/sha256.ts';
import { SIGNED_IN_COOKIE } from '#shared/api/headers.ts';
import { DAY_MS } from '#shared/durations.ts';

export const SESSION_COOKIE = 'portal_session';
/** Double-submit CSRF token of a logged-out browser (login, registration, reset forms). */
export const CSRF_COOKIE = 'portal_csrf';

export const SESSION_TTL_MS = 30 * DAY_MS;
/** Sliding expiry is refreshed at most once a day, so a busy session is not a write per request. */
const REFRESH_AFTER_MS = DAY_MS;

type Ctx = Context<AppEnv>;

function cookieOptions(c: Ctx, maxAgeMs: number) {
  return {
    httpOnly: true,
    sameSite: 'Lax' as const,
    path: '/',
    secure: c.var.deps.config.secure,
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

function setSessionCookie(c: Ctx, token: string): void {
  setCookie(c, SESSION_COOKIE, token, cookieOptions(c, SESSION_TTL_MS));
  setCookie(c, SIGNED_IN_COOKIE, '1', { ...cookieOptions(c, SESSION_TTL_MS), httpOnly: false });
}

function clearSessionCookie(c: Ctx): void {
  for (const name of [SESSION_COOKIE, SIGNED_IN_COOKIE])
    deleteCookie(c, name, { path: '/', secure: c.var.deps.config.secure });
}

/** The session the `portal_session` cookie names; an unknown or expired token clears the cookie. */
export async function readSession(c: Ctx): Promise<SessionInfo | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token === undefined) return null;
  const session = TOKEN_PATTERN.test(token) ? await findSession(c, token) : null;
  if (!session) clearSessionCookie(c);
  return session;
}

/**
 * Every logged-in call starts with this lookup, so it is built once per database (drizzle's
 * prepared query) instead of per request, and reads only the columns the check needs. The
 * account's granters (whose records it sees, services/access/access.ts) come in the same round
 * trip: the requests list needs them next, and a second statement per request was a third of the
 * list's database calls (scripts/bench/profile-list.mjs).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof buildSessionByToken>>();

function buildSessionByToken(db: Db) {
  return db
    .select({
      clientId: sessions.clientId,
      csrfToken: sessions.csrfToken,
      expiresAt: sessions.expiresAt,
      // The account's kind picks what it is served (middleware/account-kind.ts); a switched-off
      // account has no session, even one a concurrent login started as it was switched off.
      kind: clients.kind,
      deactivatedAt: clients.deactivatedAt,
      // As text ('{1,2}'): drizzle hands a raw column of sql`` through as the driver gives it, and
      // the drivers disagree on arrays; a text is read the same on both.
      // 'owner:level' pairs, e.g. '{3:full,17:tickets}' (ADR 0049).
      grants: sql<string>`array(select ${accountAccesses.ownerClientId} || ':' || ${accountAccesses.level} from ${accountAccesses} where ${accountAccesses.granteeClientId} = ${sessions.clientId})::text`,
    })
    .from(sessions)
    .innerJoin(clients, eq(clients.id, sessions.clientId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token');
}

function sessionByToken(db: Db) {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = buildSessionByToken(db)));
  return query;
}

async function findSession(c: Ctx, token: string): Promise<SessionInfo | null> {
  const { db } = c.var.deps.database;
  const now = c.var.deps.now();
  const tokenHash = sha256(token);
  const [row] = await sessionByToken(db).execute({ tokenHash });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime() || row.deactivatedAt !== null) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - REFRESH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.tokenHash, tokenHash));
    setSessionCookie(c, token);
  }
  return {
    tokenHash,
    clientId: row.clientId,
    kind: row.kind,
    csrfToken: row.csrfToken,
    grants: parseGrants(row.grants),
  };
}

/** PostgreSQL's text form of the 'owner:level' array, '{}' or '{3:full,17:tickets}'. */
function parseGrants(text: string): Grant[] {
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  return inner.split(',').map((pair) => {
    const [owner, level] = pair.split(':');
    // The column's check allows the three levels only.
    return { ownerId: Number(owner), level: level as AccessLevel };
  });
}

/**
 * Logs the browser in as `clientId`: a fresh token (never reusing one the browser sent, against
 * session fixation), its own CSRF token, and the anonymous CSRF cookie rotated as well.
 */
export async function startSession(c: Ctx, clientId: number, kind: AccountKind): Promise<SessionInfo> {
  const { db } = c.var.deps.database;
  const now = c.var.deps.now();
  const token = randomToken();
  const session: SessionInfo = { tokenHash: sha256(token), clientId, kind, csrfToken: randomToken() };
  const previous = c.var.session;
  await db.transaction(async (tx) => {
    if (previous) await tx.delete(sessions).where(eq(sessions.tokenHash, previous.tokenHash));
    // Expired rows of this account are garbage; clearing them here keeps the table from growing.
    await tx.delete(sessions).where(and(eq(sessions.clientId, clientId), lt(sessions.expiresAt, now)));
    await tx.insert(sessions).values({
      tokenHash: session.tokenHash,
      clientId,
      csrfToken: session.csrfToken,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      createdAt: now,
    });
  });
  setSessionCookie(c, token);
  rotateAnonymousCsrf(c);
  c.set('session', session);
  return session;
}

/** Logs the browser out; returns the new anonymous CSRF token for the logged-out forms. */
export async function endSession(c: Ctx): Promise<string> {
  const session = c.var.session;
  if (session) await c.var.deps.database.db.delete(sessions).where(eq(sessions.tokenHash, session.tokenHash));
  clearSessionCookie(c);
  c.set('session', null);
  return rotateAnonymousCsrf(c);
}

// The token set on this response, if any: the request's cookie is stale once we have rotated it.
const issuedCsrf = new WeakMap<object, string>();

/** The logged-out CSRF token from the cookie, issuing one when the browser has none (or a malformed one). */
export function anonymousCsrfToken(c: Ctx): string {
  const issued = issuedCsrf.get(c);
  if (issued) return issued;
  const current = getCookie(c, CSRF_COOKIE);
  if (current !== undefined && TOKEN_PATTERN.test(current)) return current;
  return rotateAnonymousCsrf(c);
}

export function rotateAnonymousCsrf(c: Ctx): string {
  const token = randomToken();
  setCookie(c, CSRF_COOKIE, token, cookieOptions(c, SESSION_TTL_MS));
  issuedCsrf.set(c, token);
  return token;
}

/** The token the client must send in X-CSRF-Token: the session's when logged in, else the cookie's. */
export function csrfTokenFor(c: Ctx): string {
  return c.var.session?.csrfToken ?? anonymousCsrfToken(c);
}
