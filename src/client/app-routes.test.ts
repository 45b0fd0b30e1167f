// The server's list of the app's pages (src/shared/app-route-patterns.gen.ts, written by `npm run routes`)
// must be the router's: a page added without regenerating it would be answered with HTTP 404.
// Needs src/client/route-tree.gen.ts (npm run routes; `npm run test:unit` generates it first).
import { describe, expect, it } from 'vitest';
import { APP_ROUTE_PATTERNS } from '#shared/app-route-patterns.gen.ts';
import { createAppRouter } from './router.tsx';

describe('APP_ROUTE_PATTERNS', () => {
  it("is the route tree's list of pages", () => {
    const router = createAppRouter();
    const fullPaths = Object.values(router.routesById)
      .map((route) => route.fullPath)
      .filter((fullPath) => fullPath !== '')
      .map((fullPath) => (fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath));
    expect([...new Set(fullPaths)].sort()).toEqual([...APP_ROUTE_PATTERNS].sort());
  });
});
