import type { Context } from 'hono';
import { levelGives, type AccessLevel, type AccessScope } from '#shared/screens/access-levels.ts';
import type { AppEnv, Grant } from '#server/context.ts';
import { unauthorized } from '#server/lib/api-failure.ts';

// Which of the owner's records each browser call may reach for a colleague (issue 41, ADR 0049).
// One table, like the couriers' allow-list (middleware/account-kind.ts, ADR 0042): every /ajax call
// names the scope of the owner's records it serves, or 'own' when it serves the caller's own account
// alone. A call missing from the table serves a colleague nothing of any owner's (viewerOf gives it
// no owners), so a call added later is closed to colleagues until someone decides otherwise;
// access-levels.test.ts fails on a contract endpoint the table does not name.

/** 'files': a stored file is a ticket's or a bill's, decided by what uses it (access.ts canSeeFile). */
export type CallScope = AccessScope | 'files' | 'own';

export const CALL_SCOPES: Readonly<Record<string, CallScope>> = {
  // The owner's tickets: the list, the page (costs only with 'prices'), history, documents.
  'GET /ajax/cabinet/tickets': 'tickets',
  'GET /ajax/cabinet/tickets/:id': 'tickets',
  'GET /ajax/cabinet/history/tickets/:id': 'tickets',
  'GET /ajax/cabinet/tickets/:id/get-pdf': 'tickets',
  'GET /ajax/cabinet/file/invoice/:provider_order_id': 'tickets',
  'GET /ajax/cabinet/files/:id': 'files',
  // Decisions on the owner's quotes, and the points a quote may take.
  'POST /ajax/cabinet/defects/approve': 'decisions',
  'POST /ajax/cabinet/defects/reject': 'decisions',
  'POST /ajax/cabinet/defects/discuss': 'decisions',
  'POST /ajax/cabinet/defects/trade-in': 'decisions',
  'GET /ajax/cabinet/defects/:id/loyalty': 'decisions',
  // The owner's bills.
  'GET /ajax/cabinet/bills': 'bills',
  'GET /ajax/cabinet/bills/:id/download': 'bills',
  'POST /ajax/cabinet/bills/payment-reported': 'bills',
  // 'Оставить заявку от имени клиники': a request with `for_client_id` lands in the owner's tickets
  // (services/repair-requests/repair-requests.ts checks the level, which this table records).
  'POST /ajax/repair-requests': 'tickets',
  'POST /ajax/repair-requests/with-photos': 'tickets',
  // The caller's own account, whatever it was given: no owner's records (the user data's counters
  // count by level themselves, services/accounts/accounts.ts).
  'GET /ajax/user/data': 'own',
  'GET /ajax/cabinet/trade-in': 'own',
  'GET /ajax/cabinet/trade-in/:id': 'own',
  'GET /ajax/cabinet/accesses': 'own',
  'GET /ajax/cabinet/access-owners': 'own',
  'POST /ajax/cabinet/link-account': 'own',
  'POST /ajax/cabinet/unlink-account': 'own',
  'GET /ajax/cabinet/addresses': 'own',
  'POST /ajax/cabinet/addresses/save': 'own',
  'POST /ajax/cabinet/addresses/:id/delete': 'own',
  'GET /ajax/cabinet/notifications': 'own',
  'POST /ajax/cabinet/notifications/read': 'own',
  'POST /ajax/cabinet/history': 'own',
  'GET /ajax/cabinet/points': 'own',
  'POST /ajax/cabinet/points/eligibility': 'own',
  'POST /ajax/promocode/set': 'own',
  'GET /ajax/cabinet/quiz/get': 'own',
  'POST /ajax/cabinet/quiz/send': 'own',
  'GET /ajax/cabinet/profile/kavo-id': 'own',
  'GET /ajax/cabinet/profile/kavo-list': 'own',
  'POST /ajax/cabinet/profile/update-kavo-id': 'own',
  'POST /ajax/cabinet/profile/unlink-kavo-id': 'own',
  'POST /ajax/cabinet/kavo-id/connect': 'own',
  'POST /ajax/cabinet/profile/personal': 'own',
  'POST /ajax/cabinet/profile/update': 'own',
  'POST /ajax/cabinet/profile/email/send-code': 'own',
  'POST /ajax/cabinet/profile/email/confirm': 'own',
  'GET /ajax/cabinet/notification-mail': 'own',
  'POST /ajax/cabinet/notification-mail': 'own',
  'GET /ajax/cabinet/telegram': 'own',
  'POST /ajax/cabinet/telegram/unlink': 'own',
  'GET /ajax/cabinet/push/key': 'own',
  'POST /ajax/cabinet/push/subscribe': 'own',
  'POST /ajax/cabinet/push/unsubscribe': 'own',
  'POST /ajax/repair-requests/photos': 'own',
  'POST /ajax/email/send-code': 'own',
  'POST /ajax/email/confirm': 'own',
  'POST /ajax/password/change': 'own',
  'POST /ajax/form/proposal-send': 'own',
  'POST /ajax/client-errors': 'own',
  'POST /ajax/logout': 'own',
  // Logged out, or the same for everyone.
  'POST /ajax/login': 'own',
  'POST /ajax/register/send-code': 'own',
  'POST /ajax/register/confirm': 'own',
  'POST /ajax/guest/send-code': 'own',
  'POST /ajax/guest/confirm': 'own',
  'POST /ajax/guest/repair-requests': 'own',
  'POST /ajax/guest/repair-requests/with-photos': 'own',
  'POST /ajax/password/forgot': 'own',
  'POST /ajax/password/reset': 'own',
  'POST /ajax/password/check': 'own',
  'POST /ajax/invitations/check': 'own',
  'POST /ajax/invitations/accept': 'own',
  'GET /ajax/address/suggest': 'own',
  'GET /ajax/address/geocode': 'own',
  'GET /ajax/address/check': 'own',
  'POST /ajax/geo/suggest': 'own',
  'GET /ajax/offices': 'own',
  'GET /ajax/map/settings': 'own',
  'GET /ajax/repair-requests/pickup-calendar': 'own',
  'GET /ajax/banner/get': 'own',
  'GET /ajax/site/settings': 'own',
  'GET /ajax/contacts': 'own',
  'GET /ajax/loyalty/programme': 'own',
  // The courier's calls: no clinic reaches them (middleware/account-kind.ts).
  'GET /ajax/courier/stops': 'own',
  'GET /ajax/courier/stops/:id': 'own',
  'POST /ajax/courier/stops/en-route': 'own',
  'POST /ajax/courier/stops/done': 'own',
  'POST /ajax/courier/stops/failed': 'own',
  'POST /ajax/courier/stops/done-with-photos': 'own',
  'POST /ajax/courier/photos': 'own',
};

