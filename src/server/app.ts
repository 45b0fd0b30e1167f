import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from './context.ts';
import { serveClient } from './static.ts';
import { ApiFailure, sendFailure } from './lib/api-failure.ts';
import { accountRoutes } from './routes/accounts/account.ts';
import { integrationRoutes } from './routes/integration/integration.ts';
import { billsRoutes } from './routes/tickets/bills.ts';
import { clientErrorRoutes } from './routes/client-errors.ts';
import { decisionsRoutes } from './routes/tickets/decisions.ts';
import { placesRoutes } from './routes/places/places.ts';
import { accessRoutes } from './routes/accounts/accesses.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { pushRoutes } from './routes/notifications/push.ts';
import { telegramRoutes } from './routes/notifications/telegram.ts';
import { notificationMailRoutes } from './routes/notifications/notification-mail.ts';
import { promocodeRoutes } from './routes/loyalty/promocodes.ts';
import { quizRoutes } from './routes/loyalty/quizzes.ts';
import { notificationRoutes } from './routes/notifications/notifications.ts';
import { profileRoutes } from './routes/accounts/profile.ts';
import { repairRequestRoutes } from './routes/repair-requests/repair-requests.ts';
import { guestRequestRoutes } from './routes/repair-requests/guest-requests.ts';
import { ticketsRoutes } from './routes/tickets/tickets.ts';
import { siteNoticeRoutes } from './routes/notifications/site-notices.ts';
import { kavoRoutes } from './routes/kavo/kavo.ts';
import { bonusRoutes } from './routes/loyalty/bonuses.ts';
import { contactsRoutes } from './routes/places/contacts.ts';
import { csrfProtection } from './middleware/csrf.ts';
import { requestIdentity, requestLogger } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { shedLoad } from './middleware/load-shedding.ts';
import { loadSession } from './middleware/session.ts';
import { fenceCouriers } from './middleware/account-kind.ts';
import { courierRoutes } from './routes/couriers/courier.ts';
import { closeOnUnreadBody } from './middleware/unread-body.ts';
import { metricsOn } from './metrics/enabled.ts';
import { requestMetrics } from './middleware/request-metrics.ts';
import { metricsRoute } from './metrics/route.ts';
import { watchDatabase } from './metrics/state.ts';
import { watchPool } from './metrics/pool.ts';

const NOT_FOUND = { success: false, message: 'Не найдено' } as const;
/** An embedded database that answered this recently is up: /healthz does not queue behind a burst for the same proof. */
const RECENT_ANSWER_MS = 1_000;
const INTERNAL_ERROR = { success: false, message: 'Внутренняя ошибка сервера. Попробуйте позже.' } as const;
const BAD_REQUEST = { success: false, message: 'Некорректный запрос' } as const;

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // An answer that leaves a large body unread closes its connection rather than read the body (ADR 0040).
  app.use('*', closeOnUnreadBody());
  // Then: a refusal under overload must cost as little as possible (ADR 0032).
  app.use('*', shedLoad({ limits: deps.config.loadLimits, log: deps.log, trustProxy: deps.config.trustProxy }));

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('session', null);
    await next();
  });
  app.use('*', ...requestIdentity());
  app.use('*', securityHeaders(deps.config));
  app.use('*', requestLogger());
  // Only measured where someone reads it: a portal without metrics pays nothing for them.
  if (metricsOn(deps.config)) {
    app.use('*', requestMetrics());
    watchDatabase(deps.database, deps.now);
    watchPool(deps.database);
  }
  app.get('/metrics', metricsRoute(deps.config.metricsToken));

  app.get('/healthz', async (c) => {
    // Load balancers and uptime checks must see the live answer, never a cached one.
    c.header('Cache-Control', 'no-store');
    try {
      if (!deps.database.answeredWithin?.(RECENT_ANSWER_MS)) await deps.database.db.execute(sql`select 1`);
    } catch (error) {
      deps.log.error('health check failed', { error });
      return c.json({ ok: false, db: deps.database.kind }, 503);
    }
    return c.json({
      ok: true,
      db: deps.database.kind,
      last_backup_at: deps.backups?.lastBackupAt()?.toISOString() ?? null,
    });
  });

  // Session and CSRF guard every browser call, whichever router answers it; both run once per request.
  app.use('/ajax/*', loadSession(), csrfProtection(), fenceCouriers());

  app.route('/api/v1', integrationRoutes);
  app.route('/', accountRoutes);
  app.route('/', ticketsRoutes);
  app.route('/', billsRoutes);
  app.route('/', decisionsRoutes);
  app.route('/', clientErrorRoutes);
  app.route('/', placesRoutes);
  app.route('/', repairRequestRoutes);
  app.route('/', guestRequestRoutes);
  app.route('/', profileRoutes);
  app.route('/', accessRoutes);
  app.route('/', notificationRoutes);
  app.route('/', feedbackRoutes);
  app.route('/', siteNoticeRoutes);
  app.route('/', telegramRoutes);
  app.route('/', notificationMailRoutes);
  app.route('/', pushRoutes);
  app.route('/', kavoRoutes);
  app.route('/', promocodeRoutes);
  app.route('/', quizRoutes);
  app.route('/', bonusRoutes);
  app.route('/', contactsRoutes);
  app.route('/', courierRoutes);

  // Unknown calls answer in the API's own shape, never with the app shell.
  const notFoundJson = (c: Context<AppEnv>) => c.json(NOT_FOUND, 404);
  app.all('/ajax', notFoundJson);
  app.all('/ajax/*', notFoundJson);
  app.all('/api', notFoundJson);
  app.all('/api/*', notFoundJson);

  app.use('*', serveClient(deps.config.clientDir));

  app.notFound((c) => c.text('Не найдено', 404));

  app.onError((error, c) => {
    // A refusal thrown by a guard (route()'s `before`, which runs outside the route's own catch).
    if (error instanceof ApiFailure) return sendFailure(c, error);
    // Bad input that slipped past validation is the client's fault, never a 500.
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status < 500) return c.json({ success: false, message: error.message || BAD_REQUEST.message }, status);
    }
    if (error instanceof URIError || (error instanceof SyntaxError && /JSON/i.test(error.message))) {
      return c.json(BAD_REQUEST, 400);
    }
    // The request's own line (middleware/request-log.ts) carries it, with its stack.
    c.set('error', error);
    // The id lets a user's report be found in the log; it says nothing about the error itself.
    const id = c.var.requestId;
    return c.json({ success: false, message: `${INTERNAL_ERROR.message} Код ошибки: ${id}`, request_id: id }, 500);
  });

  return app;
}
