import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '#server/context.ts';

// Headers on every answer (hono/secure-headers, plus its defaults: CORP, Origin-Agent-Cluster…).

/**
 * Map tiles (MAP_TILES_URL) are the only third-party content the app loads; everything else,
 * scripts included, must come from our own origin. A `{s}` subdomain becomes a wildcard.
 */
export function tileSources(template: string): string[] {
  try {
    const url = new URL(template.replaceAll('{s}', 'tile-subdomain').replace(/\{[a-z]+\}/gi, '0'));
    return [url.origin.replace('//tile-subdomain.', '//*.')];
  } catch {
    return [];
  }
}

const SELF = "'self'";
const NONE = "'none'";

export function securityHeaders({
  secure,
  mapTilesUrl,
}: {
  secure: boolean;
  mapTilesUrl: string;
}): MiddlewareHandler<AppEnv> {
  const hsts = secure ? 'max-age=31536000; includeSubDomains' : false;
  const page = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: [SELF],
      scriptSrc: [SELF],
      styleSrc: [SELF],
      imgSrc: [SELF, 'data:', 'blob:', ...tileSources(mapTilesUrl)],
      fontSrc: [SELF],
      connectSrc: [SELF],
      workerSrc: [SELF],
      manifestSrc: [SELF],
      frameAncestors: [NONE],
      baseUri: [SELF],
      formAction: [SELF],
      objectSrc: [NONE],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Geolocation stays for "find me on the map"; everything else the app never needs.
    permissionsPolicy: { camera: [], microphone: [], payment: [], usb: [], geolocation: ['self'] },
    xFrameOptions: 'DENY',
    strictTransportSecurity: hsts,
  });
  // The build's scripts, styles and images under /assets/ are never a document nor a worker's script
  // (the service worker is /sw.js): the policies a document acts on mean nothing on them and only add
  // some 600 bytes to each answer on a cold start's dozen. nosniff, CORP and HSTS stay.
  const asset = secureHeaders({
    contentSecurityPolicy: undefined,
    permissionsPolicy: {},
    referrerPolicy: false,
    xFrameOptions: false,
    xXssProtection: false,
    xDownloadOptions: false,
    xDnsPrefetchControl: false,
    xPermittedCrossDomainPolicies: false,
    originAgentCluster: false,
    crossOriginOpenerPolicy: false,
    strictTransportSecurity: hsts,
  });
  return (c, next) => (c.req.path.startsWith(ASSETS_PREFIX) ? asset(c, next) : page(c, next));
}

/** Where Vite puts the build's hashed files (src/server/static.ts). */
const ASSETS_PREFIX = '/assets/';
