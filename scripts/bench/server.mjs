// Starts the built server (dist/server/index.js) on a free loopback port and logs in through the API.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const DEMO = { email: 'demo@clinic.test', password: 'demo-password-2026' };

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Variables the bench sets itself: never inherited from the caller's shell. */
const OWN_ENV = [
  'PORT',
  'DATA_DIR',
  'FILES_DIR',
  'DATABASE_URL',
  'SEED_DEMO',
  'PUBLIC_URL',
  'SMTP_URL',
  'INTEGRATION_TOKENS',
  'TRUST_PROXY',
];

/** `nodeArgs`: Node's own flags (e.g. --cpu-prof). `env`: settings of this run on top of the bench's own (e.g. an https PUBLIC_URL, TRUST_PROXY for an attack that names its addresses). `filesDir`: the file store's folder when it is not DATA_DIR/files (it must go with the database). */
export async function startServer({ root, dataDir, databaseUrl, env: extra = {}, filesDir, nodeArgs = [] }) {
  const port = await freePort();
  const env = { ...process.env };
  for (const name of OWN_ENV) delete env[name];
  Object.assign(env, { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', NODE_ENV: 'production' });
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  Object.assign(env, extra);
  if (filesDir) env.FILES_DIR = filesDir;
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/server/index.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    dataDir,
    pid: child.pid,
    log: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function mergeCookies(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** Logs the demo user in the way the app does: CSRF cookie first, then POST /ajax/login. */
export async function login(url, { email, password } = DEMO) {
  const jar = new Map();
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const first = await fetch(`${url}/ajax/user/data`);
  mergeCookies(jar, first);
  const { csrf_token: csrf } = await first.json();
  const res = await fetch(`${url}/ajax/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: header(), origin: url },
    body: JSON.stringify({ email, password }),
  });
  mergeCookies(jar, res);
  const body = await res.json();
  if (!res.ok || !body.success) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return {
    cookieHeader: header(),
    cookies: [...jar].map(([name, value]) => ({ name, value, url })),
    userId: body.user?.id,
  };
}
