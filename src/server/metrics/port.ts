import { createServer, type Server } from 'node:http';
import type { Logger } from '#server/context.ts';
import type { MetricsText } from './cluster.ts';

/**
 * METRICS_PORT: GET /metrics without a token, on 127.0.0.1 only, so nothing outside the machine
 * (a Prometheus agent or a tunnel on it) can read it. In the primary when there are workers.
 */
export function serveMetricsPort(port: number, read: () => Promise<MetricsText>, log: Logger): Server {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    read().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (error: unknown) => {
        log.error('metrics could not be read', { error });
        response.writeHead(503).end();
      },
    );
  });
  server.on('error', (error) => log.error('the metrics port could not be opened', { port, error }));
  server.listen(port, '127.0.0.1', () => log.info('metrics listening', { port, host: '127.0.0.1' }));
  // The metrics port never keeps a stopping process alive.
  server.unref();
  return server;
}
