// The real server as a child process (through tsx, so no build is needed): started on a free port
// with a clean environment, waited for until /healthz answers, and logged in as the demo clinic.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { CookieJar } from './test-app.ts';

const root = path.resolve(import.meta.dirname, '../..');
const running = new Set<ChildProcess>();

/** For afterAll: whatever a failed test left running. */
export function killServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function start(env: Record<string, string>): Started {
  // A clean environment: the parent's DATABASE_URL or TEST_DATABASE_URL must not leak in.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

export async function waitForHealth(port: number, server: Started): Promise<unknown> {
  const deadline = Date.now() + 90_000; // a busy machine compiles the sources slowly
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/**
 * Waits until `count` of a cluster's workers have logged that they listen, or `deadline` (ms since
 * the epoch) passes; returns how many did, for the test to assert.
 */
export async function listeningWorkers(server: Pick<Started, 'output'>, count: number, deadline: number) {
  const listening = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"listening"')).length;
  while (listening() < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return listening();
}

/** Logs the demo clinic in as the app does (CSRF cookie and token first); returns the cookie header. */
export async function logInDemo(base: string): Promise<string> {
  const jar = new CookieJar();
  const header = () => jar.header() ?? '';
  const first = await fetch(`${base}/ajax/user/data`);
  jar.store(first, new Date());
  const { csrf_token: token } = (await first.json()) as { csrf_token: string };
  const login = await fetch(`${base}/ajax/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: header(), origin: base },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  jar.store(login, new Date());
  return header();
}
