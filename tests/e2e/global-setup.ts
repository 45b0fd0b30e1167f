// Global setup of the 'e2e' project: starts the BUILT server (`node dist/server/index.js`, as
// `npm start` does after its build) once per test worker, each on a free port with its own
// throw-away DATA_DIR, the demo data, an integration token and its own fakes of the outside
// services, waits for /healthz, hands the addresses to the tests (`inject('e2eServers')`; a test
// file uses the one of its worker, tests/e2e/support.ts), and stops them with SIGTERM at the end.
// One server per worker keeps files that run at the same time apart: the banner one file sets, or
// the demo clinic's bills another pays, never show in the other's browser.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../setup/free-port.ts';
import { startGeoFake } from '../setup/geo-fakes.ts';
import { FAKE_BOT_NAME, FAKE_BOT_TOKEN, FAKE_WEBHOOK_SECRET, startTelegramFake } from '../setup/telegram-fake.ts';
import { KAVO_TEST_CLIENT, startKavoProvider } from '../setup/kavo-provider.ts';
import { TEST_PAYEE_ENV } from '../setup/payee.ts';

export const E2E_INTEGRATION_TOKEN = 'e2e-integration-token-0123456789abcdef';

/** One started server, as the tests of one worker see it. */
export interface E2eServer {
  baseURL: string;
  dataDir: string;
  /** The server's output (test-results/e2e-server-<n>.log). */
  logFile: string;
  /** The fake Bot API this server sends to (tests read GET /__fake/messages). */
  telegramFakeUrl: string;
  /** The fake geo services and tiles this server uses (tests take them down with PUT /__fake/down). */
  geoFakeUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per test worker: worker n (VITEST_POOL_ID) uses e2eServers[n - 1]. */
    e2eServers: E2eServer[];
    integrationToken: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const resultsDir = path.join(root, 'test-results');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, logFile: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before /healthz answered; see ${logFile}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms (${lastError}); see ${logFile}`);
}

function stop(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.warn(`e2e: the server did not stop within ${timeoutMs} ms of SIGTERM; killing it`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0 && signal === null) console.warn(`e2e: the server exited with code ${code} after SIGTERM`);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface Stack {
  server: E2eServer;
  close: () => Promise<void>;
}

/** The server and its fakes (geo, Telegram, KAVO ID) for worker `index` (1-based). */
async function startStack(entry: string, index: number): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-e2e-${index}-`));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  // The geo services and the map tiles: a local fake speaking their protocols (no network here).
  const geo = await startGeoFake();
  // The Telegram Bot API: a local fake too (tests/setup/telegram-fake.ts).
  const telegram = await startTelegramFake();
  // KAVO ID: a real OIDC provider (oidc-provider) with its login and consent pages (tests/setup/kavo-provider.ts).
  const kavo = await startKavoProvider([`${baseURL}/ajax/cabinet/kavo-id/callback`]);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GEO_PROVIDER: 'osm',
    PHOTON_URL: geo.url,
    NOMINATIM_URL: geo.url,
    MAP_TILES_URL: `${geo.url}/tiles/{z}/{x}/{y}.png`,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    SEED_DEMO: 'true',
    // scrypt at 1/128 of OWASP's cost, as the server tests hash (ADR 0024): the run logs in about a
    // hundred times, and at full cost each hash took half a second of a core the browsers need.
    SCRYPT_N: '1024',
    INTEGRATION_TOKENS: E2E_INTEGRATION_TOKEN,
    TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
    TELEGRAM_BOT_NAME: FAKE_BOT_NAME,
    TELEGRAM_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    TELEGRAM_API_URL: telegram.url,
    KAVO_ISSUER_URL: kavo.issuer,
    KAVO_CLIENT_ID: KAVO_TEST_CLIENT.clientId,
    KAVO_CLIENT_SECRET: KAVO_TEST_CLIENT.clientSecret,
    // The payee of the bills' payment QR (ADR 0028).
    ...TEST_PAYEE_ENV,
  };
  // The embedded database and the outbox mailer: never a developer's PostgreSQL or SMTP server.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;

  const logFile = path.join(resultsDir, `e2e-server-${index}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const close = async (timeoutMs: number) => {
    await stop(child, timeoutMs);
    await geo.close();
    await telegram.close();
    await kavo.close();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(`${baseURL}/healthz`, child, 90_000, logFile);
  } catch (error) {
    await close(5_000);
    throw error;
  }
  return {
    server: { baseURL, dataDir, logFile, telegramFakeUrl: telegram.url, geoFakeUrl: geo.url },
    close: () => close(15_000),
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = path.join(root, 'dist/server/index.js');
  if (!existsSync(entry)) {
    throw new Error(
      'dist/server/index.js is missing: run the e2e tests with `npm run test:e2e` (it builds first) or `npm run build`',
    );
  }
  // Screenshots and server logs of this run only (a FAILED-* file from an earlier run would mislead).
  rmSync(path.join(resultsDir, 'screenshots'), { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });

  const workers = project.config.maxWorkers;
  const started = await Promise.allSettled(Array.from({ length: workers }, (_, index) => startStack(entry, index + 1)));
  const stacks = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const closeAll = async () => {
    await Promise.all(stacks.map((stack) => stack.close()));
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await closeAll();
    throw failure.reason;
  }

  project.provide(
    'e2eServers',
    stacks.map((stack) => stack.server),
  );
  project.provide('integrationToken', E2E_INTEGRATION_TOKEN);
  return closeAll;
}
