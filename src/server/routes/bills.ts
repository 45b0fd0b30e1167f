import { Hono } from 'hono';
import type { AppEnv } from '#server/context.ts';

export const billsRoutes = new Hono<AppEnv>();
