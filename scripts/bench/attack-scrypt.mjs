// Anonymous password resets with made-up codes (each hashed a password before
// the code was checked), wrong-password logins (each hashes) and a burst of correct logins of one
// account (once 190 of 200 were refused with 429).
import { randomBytes } from 'node:crypto';
import { anonymousCsrf, statusCounts, underWatch } from './attack-watch.mjs';
import { DEMO } from './server.mjs';

const post = (url, path, init, body) =>
  fetch(`${url}${path}`, { method: 'POST', ...init, body: JSON.stringify(body) }).then((r) => r.status);

export const scryptAttacks = [
  {
    name: '40 parallel bogus password resets',
    target: 'RSS < 450 MB, /healthz < 200 ms',
    async run(server) {
      const init = await anonymousCsrf(server.url);
      const body = () => ({
        code: randomBytes(32).toString('base64url'),
        new_password: 'attack-password-1',
        new_password_confirmation: 'attack-password-1',
      });
      return underWatch(server, async () =>
        statusCounts(
          await Promise.all(Array.from({ length: 40 }, () => post(server.url, '/ajax/password/reset', init, body()))),
        ),
      );
    },
  },
  {
    name: '40 parallel wrong-password logins',
    target: '/healthz < 200 ms',
    async run(server) {
      const init = await anonymousCsrf(server.url);
      return underWatch(server, async () =>
        statusCounts(
          await Promise.all(
            Array.from({ length: 40 }, (_, i) =>
              post(server.url, '/ajax/login', init, { email: `nobody${i}@clinic.test`, password: 'wrong-password' }),
            ),
          ),
        ),
      );
    },
  },
  {
    name: '200 parallel correct logins of one account',
    target: 'no 429',
    async run(server) {
      const init = await anonymousCsrf(server.url);
      return underWatch(server, async () =>
        statusCounts(await Promise.all(Array.from({ length: 200 }, () => post(server.url, '/ajax/login', init, DEMO)))),
      );
    },
  },
];
