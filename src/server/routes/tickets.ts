import { Hono } from 'hono';
import type { AppEnv } from '#server/context.ts';

export const ticketsRoutes = new Hono<AppEnv>();
