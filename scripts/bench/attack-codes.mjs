// The fourth attack run's mail paths (issue 36): one account mailing codes to 300 addresses through
// Личные данные (300 mails in 4 s), and a stranger asking for and guessing at a victim's code until
// the victim's own request was refused for up to an hour. The server trusts X-Forwarded-For here
// (TRUST_PROXY), so each request names its address; mails land in the attack's DATA_DIR/outbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { anonymousCsrf, statusCounts, underWatch } from './attack-watch.mjs';

const INTEGRATION_TOKEN = 'bench-integration-token-0123456789';
const ENV = { TRUST_PROXY: '1', INTEGRATION_TOKENS: INTEGRATION_TOKEN };
const PASSWORD = 'attack-owner-password-1';
const run = `${process.pid}-${Date.now()}`;
/** { 200: 1, 429: 19 } → '1×200, 19×429', for one cell of the table. */
const counted = (statuses) =>
  Object.entries(statusCounts(statuses))
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');
const cookiesOf = (response) => response.headers.getSetCookie().map((line) => line.split(';')[0]);

/** A browser behind `ip` that keeps its cookies: post(path, body) → the response. */
async function browser(url, ip) {
  const { headers } = await anonymousCsrf(url);
  const jar = new Map(headers.cookie.split('; ').map((pair) => [pair.split('=')[0], pair]));
  let token = headers['x-csrf-token'];
  return async (path, body) => {
    const cookie = [...jar.values()].join('; ');
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...headers, 'x-csrf-token': token, 'x-forwarded-for': ip, cookie },
      body: JSON.stringify(body),
    });
    for (const pair of cookiesOf(response)) jar.set(pair.split('=')[0], pair);
    const answer = await response
      .clone()
      .json()
      .catch(() => ({}));
    if (answer.csrf_token) token = answer.csrf_token;
    return response;
  };
}

async function mailsTo(server, address) {
  const dir = path.join(server.dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(dir, name)))));
  return mails.filter((mail) => mail.to?.text === address);
}

export const codeAttacks = [
  {
    name: 'one account asks for the e-mail change code to 300 addresses',
    target: '≤ 10 mails an hour per account',
    env: ENV,
    async run(server) {
      const email = `cannon-${run}@clinic.test`;
      const opened = await fetch(`${server.url}/api/v1/clients`, {
        method: 'POST',
        headers: { authorization: `Bearer ${INTEGRATION_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, name: 'Анна', surname: 'Смирнова', password: PASSWORD }),
      });
      if (!opened.ok) throw new Error(`account: ${opened.status}`);
      const post = await browser(server.url, '10.26.0.1');
      await post('/ajax/login', { email, password: PASSWORD });
      return underWatch(server, async () => {
        const statuses = [];
        for (let i = 0; i < 300; i++) {
          const personal = {
            name: 'Анна',
            surname: 'Смирнова',
            phone: '79161234567',
            email: `target-${run}-${i}@mail.test`,
          };
          statuses.push((await post('/ajax/cabinet/profile/personal', personal)).status);
        }
        return statusCounts(statuses);
      });
    },
  },
  {
    name: "a stranger asks for a victim's guest code 20 times and guesses 20 times",
    target: "the victim's own code: mailed and accepted",
    env: ENV,
    async run(server) {
      const victim = `victim-${run}@clinic.test`;
      return underWatch(server, async () => {
        const asks = [];
        const guesses = [];
        for (let i = 0; i < 20; i++) {
          const stranger = await browser(server.url, '10.26.1.1');
          asks.push((await stranger('/ajax/guest/send-code', { email: victim })).status);
          guesses.push((await stranger('/ajax/guest/confirm', { email: victim, code: '0000' })).status);
        }
        // The stranger's one mail started the address's 30 s between mails: the victim asks after it.
        await sleep(31_000);
        const owner = await browser(server.url, '10.26.2.1');
        const asked = await owner('/ajax/guest/send-code', { email: victim });
        const [mail] = (await mailsTo(server, victim)).slice(-1);
        const code = /(\d{4})/.exec(mail?.subject ?? '')?.[1] ?? '';
        const confirmed = await owner('/ajax/guest/confirm', { email: victim, code });
        return {
          'stranger asks': counted(asks),
          'stranger guesses': counted(guesses),
          "victim's ask": asked.status,
          "victim's code": confirmed.status,
        };
      });
    },
  },
];
