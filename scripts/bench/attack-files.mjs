// One account's 50 parallel requests with two 10 MB photos took PostgreSQL to
// 2.1 GB and PGlite to 2.4 GB (/healthz 11 s and 67 s); 20 parallel 10 MB downloads held /healthz
// 13.7 s on PGlite, 50 bill documents 39 s. Files now stream to and from the file store (ADR 0025).
// Here: the same bursts from the demo account, with 9.9 MB photos (just under the 10 MB limit).
import { randomUUID } from 'node:crypto';
import { statusCounts, underWatch } from './attack-watch.mjs';
import { login } from './server.mjs';

const PHOTO_BYTES = Math.round(9.9 * 1024 * 1024);

/** A JPEG by its first bytes, 9.9 MB long: the server stores it whole. */
function bigPhoto() {
  const bytes = new Uint8Array(PHOTO_BYTES).fill(0x55);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new Blob([bytes], { type: 'image/jpeg' });
}

/** The demo account's session: its cookie, and the CSRF token its state-changing calls carry. */
async function session(url) {
  const { cookieHeader } = await login(url);
  const { csrf_token: csrf } = await (
    await fetch(`${url}/ajax/user/data`, { headers: { cookie: cookieHeader } })
  ).json();
  return { cookie: cookieHeader, csrf, write: { cookie: cookieHeader, 'x-csrf-token': csrf, origin: url } };
}

/** A repair request as the wizard sends it; the photos are read (and stored) before it is checked. */
function repairRequest() {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return {
    contact: { name: 'Анна', surname: 'Смирнова', phone: '+7 (916) 123-45-67' },
    address: {
      company: 'Клиника',
      address: 'Москва, Тверская улица, 7',
      country: 'Россия',
      zip: '125009',
      room: '',
      message: '',
      pickup_date: tomorrow,
      office_id: 1,
    },
    instruments: [{ serial_number: 'SN-1', type: 1, description: 'Шумит', guarantee: false }],
    approval_policy: true,
    approval_loyalty: true,
  };
}

async function drained(response) {
  await response.arrayBuffer();
  return response.status;
}

/** One account's 24 repair requests with two 9.9 MB photos each, all at once: each answer's status. */
export async function uploadBurst(server) {
  const { write } = await session(server.url);
  const photo = bigPhoto();
  return statusCounts(
    await Promise.all(
      Array.from({ length: 24 }, () => {
        const form = new FormData();
        form.set('request', JSON.stringify(repairRequest()));
        form.append('photo', photo, 'a.jpg');
        form.append('photo', photo, 'b.jpg');
        return fetch(`${server.url}/ajax/repair-requests/with-photos`, {
          method: 'POST',
          body: form,
          headers: { ...write, 'idempotency-key': randomUUID() },
        })
          .then(drained)
          .catch(() => 'connection closed');
      }),
    ),
  );
}

export const fileAttacks = [
  {
    name: 'Files: 24 parallel requests with 2 × 9.9 MB photos, one account',
    // At most 2 of an account's uploads run at once: the 22 others are refused before their body is read.
    target: 'RSS rises < 400 MB, /healthz < 500 ms',
    run: (server) => underWatch(server, () => uploadBurst(server)),
  },
  {
    name: 'Files: 20 parallel downloads of a 9.9 MB file',
    target: '/healthz < 500 ms',
    async run(server) {
      const { cookie, write } = await session(server.url);
      const form = new FormData();
      form.set('file', bigPhoto(), 'big.jpg');
      const uploaded = await (
        await fetch(`${server.url}/ajax/repair-requests/photos`, { method: 'POST', body: form, headers: write })
      ).json();
      if (!uploaded.file_id) throw new Error(`upload failed: ${JSON.stringify(uploaded)}`);
      return underWatch(server, async () =>
        statusCounts(
          await Promise.all(
            Array.from({ length: 20 }, () =>
              fetch(`${server.url}/ajax/cabinet/files/${uploaded.file_id}`, { headers: { cookie } }).then(drained),
            ),
          ),
        ),
      );
    },
  },
  {
    name: 'Files: 50 parallel bill documents',
    target: '/healthz < 1 s',
    async run(server) {
      const { cookie } = await session(server.url);
      const { data } = await (await fetch(`${server.url}/ajax/cabinet/bills`, { headers: { cookie } })).json();
      const urls = data.map((bill) => bill.document_url).filter(Boolean);
      if (urls.length === 0) throw new Error('the demo clinic has no bill documents');
      return underWatch(server, async () =>
        statusCounts(
          await Promise.all(
            Array.from({ length: 50 }, (_, i) =>
              fetch(`${server.url}${urls[i % urls.length]}`, { headers: { cookie } }).then(drained),
            ),
          ),
        ),
      );
    },
  },
];
