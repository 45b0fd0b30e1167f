// Boot: configuration, the DATA_DIR lock (embedded database only), database (embedded PGlite or
// PostgreSQL), migrations, the file store (bytes moved out of the database, orphans swept), demo
// data, HTTP server, and a graceful stop on SIGTERM/SIGINT.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { startEmbeddedBackups } from './backup/embedded.ts';
import { isClusterWorker, onPrimaryGone, runPrimary } from './cluster.ts';
import type { AppDeps, Config } from './context.ts';
import { openPglite, openPostgres, type Database } from './db/client.ts';
import {
  DEMO_COURIER_EMAIL,
  DEMO_COURIER_PASSWORD,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  demoAccountExists,
  seedDemo,
} from './db/seed.ts';
import { ConfigError, loadConfig } from './env.ts';
import { DataDirInUseError, lockDataDir } from './lib/data-dir-lock.ts';
import { createLogger, stdoutSink } from './lib/logger.ts';
import { answerUnparsableRequests, MAX_HEADER_BYTES } from './lib/unparsable-requests.ts';
import { createMailer } from './mail/mailer.ts';
import { workerThreadRenderer } from './pdf/ticket-pdf-renderer.ts';
import { createPasswordHasher, OWASP_COST } from './services/accounts/passwords.ts';
import { makeGeoProvider } from './geo/make-provider.ts';
import { createTicketPdfs } from './services/tickets/pdfs.ts';
import { createDeliveryLoop } from './services/notifications/delivery-loop.ts';
import { kavoTokenKey } from './services/kavo/tokens.ts';
import { prepareDeviceKey } from './services/accounts/login-devices.ts';
import { mailQueueKey } from './services/notifications/mail-queue.ts';
import { warnOfLocalSender } from './mail/sender-check.ts';
import { createSupportAddress } from './services/places/contacts.ts';
import { makeFileStore } from './storage/make-store.ts';
import { reportStoreCheck } from './storage/check-store.ts';
import { moveBytesToStore } from './storage/move-to-store.ts';
import { createSweeper } from './storage/sweep.ts';
import { workAfterAnswers } from './lib/after-answer.ts';
import { aggregateWorkers, clusterText, metricsText, serveWorkerMetrics } from './metrics/cluster.ts';
import { serveMetricsPort } from './metrics/port.ts';

/** How long in-flight requests may take to finish after a stop signal before we give up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Ошибка настройки / configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Two processes on one embedded database corrupt it, so the second one refuses to start. The lock
 * goes on every exit (process.exit included); a kill -9 leaves it behind, and the next start
 * takes it over because its pid is gone.
 */
