import type { Config } from '#server/context.ts';

/** Metrics are read somewhere: a token for GET /metrics, or the local METRICS_PORT. */
export const metricsOn = (config: Config): boolean =>
  config.metricsToken !== undefined || config.metricsPort !== undefined;
