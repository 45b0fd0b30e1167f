// Test projects (ADR 0004). `npm run test:unit` runs every project but e2e; `npm run test:e2e`
// (tests/e2e/run.mjs) builds the app when needed and runs the e2e project against the built server.
//   unit    src/shared and tools: pure functions, node
//   sw      sw/ (the service worker's outbox and ticket cache): node, IndexedDB from fake-indexeddb,
//           Cache Storage from sw/testing/cache-storage-fake.ts, fetch stubbed
//   server  src/server through app.request() on PGlite (one database per test app, so files run in
//           parallel); against PostgreSQL when TEST_DATABASE_URL is set
//   client  src/client components in happy-dom with @testing-library/react
//   e2e     tests/e2e in Debian's Chromium against `node dist/server/index.js`, one server per worker
// The `#shared/*`, `#client/*`, `#server/*` imports resolve as in vite.config.ts (and package.json
// "imports"); every project extends this root config for that.
import { fileURLToPath } from 'node:url';
import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import routerConfig from './tsr.config.json' with { type: 'json' };

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Client test files that mock a module with `vi.mock` (besides zustand, which every client file mocks). */
const CLIENT_FILES_WITH_MODULE_MOCKS = [
  'src/client/features/account/auth-host-lazy.test.tsx',
  'src/client/features/account/auth-host-preload.test.tsx',
];

const clientTest = {
  environment: 'happy-dom',
  setupFiles: ['tests/setup/dom.ts'],
  testTimeout: 15_000,
} satisfies ViteUserConfig['test'];

export default defineConfig({
  resolve: {
    alias: [
      { find: /^#shared\/(.*)$/, replacement: `${fromRoot('./src/shared/')}$1` },
      { find: /^#client\/(.*)$/, replacement: `${fromRoot('./src/client/')}$1` },
      { find: /^#server\/(.*)$/, replacement: `${fromRoot('./src/server/')}$1` },
    ],
  },
  test: {
    // Both cores: vitest would run one file at a time on a 2-core machine (npm run test:unit 293 s → 223 s).
    maxWorkers: 2,
    // Not vitest's 5 s: the CPU-bound tests (50 000 dates checked against Intl) take 2–4 s when both cores are busy.
    testTimeout: 15_000,
    // The e2e global setup stops the server with SIGTERM and waits for it to exit.
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'tools/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'sw',
          include: ['sw/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          // The schema is migrated once per run; each test app copies it.
          globalSetup: ['tests/setup/server-global-setup.ts'],
          // PGlite boots a WASM Postgres per test app and migrates it: slow on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One process per worker for all its files: PGlite's WASM and the app's modules load once,
          // not per file (the project took 370 s → 164 s on a busy 2-core machine). Each file still
          // makes its own test app and database, and no server test mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        // The generator (re)writes src/client/route-tree.gen.ts (gitignored), so tests that import the
        // router work from a clean clone; no code splitting in tests.
        plugins: [tanstackRouterGenerator({ ...routerConfig, target: 'react' }), react()],
        test: {
          ...clientTest,
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...CLIENT_FILES_WITH_MODULE_MOCKS],
          // One module registry per worker for all its files: React, the router and the app load once,
          // not per file (the project took 100 s → 30 s). tests/setup/dom.ts resets what files share.
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          ...clientTest,
          // A module mock would stay in a shared registry and reach the next files: these run alone.
          name: 'client-mocks',
          include: CLIENT_FILES_WITH_MODULE_MOCKS,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Two files at a time, each worker with its own server (global-setup.ts) and browser; the
          // tests of a file run one after another. One file alone left a core idle most of the time
          // (it waits on the app's timed loaders and notices): 420 s → 315 s (ADR 0004).
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { concurrent: false },
          // One module registry per worker: playwright-core and the helpers load once, not per file
          // (about 1 s between files; each file still launches its own browser).
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // No retries: a flaky test is a bug, in the test or in the app.
          retry: 0,
          // expect.poll waits for a state, as Playwright's waits do; vitest's default (1 s) is a race
          // on a busy 2-core machine, not a check of speed.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
