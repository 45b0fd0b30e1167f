#!/usr/bin/env node
// `npm run test:e2e`: makes sure Debian's Chromium is there, builds the app when dist/ is missing
// or older than its sources, then runs the 'e2e' vitest project (tests/e2e/**/*.e2e.ts), whose
// global setup starts the built server. Extra arguments go to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `e2e: ${CHROMIUM} is missing. Install Debian's Chromium first:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or point E2E_CHROMIUM at a Chromium binary).',
    );
    process.exit(1);
  }
  console.log('e2e: installing Debian chromium…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env }) !== 0
  ) {
    console.error('e2e: apt-get could not install chromium');
    process.exit(1);
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`e2e: chromium installed but ${CHROMIUM} is still missing`);
    process.exit(1);
  }
}

/** The newest modification time under the given files and folders (0 when none exist). */
function newestMtime(entries) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stats = statSync(entry);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) {
        if (name === 'node_modules' || name.endsWith('.gen.ts')) continue;
        visit(path.join(entry, name));
      }
    } else if (!/\.(?:test|spec)\.[cm]?[jt]sx?$/.test(entry)) {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}

function findFile(dir, name) {
  if (!existsSync(dir)) return undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === name) return full;
    if (entry.isDirectory() && entry.name !== 'server') {
      const found = findFile(full, name);
      if (found) return found;
    }
  }
  return undefined;
}

function ensureBuild() {
  const serverEntry = path.join(root, 'dist/server/index.js');
  const clientIndex = findFile(path.join(root, 'dist'), 'index.html');
  const sources = newestMtime([
    'src',
    'sw',
    'public',
    'index.html',
    'vite.config.ts',
    'scripts',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ]);
  const built =
    existsSync(serverEntry) && clientIndex ? Math.min(statSync(serverEntry).mtimeMs, statSync(clientIndex).mtimeMs) : 0;
  if (built > 0 && built >= sources) {
    console.log('e2e: dist/ is up to date');
    return;
  }
  console.log(built === 0 ? 'e2e: no build in dist/, building…' : 'e2e: dist/ is older than the sources, rebuilding…');
  const started = Date.now();
  if (run('npm', ['run', 'build']) !== 0) {
    console.error('e2e: npm run build failed');
    process.exit(1);
  }
  console.log(`e2e: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

ensureChromium();
ensureBuild();
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
process.exit(
  run(process.execPath, [vitest, 'run', '--project', 'e2e', ...process.argv.slice(2)], {
    env: { ...process.env, E2E_CHROMIUM: CHROMIUM },
  }),
);