/** `METHOD /a/:id/b` → a matcher of the request's method and path. */
const matchers = Object.entries(CALL_SCOPES).map(([key, scope]) => {
  const [method, pattern] = key.split(' ') as [string, string];
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { method, pattern: new RegExp(`^${source}$`), scope };
});

/** The scope of the owner's records this call serves; 'own' for a call the table does not name. */
export function scopeOfCall(method: string, path: string): CallScope {
  const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return matchers.find((m) => m.method === upper && m.pattern.test(path))?.scope ?? 'own';
}

/**
 * Who is asking, and whose records this call may show them: `owners` are the clinics whose level
 * gives the call's scope (none for an 'own' call); `grants` are all of them, so that a record of a
 * clinic whose level does not give it is a 403 that says so, not a 404.
 */
export interface Viewer {
  clientId: number;
  scope: CallScope;
  owners: readonly number[];
  grants: readonly Grant[];
}

export function viewerWith(clientId: number, grants: readonly Grant[], scope: CallScope): Viewer {
  const owners =
    scope === 'own'
      ? []
      : grants.filter((grant) => scope === 'files' || levelGives(grant.level, scope)).map((grant) => grant.ownerId);
  return { clientId, scope, owners, grants };
}

/** The viewer of this request, from the grants its session load read (the same statement). */
export function viewerOf(c: Context<AppEnv>): Viewer {
  const session = c.var.session;
  if (!session) throw unauthorized();
  return viewerWith(session.clientId, session.grants ?? [], scopeOfCall(c.req.method, c.req.path));
}

/** The level `ownerId` gave the viewer; null for the viewer's own records or no access at all. */
export function levelFrom(viewer: Viewer, ownerId: number): AccessLevel | null {
  return viewer.grants.find((grant) => grant.ownerId === ownerId)?.level ?? null;
}

/** Whether the viewer sees `ownerId`'s records of `scope`: its own, or a level that gives it. */
export function viewerMay(viewer: Viewer, ownerId: number, scope: AccessScope): boolean {
  if (ownerId === viewer.clientId) return true;
  const level = levelFrom(viewer, ownerId);
  return level !== null && levelGives(level, scope);
}
