import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '#server/context.ts';

/**
 * The pattern of the route that answered (`/ajax/cabinet/tickets/:id`), never the path itself: it
 * goes into metrics' labels, where ids would make a series per ticket. Read after the handlers ran,
 * when the route index points at the one that answered (a guard that refused: its own pattern).
 */
export function routeOf(c: Context<AppEnv>): string {
  return routePath(c) || '*';
}
