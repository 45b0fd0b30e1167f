import { Hono } from 'hono';
import type { AppEnv } from '#server/context.ts';

export const decisionsRoutes = new Hono<AppEnv>();
