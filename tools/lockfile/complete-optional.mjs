#!/usr/bin/env node
// Makes package-lock.json acceptable to `npm ci` on machines whose npm registry carries only some
// platforms' builds of native packages (here: linux only).
//
// Native tools (oxlint, rollup, …) list one optional package per platform. When `npm install`
// cannot fetch the other platforms' packages, it leaves them out of the lock; `npm install` is
// content with that, but `npm ci` then stops with "Missing: @scope/binding-darwin-arm64@ from lock
// file". This script asks `npm ci --dry-run` (in a scratch copy: node_modules is not touched)
// which entries are missing and adds each as an optional entry with the os / cpu / libc of its
// name, so `npm ci` skips it on other platforms, as it does for complete lock files.
//
// Usage: node tools/lockfile/complete-optional.mjs            (fixes package-lock.json)
//        node tools/lockfile/complete-optional.mjs --check    (exit 1 if something is missing)
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lockPath = path.join(root, 'package-lock.json');
const check = process.argv.includes('--check');

function missingEntries() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'lockfile-'));
  try {
    // The local packages' manifests too (file: dependencies, e.g. tools/openapi-typescript: ADR 0050).
    for (const file of ['package.json', 'package-lock.json', '.npmrc', 'tools/openapi-typescript/package.json']) {
      if (!existsSync(path.join(root, file))) continue;
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      copyFileSync(path.join(root, file), path.join(scratch, file));
    }
    const result = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: scratch,
      encoding: 'utf8',
    });
    const output = `${result.stdout}\n${result.stderr}`;
    const names = [...output.matchAll(/Missing: (@?[^@\s]+)@\S* from lock file/g)].map((match) => match[1]);
    if (result.status !== 0 && names.length === 0) {
      process.stderr.write(output);
      throw new Error('npm ci --dry-run failed for another reason than missing optional entries');
    }
    return [...new Set(names)];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const OSES = ['android', 'darwin', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony', 'linux', 'win32'];
const CPUS = ['arm64', 'arm', 'x64', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];

/** os / cpu / libc from a platform package's name, e.g. binding-linux-arm64-musl. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = OSES.find(
    (candidate) => parts.includes(candidate) || (candidate === 'win32' && parts.includes('windows')),
  );
  const cpu = CPUS.find((candidate) => parts.includes(candidate));
  if (!os || !cpu) return undefined;
  const libc = os === 'linux' ? (parts.includes('musl') || parts.includes('musleabihf') ? 'musl' : 'glibc') : undefined;
  return { os, cpu, libc };
}

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
const missing = missingEntries();
if (missing.length === 0) {
  console.log('package-lock.json: npm ci accepts it');
  process.exit(0);
}
if (check) {
  console.error(
    `package-lock.json lacks ${missing.length} optional platform entries (${missing.slice(0, 3).join(', ')}…): run node tools/lockfile/complete-optional.mjs`,
  );
  process.exit(1);
}

for (const name of missing) {
  let version;
  let dev = false;
  for (const entry of Object.values(packages)) {
    const wanted = entry.optionalDependencies?.[name] ?? entry.dependencies?.[name];
    if (wanted) {
      version = wanted;
      dev = entry.dev === true;
      break;
    }
  }
  const platform = platformOf(name);
  if (!version || !/^\d+\.\d+\.\d+/.test(version) || !platform) {
    throw new Error(`cannot complete ${name} (version ${version ?? '?'}): add it by hand`);
  }
  packages[`node_modules/${name}`] = {
    version,
    ...(dev ? { dev: true } : {}),
    optional: true,
    os: [platform.os],
    cpu: [platform.cpu],
    ...(platform.libc ? { libc: [platform.libc] } : {}),
  };
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${missing.length} optional platform entries`);
