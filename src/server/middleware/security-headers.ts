import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '#server/context.ts';

// Headers on every answer (hono/secure-headers, plus its defaults: CORP, Origin-Agent-Cluster…).

/**
 * Map tiles are the only third-party content the app loads (Leaflet's default OpenStreetMap tiles);
 * everything else, scripts included, must come from our own origin.
 */
const TILE_HOSTS = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'];

const SELF = "'self'";
const NONE = "'none'";

export function securityHeaders(secure: boolean): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: [SELF],
      scriptSrc: [SELF],
      styleSrc: [SELF],
      imgSrc: [SELF, 'data:', 'blob:', ...TILE_HOSTS],
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
    strictTransportSecurity: secure ? 'max-age=31536000; includeSubDomains' : false,
  });
}
