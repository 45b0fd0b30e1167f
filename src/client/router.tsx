import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { AppErrorScreen } from '#client/components/layout/app-error-screen.tsx';
import { NotFoundScreen } from '#client/components/layout/status-screens.tsx';
import { routeTree } from './route-tree.gen.ts';

/** The app's router; tests pass a memory history. */
export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundScreen,
    // Russian errors, and a route chunk lost to a deploy reloads the app (lib/chunk-reload.ts).
    defaultErrorComponent: AppErrorScreen,
    // New pages open at the top (cabinet.md §2: every navigation scrolls to the top); Back and Forward
    // return to where the user was.
    scrollRestoration: true,
    // Wait briefly for lazily loaded route chunks before showing a pending state.
    defaultPendingMs: 300,
  });
}

export const router = createAppRouter();

/**
 * Starts fetching the chunks of the page being opened (its route and its parents) at once: the
 * router asks for them only from React's first render, a step later on the start's critical path.
 * Both land on the same promises, so nothing loads twice.
 */
export function preloadRouteChunks(pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname);
  // A failed chunk is the router's to report when it loads the page (AppErrorScreen).
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => {});
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
