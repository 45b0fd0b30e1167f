// 50 parallel requests for ticket PDFs once held /healthz for 10 s or more. Here:
// 50 at once over every ticket of the demo clinic (so several are really drawn, not only cached).
import { statusCounts, underWatch } from './attack-watch.mjs';
import { login } from './server.mjs';

export const pdfAttacks = [
  {
    name: '50 parallel ticket PDFs (all the demo tickets)',
    target: '/healthz < 200 ms',
    async run(server) {
      const { cookieHeader } = await login(server.url);
      const headers = { cookie: cookieHeader };
      const { data } = await (await fetch(`${server.url}/ajax/cabinet/tickets?limit=50`, { headers })).json();
      const ids = data.map((ticket) => ticket.id);
      return underWatch(server, async () =>
        statusCounts(
          await Promise.all(
            Array.from({ length: 50 }, (_, i) =>
              fetch(`${server.url}/ajax/cabinet/tickets/${ids[i % ids.length]}/get-pdf`, { headers }).then(
                async (response) => {
                  await response.arrayBuffer();
                  return response.status;
                },
              ),
            ),
          ),
        ),
      );
    },
  },
];
