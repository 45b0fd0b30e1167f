import { parsePathId } from './api/ids.ts';
import { APP_ROUTE_PATTERNS } from './app-route-patterns.gen.ts';

// The app's pages (the client's file routes, src/client/routes/), for the server: a navigation to a path
// none of them matches gets the app shell with HTTP 404 (the app then shows its 404 screen), not a 200.
// The list is generated from the route tree (npm run routes).

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
