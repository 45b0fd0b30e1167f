import { Hono } from 'hono';
import { defineEndpoint } from '#shared/api/endpoint.ts';
import { createClientInput, createClientOutput } from '#shared/api/integration.ts';
import type { AppEnv } from '#server/context.ts';
import { route, type RouteOptions } from '#server/lib/validate.ts';
import { createClientFromBackOffice } from '#server/services/integration-clients.ts';
import { requireIntegrationToken } from '#server/services/integration-auth.ts';

// The back office's API (API.md), mounted at /api/v1. Each call is an endpoint definition plus a
// thin handler; the bearer check runs before any body is read. Unknown paths fall through to the
// app's JSON 404. Add the remaining calls of API.md next to `createClient` in the same way.

const BASE = '/api/v1';

export const integrationEndpoints = {
  createClient: defineEndpoint({ method: 'POST', path: `${BASE}/clients`, input: createClientInput, output: createClientOutput }),
};

export const integrationRoutes = new Hono<AppEnv>();

integrationRoutes.use('*', requireIntegrationToken());

const relative: RouteOptions = { stripPrefix: BASE };
const created: RouteOptions = { ...relative, status: 201 };

route(
  integrationRoutes,
  integrationEndpoints.createClient,
  async (c, input) => ({ id: await createClientFromBackOffice(c.var.deps, input) }),
  created,
);