function lockEmbeddedDataDir(config: Config): void {
  if (config.databaseUrl) return; // PostgreSQL: many API processes may share one DATA_DIR
  try {
    const lock = lockDataDir(config.dataDir);
    process.on('exit', () => lock.release());
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`Каталог данных занят / cannot start the server: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = path.join(config.dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger(await stdoutSink());
  if ((config.workers ?? 1) > 1 && !isClusterWorker()) {
    runPrimary(config.workers ?? 1, log);
    // The primary serves no requests but holds the sum of the workers' metrics (metrics/cluster.ts).
    aggregateWorkers();
    if (config.metricsPort !== undefined) serveMetricsPort(config.metricsPort, clusterText, log);
    return;
  }
  if (isClusterWorker()) serveWorkerMetrics();
  else if (config.metricsPort !== undefined) serveMetricsPort(config.metricsPort, metricsText, log);
  mkdirSync(config.dataDir, { recursive: true });
  lockEmbeddedDataDir(config);

  const database = await openDatabase(config);
  await database.migrate();
  log.info('database ready', { db: database.kind });
  const files = makeFileStore(config);
  // Rows from before the file store (migration 0012) hand their bytes over before anyone asks for them.
  await moveBytesToStore(files, database.db, log);
  // Not awaited: a large folder takes a while to stat, and the start need not wait for the report.
  void reportStoreCheck(files, database.db, log, config.s3 ? 's3' : 'folder').catch((error: unknown) =>
    log.warn('the file store could not be checked against the database', { error }),
  );

  const now = () => new Date();
  const passwords = createPasswordHasher({ cost: { ...OWASP_COST, N: config.scryptN ?? OWASP_COST.N } });
  if (config.scryptN !== undefined && config.scryptN < OWASP_COST.N) {
    log.warn(`SCRYPT_N is below OWASP's ${OWASP_COST.N}: new password hashes are cheap to guess; meant for tests`, {
      scryptN: config.scryptN,
    });
  }
  const ticketPdfs = createTicketPdfs(workerThreadRenderer());
  if (config.seedDemo && (await seedDemo(database.db, files, now(), passwords.hash))) log.info('demo data seeded');
  const showDemoLogin = await demoAccountExists(database.db);
  const showCourierLogin = await demoAccountExists(database.db, DEMO_COURIER_EMAIL);

  const supportAddress = createSupportAddress(config, database.db);
  await supportAddress.refresh();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
    replyTo: () => supportAddress.current(),
  });
  const geo = makeGeoProvider(config);
  // A DATA_DIR where the KAVO ID token key cannot be made stops the start, not the first link.
  if (config.kavo) kavoTokenKey(config);
  prepareDeviceKey(config);
  mailQueueKey(config);
  warnOfLocalSender(config, log);
  // Scheduled backups and `npm run backup` of this running process (embedded database only; ADR 0044).
  const backups = await startEmbeddedBackups({ config, database, files, log, now });
  const deps: AppDeps = { config, database, files, mailer, log, passwords, ticketPdfs, geo, now, backups };
  const app = createApp(deps);
  // Telegram, Web Push and e-mail deliveries (ADR 0019, 0045): every process sends; rows are claimed, never shared.
  const deliveries = createDeliveryLoop(deps);
  deliveries.start();
  const sweeper = createSweeper(deps);
  sweeper.start();

  const server = serve(
    { fetch: app.fetch, port: config.port, serverOptions: { maxHeaderSize: MAX_HEADER_BYTES } },
    (info) => {
      log.info('listening', { port: info.port, url: config.publicUrl });
      const lines = [
        '',
        `  Портал запущен: ${config.publicUrl}`,
        `  База данных: ${database.kind === 'pglite' ? `встроенная (${path.join(config.dataDir, 'pg')})` : 'PostgreSQL'}`,
        config.smtpUrl ? '  Почта: SMTP' : `  Письма сохраняются в ${path.join(config.dataDir, 'outbox')}`,
        ...(showDemoLogin ? [`  Демо-вход: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`] : []),
        ...(showCourierLogin ? [`  Демо-курьер: ${DEMO_COURIER_EMAIL} / ${DEMO_COURIER_PASSWORD}`] : []),
        ...(backups?.warning ? [`  Внимание: ${backups.warning}`] : []),
        '',
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    },
  );

  answerUnparsableRequests(server);

  server.on('error', async (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT)` : error.message;
    process.stderr.write(`Не удалось запустить сервер / cannot start the server: ${reason}\n`);
    await database.close().catch(() => {});
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C means "now": do not wait for anything.
      log.warn('second signal, exiting at once', { signal });
      process.exit(1);
    }
    stopping = true;
    log.info('stopping', { signal });
    const force = setTimeout(() => {
      log.error('requests did not finish in time, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting and waits for in-flight requests; idle keep-alive sockets would hold it open.
    server.close(async () => {
      try {
        await workAfterAnswers();
        await deliveries.stop();
        await sweeper.stop();
        await backups?.stop();
        await ticketPdfs.close();
        await database.close();
        log.info('stopped');
        process.exit(0);
      } catch (error) {
        log.error('database close failed', { error });
        process.exit(1);
      }
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  if (isClusterWorker()) {
    // The primary passes SIGTERM on; a terminal's Ctrl+C, which reaches every process, is its to handle.
    process.on('SIGINT', () => {});
    onPrimaryGone(() => {
      if (!stopping) stop('SIGTERM');
    });
  } else process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Сервер не запустился / startup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
