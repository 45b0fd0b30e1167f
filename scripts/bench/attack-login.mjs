// Guesses from many addresses that locked the owner out, a parallel burst
// that passed the per-address limit 6.6× (counted after the slow hash), and colleague accesses with
// no limit (1 000 grants in 12 s; a grant/revoke loop flooding the colleague with notifications).
// The server trusts X-Forwarded-For here (TRUST_PROXY), so each request can name its address. Every
// attack opens accounts of its own (the back-office API), as PostgreSQL keeps one database for all.
import { anonymousCsrf, statusCounts, underWatch } from './attack-watch.mjs';

const INTEGRATION_TOKEN = 'bench-integration-token-0123456789';
const ENV = { TRUST_PROXY: '1', INTEGRATION_TOKENS: INTEGRATION_TOKEN };
const PASSWORD = 'attack-owner-password-1';
const run = `${process.pid}-${Date.now()}`;
let opened = 0;

/** A new account opened by the back office, with a password to log in with. */
async function account(url) {
  const email = `attack-${run}-${opened++}@clinic.test`;
  const response = await fetch(`${url}/api/v1/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${INTEGRATION_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: 'Коллега', surname: 'Клиники', password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`account ${email}: ${response.status} ${await response.text()}`);
  return email;
}

/** A fresh browser behind `ip` (its CSRF pair, plus `cookie`): a POST of `body` to `path`. */
async function browserAt(url, ip, cookie = '') {
  const { headers } = await anonymousCsrf(url);
  const all = { ...headers, 'x-forwarded-for': ip, cookie: [headers.cookie, cookie].filter(Boolean).join('; ') };
  return (path, body) => fetch(`${url}${path}`, { method: 'POST', headers: all, body: JSON.stringify(body) });
}

const cookiesOf = (response) => response.headers.getSetCookie().map((line) => line.split(';')[0]);

async function loginAt(url, ip, email, password, cookie) {
  const post = await browserAt(url, ip, cookie);
  const started = performance.now();
  const response = await post('/ajax/login', { email, password });
  const body = await response.json();
  const device = cookiesOf(response).find((pair) => pair.startsWith('portal_device=')) ?? '';
  return {
    status: response.status,
    ms: Math.round(performance.now() - started),
    device,
    body,
    cookies: cookiesOf(response),
  };
}

/** Logs `email` in behind `ip`; its POSTs with the session, each resolving to the status. */
async function sessionOf(url, ip, email) {
  const { headers } = await anonymousCsrf(url);
  const response = await fetch(`${url}/ajax/login`, {
    method: 'POST',
    headers: { ...headers, 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { csrf_token: token } = await response.json();
  const jar = new Map(
    [...headers.cookie.split('; '), ...cookiesOf(response)].map((pair) => [pair.split('=')[0], pair]),
  );
  const all = { ...headers, 'x-csrf-token': token, 'x-forwarded-for': ip, cookie: [...jar.values()].join('; ') };
  return (path, body) =>
    fetch(`${url}${path}`, { method: 'POST', headers: all, body: JSON.stringify(body) }).then((r) =>
      r.arrayBuffer().then(() => r.status),
    );
}

/** { 422: 100 } → { 'guesses 422': 100 }: the table prints words as they are. */
const prefixed = (prefix, counts) =>
  Object.fromEntries(Object.entries(counts).map(([status, count]) => [`${prefix} ${status}`, count]));

export const loginAttacks = [
  {
    name: '120 failed logins from 12 addresses, then the owner on a known device',
    target: 'owner with device cookie: 200 at once',
    env: ENV,
    async run(server) {
      const email = await account(server.url);
      const known = await loginAt(server.url, '10.25.0.1', email, PASSWORD);
      return underWatch(server, async () => {
        const guesses = await Promise.all(
          Array.from({ length: 12 }, async (_, address) => {
            const statuses = [];
            for (let i = 0; i < 10; i++)
              statuses.push((await loginAt(server.url, `10.25.1.${address + 1}`, email, `wrong-password-${i}`)).status);
            return statuses;
          }),
        );
        const owner = await loginAt(server.url, '10.25.2.1', email, PASSWORD, known.device);
        const stranger = await loginAt(server.url, '10.25.2.2', email, PASSWORD);
        return {
          ...prefixed('guesses', statusCounts(guesses.flat())),
          'owner with device cookie': `${owner.status} in ${owner.ms} ms`,
          'owner in a new browser': stranger.status,
        };
      });
    },
  },
  {
    name: '66 parallel wrong passwords from one address',
    target: 'at most 11 reach the password check (422), the rest 429',
    env: ENV,
    async run(server) {
      const email = await account(server.url);
      const post = await browserAt(server.url, '10.25.3.1');
      return underWatch(server, async () =>
        statusCounts(
          await Promise.all(
            Array.from({ length: 66 }, (_, i) =>
              post('/ajax/login', { email, password: `burst-guess-${i}` }).then((r) => r.status),
            ),
          ),
        ),
      );
    },
  },
  {
    name: '1 000 grants in a row from one account',
    target: '≤ 30 changes an hour, ≤ 50 accesses',
    env: ENV,
    async run(server) {
      const colleagues = [];
      for (let n = 0; n < 60; n++) colleagues.push(await account(server.url));
      const post = await sessionOf(server.url, '10.25.4.1', await account(server.url));
      return underWatch(server, async () => {
        const statuses = [];
        for (let i = 0; i < 1000; i++)
          statuses.push(await post('/ajax/cabinet/link-account', { email: colleagues[i % colleagues.length] }));
        return statusCounts(statuses);
      });
    },
  },
  {
    name: '50 grant/revoke loops of one pair',
    target: 'the colleague told ≤ 2 times',
    env: ENV,
    async run(server) {
      const colleague = await account(server.url);
      const post = await sessionOf(server.url, '10.25.5.1', await account(server.url));
      return underWatch(server, async () => {
        const statuses = [];
        for (let i = 0; i < 50; i++) {
          statuses.push(await post('/ajax/cabinet/link-account', { email: colleague }));
          statuses.push(await post('/ajax/cabinet/unlink-account', { email: colleague }));
        }
        const told = await loginAt(server.url, '10.25.5.2', colleague, PASSWORD);
        return {
          ...statusCounts(statuses),
          'colleague notifications': told.body.user?.unread_notifications ?? `login ${told.status}`,
        };
      });
    },
  },
];
