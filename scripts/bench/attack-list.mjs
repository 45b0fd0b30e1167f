// At 200 connections on the tickets list, PGlite once left 87–219 requests waiting
// over 10 s while each handler ran in ≤ 58 ms. Target: p99 ≤ 1 s, none over 3 s. Both sides are
// reported: the client's latency (autocannon) and the server's own time per request (its request
// log), which tells queueing in the server apart from waiting outside it (the kernel, the client).
import { cannon, cannonProcess, LIST_PATH } from './api.mjs';
import { underWatch } from './attack-watch.mjs';
import { login } from './server.mjs';

/** p50 / p99 / max of the `ms` of the server's request lines for `path` written after `from`. */
function serverTimes(log, path, from) {
  const ms = log
    .slice(from)
    .split('\n')
    .flatMap((line) => {
      try {
        const record = JSON.parse(line);
        return record.msg === 'request' && record.path === path ? [record.ms] : [];
      } catch {
        return [];
      }
    })
    .sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(ms.length * q))] ?? 0;
  return `${Math.round(at(0.5))} / ${Math.round(at(0.99))} / ${Math.round(ms.at(-1) ?? 0)} ms`;
}

export const listAttacks = [
  {
    name: '200 connections on the tickets list, 10 s',
    target: 'p99 ≤ 1 s, max ≤ 3 s',
    async run(server) {
      const { cookieHeader } = await login(server.url);
      const headers = { cookie: cookieHeader };
      await cannon(`${server.url}${LIST_PATH}`, { headers, duration: 2, connections: 20 }); // warm-up
      const from = server.log().length;
      const figures = await underWatch(server, () =>
        cannonProcess(`${server.url}${LIST_PATH}`, { headers, duration: 10, connections: 200 }),
      );
      const { p50, p99, max, total, errors } = figures.outcome;
      return {
        ...figures,
        outcome: {
          [`client p50 / p99 / max ${p50} / ${p99} / ${max} ms; server ${serverTimes(server.log(), '/ajax/cabinet/tickets', from)}; requests`]:
            total,
          'timeouts or errors': errors,
        },
      };
    },
  },
];
