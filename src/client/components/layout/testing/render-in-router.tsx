import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';

/**
 * Renders a component that uses router links, inside a throwaway router at `path` (every path
 * matches, so Link and its active state work as in the app).
 */
export async function renderInRouter(
  ui: () => ReactNode,
  { path = '/' }: { path?: string } = {},
): Promise<RenderResult & { router: AnyRouter }> {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui()}
        <Outlet />
      </>
    ),
  });
  const anyPath = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, anyPath]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const result = render(<RouterProvider router={router} />);
  return { ...result, router };
}
