import { Hono } from 'hono';
import { getPushKey, PUSH_MESSAGES, subscribePush, unsubscribePush } from '#shared/screens/push.ts';
import type { AppEnv } from '#server/context.ts';
import { pushEndpointAllowed } from '#server/delivery/push-endpoint.ts';
import { vapidKeysOf } from '#server/delivery/vapid-keys.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import { removeSubscription, saveSubscription } from '#server/services/notifications/push-subscriptions.ts';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';

// Web Push for this device (src/shared/screens/push.ts; ADR 0019).

export const pushRoutes = new Hono<AppEnv>();
const loggedIn = { before: [requireSession()] };

route(
  pushRoutes,
  getPushKey,
  async (c) => ({ success: true, public_key: vapidKeysOf(c.var.deps.config).publicKey }),
  loggedIn,
);

route(
  pushRoutes,
  subscribePush,
  async (c, input) => {
    const { deps } = c.var;
    // Only a known push service: the server posts to this address later (delivery/push-endpoint.ts).
    if (!pushEndpointAllowed(input.endpoint, deps.config))
      throw fieldFailure('endpoint', PUSH_MESSAGES.badSubscription);
    const clientId = sessionOf(c).clientId;
    await enforceLimits(deps, [[rateRules.pushSubscribeAccount, String(clientId)]]);
    await saveSubscription(deps.database.db, clientId, input, deps.now());
    return { success: true };
  },
  loggedIn,
);

route(
  pushRoutes,
  unsubscribePush,
  async (c, input) => {
    const { deps } = c.var;
    await removeSubscription(deps.database.db, sessionOf(c).clientId, input.endpoint, deps.now());
    return { success: true };
  },
  loggedIn,
);
