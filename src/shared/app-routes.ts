import { parsePathId } from './api/ids.ts';

// The app's pages (the client's file routes, src/client/routes/), for the server: a navigation to a path
// none of them matches gets the app shell with HTTP 404 (the app then shows its 404 screen), not a 200.
// src/client/app-routes.test.ts keeps this list in step with the route tree.

/** Full paths as the router writes them: '$name' is a dynamic segment. */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/cabinet',
  '/cabinet/accesses',
  '/cabinet/address',
  '/cabinet/bills',
  '/cabinet/bonuses',
  '/cabinet/history',
  '/cabinet/kavo-id',
  '/cabinet/notifications',
  '/cabinet/password',
  '/cabinet/profile',
  '/cabinet/promocode',
  '/cabinet/repair',
  '/cabinet/settings',
  '/cabinet/tickets',
  '/cabinet/tickets/$id',
  '/client/restore-password/$code',
  '/contacts',
  '/guide/2',
  '/loyalty',
  '/privacy',
  '/rules/loyalty',
  '/service-centres',
  '/services',
] as const;

/** What a dynamic segment must look like; any other one takes any non-empty segment. */
const SEGMENT_RULES: Record<string, (segment: string) => boolean> = {
  // The ticket page reads its number as the API does: anything else is its 'Заявка не найдена'.
  $id: (segment) => parsePathId(segment) !== null,
};

const splitPath = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = APP_ROUTE_PATTERNS.map(splitPath);

function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => {
      const segment = segments[index]!;
      if (!part.startsWith('$')) return part === segment;
      return SEGMENT_RULES[part]?.(segment) ?? segment !== '';
    })
  );
}

/** Whether a (decoded) path is one of the app's pages; a trailing slash does not matter. */
export function isAppPath(pathname: string): boolean {
  const segments = splitPath(pathname);
  return PATTERNS.some((pattern) => matches(pattern, segments));
}
