import { Hono } from 'hono';
import { CLIENT_ERROR_MAX_BYTES, reportClientError } from '#shared/api/client-errors.ts';
import { statusOfRepairRequestFailure } from '#shared/screens/repair-failure-report.ts';
import type { AppEnv } from '#server/context.ts';
import { payloadTooLarge } from '#server/lib/api-failure.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { stackMapperFor } from '#server/lib/source-maps.ts';
import { route } from '#server/lib/validate.ts';
import { clientErrorReports, clientErrorSource, countUnansweredRepairRequest } from '#server/metrics/domain.ts';
import { enforceLimits, rateRules } from '#server/services/rate-limit.ts';

// Errors from users' phones land in the server log next to the request lines, with the account when
// there is one, so that a clinic's "it broke" can be found. Nothing is stored: the log is the record.
// The stack names the built files; it is logged mapped to the sources (lib/source-maps.ts).

export const clientErrorRoutes = new Hono<AppEnv>();

route(
  clientErrorRoutes,
  reportClientError,
  async (c, report) => {
    const deps = c.var.deps;
    await enforceLimits(deps, [[rateRules.clientErrorsIp, clientIp(c)]]);
    const mapsDir = deps.config.sourceMapDir;
    const stack = report.stack && mapsDir ? await stackMapperFor(mapsDir)(report.stack) : report.stack;
    clientErrorReports.inc({ source: clientErrorSource(report.source) });
    const unanswered = report.source === 'repair-request' ? statusOfRepairRequestFailure(report.message) : null;
    if (unanswered !== null) countUnansweredRepairRequest(unanswered);
    deps.log.warn('client error', { ...report, stack, clientId: c.var.session?.clientId ?? null });
    return { success: true };
  },
  {
    before: [
      async (c, next) => {
        // A report is small; a larger one is refused before anything reads it, and counts like any
        // other report, so a page in a loop of huge ones is stopped too.
        if (Number(c.req.header('content-length') ?? '0') > CLIENT_ERROR_MAX_BYTES) {
          await enforceLimits(c.var.deps, [[rateRules.clientErrorsIp, clientIp(c)]]);
          throw payloadTooLarge('Отчёт об ошибке слишком большой');
        }
        await next();
      },
    ],
  },
);
