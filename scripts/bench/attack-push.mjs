// Web Push as a request forger. A user subscribes endpoints that point at this
// machine in every spelling (loopback, 0x7f000001, decimal, octal, IPv6 and IPv4-mapped forms,
// private and link-local addresses, lookalike hosts), then grants and revokes an access so the
// server writes notifications for both accounts. A listener on 127.0.0.1 counts what reaches it.
// Run twice: with an https PUBLIC_URL, as in production, and with an http one, as an intranet
// install (the scheme allows nothing: plain http and this machine only for a host PUSH_SERVICE_HOSTS
// names, ADR 0041). Target: the listener gets nothing.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { anonymousCsrf, statusCounts, underWatch } from './attack-watch.mjs';
import { login } from './server.mjs';

const GRANTEE = 'grantee@clinic.test';
/** The delivery loop runs every second and retries after 10 s: wait past the first retry. */
const WAIT_MS = 12_000;

function forgedEndpoints(port) {
  const loopback = [
    '127.0.0.1',
    'localhost',
    '0x7f000001',
    '2130706433',
    '0177.0.0.1',
    '127.1',
    '[::1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '0.0.0.0',
  ];
  return [
    ...loopback.flatMap((host) => [`http://${host}:${port}/push`, `https://${host}:${port}/push`]),
    ...['10.0.0.1', '192.168.0.1', '172.16.0.1', '100.64.0.1', '169.254.169.254', '[fe80::1]', '[fd00::1]'].map(
      (host) => `https://${host}/push`,
    ),
    `https://fcm.googleapis.com.127.0.0.1.nip.io:${port}/push`,
    `https://user:pass@fcm.googleapis.com@127.0.0.1:${port}/push`,
  ];
}

async function startListener() {
  const seen = { connections: 0, requests: 0 };
  const server = createServer((request, response) => {
    seen.requests += 1;
    response.writeHead(201).end();
  });
  server.on('connection', () => (seen.connections += 1));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    port: server.address().port,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Registers the account the demo clinic grants access to, with the code the outbox mailer wrote. */
async function registerGrantee(server) {
  const { latestOutboxMessage } = await tsImport('../../tests/setup/outbox-reader.ts', import.meta.url);
  const form = {
    firstname: 'Иван',
    lastname: 'Петров',
    phone: '+7 (912) 345-67-89',
    clinicName: 'Улыбка',
    city: 'Москва',
    email: GRANTEE,
    approvalPolicy: true,
  };
  const init = await anonymousCsrf(server.url);
  await post(server, init.headers, '/ajax/register/send-code', form);
  const code = /код подтверждения регистрации: (\d{4})/i.exec(
    (await latestOutboxMessage(path.join(server.dataDir, 'outbox'), GRANTEE))?.text ?? '',
  )?.[1];
  const status = await post(server, init.headers, '/ajax/register/confirm', {
    ...form,
    code,
  });
  if (status !== 200) throw new Error(`registering ${GRANTEE}: ${status}`);
}

/** A CSRF-protected POST as the logged-in page sends it. */
async function post(server, session, path, json) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The attack on a portal whose PUBLIC_URL is `publicUrl`. */
const pushAttack = (label, publicUrl) => ({
  name: `Web Push endpoints at 127.0.0.1 and private addresses, then grant/revoke (${label})`,
  target: 'the listener on 127.0.0.1 gets 0 requests',
  env: { PUBLIC_URL: publicUrl },
  async run(server) {
    const listener = await startListener();
    try {
      await registerGrantee(server);
      const { cookieHeader } = await login(server.url);
      const data = await (
        await fetch(`${server.url}/ajax/user/data`, {
          headers: { cookie: cookieHeader },
        })
      ).json();
      const session = {
        cookie: cookieHeader,
        'x-csrf-token': data.csrf_token,
        origin: server.url,
      };
      // A browser's real keys: were an endpoint taken, its push would be encrypted and sent.
      const keys = {
        p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      };
      const endpoints = forgedEndpoints(listener.port);
      const figures = await underWatch(server, async () => {
        const statuses = [];
        for (const endpoint of endpoints)
          statuses.push(
            await post(server, session, '/ajax/cabinet/push/subscribe', {
              endpoint,
              keys,
            }),
          );
        statuses.push(
          await post(server, session, '/ajax/cabinet/link-account', {
            email: GRANTEE,
          }),
        );
        statuses.push(
          await post(server, session, '/ajax/cabinet/unlink-account', {
            email: GRANTEE,
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
        return statusCounts(statuses);
      });
      return {
        ...figures,
        outcome: {
          ...figures.outcome,
          [`endpoints tried`]: endpoints.length,
          'listener connections': listener.seen.connections,
          'listener requests': listener.seen.requests,
        },
      };
    } finally {
      await listener.close();
    }
  },
});

export const pushAttacks = [
  pushAttack('https PUBLIC_URL', 'https://portal.example.ru'),
  pushAttack('http PUBLIC_URL, an intranet install', 'http://portal.clinic.local'),
];
