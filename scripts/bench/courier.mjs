// The courier's day on a phone (issue 37, ADR 0047): a courier with COURIER_STOPS stops today, made
// through the integration API as the back office makes them, opens /courier in Chromium under the
// service worker. Measured, never asserted:
// - the offline cold start: with the network off, reload → the first stop, as the tickets list's
//   'Reload → first ticket row' (the goal is the same, ≤ 300 ms), and → the last of the 40;
// - the route of 40 stops rendered: the 'Завтра' → 'Сегодня' switch with the day already on the
//   phone (no network in it), from the click to the frame after the 40th row is in the page, the
//   median of RENDER_RUNS, without and with 4× CPU (a mid-range phone, as Lighthouse throttles).
// Before measuring, the route is opened online once, so it is on the phone as a courier's would be.
import { launch, PHONE } from './browser.mjs';
import { backOffice } from './offline-replay.mjs';
import { login } from './server.mjs';

export const COURIER_STOPS = 40;
/** The goal of the offline cold start to the first stop, as the tickets list's (README "Benchmarks"). */
export const COURIER_OFFLINE_GOAL_MS = 300;
const RELOAD_RUNS = 5;
const RENDER_RUNS = 7;
const TIMEOUT_MS = 15_000;

const PHONE_WITH_WORKER = { ...PHONE, serviceWorkers: 'allow' };
/** As the courier's route counts days: Moscow, UTC+3. */
const moscowToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A clinic with COURIER_STOPS tickets of two instruments, and a courier with a pickup at each today. */
async function world(call) {
  const stamp = Date.now();
  const clinic = await call('/clients', {
    method: 'POST',
    json: {
      email: `courier-bench-clinic-${stamp}@clinic.test`,
      name: 'Ольга',
      surname: 'Кузнецова',
      phone: '79161234567',
      company: 'Клиника «Северная»',
      password: 'courier-bench-clinic-2026',
    },
  });
  const password = 'courier-bench-password-2026';
  const email = `courier-bench-${stamp}@service.test`;
  const courier = await call('/couriers', {
    method: 'POST',
    json: { email, name: 'Дмитрий', surname: 'Соколов', phone: '79160000000', password },
  });
  const date = moscowToday();
  for (let i = 0; i < COURIER_STOPS; i += 1) {
    const ticket = await call('/tickets', {
      method: 'POST',
      json: {
        client_id: clinic.id,
        status: 1,
        instruments: [
          { serial_number: `CB-${i + 1}-1`, type: 1, description: 'Не вращается', status: 1 },
          { serial_number: `CB-${i + 1}-2`, type: 12, description: 'Фотополимерная лампа', status: 1 },
        ],
      },
    });
    await call('/stops', {
      method: 'POST',
      json: {
        ticket_id: ticket.id,
        kind: i % 4 === 3 ? 'return' : 'pickup',
        courier_id: courier.id,
        date,
        window: i % 2 ? '14:00-18:00' : '10:00-13:00',
        address: {
          address: `Москва, ул. Тверская, ${i + 1}`,
          room: `офис ${i + 10}`,
          comment: 'Вход со двора',
          coordinates: `${(55.7 + i * 0.002).toFixed(4)},${(37.55 + i * 0.003).toFixed(4)}`,
        },
        contact: { name: 'Ольга Кузнецова', phone: '+79161234567' },
      },
    });
  }
  return { email, password };
}

/** In every document: when the first and the COURIER_STOPS-th stop row appeared (performance.now()). */
function watchRows(count) {
  const seen = { first: null, all: null };
  Object.assign(window, { __courierRows: seen });
  new MutationObserver(() => {
    const rows = document.querySelectorAll('[data-testid="courier-stop"]').length;
    if (seen.first === null && rows > 0) seen.first = performance.now();
    if (seen.all === null && rows >= count) seen.all = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

/** Whether the saved route (IndexedDB 'portal'/'state', key 'courier-route') holds every stop. */
function routeSaved(page) {
  return page.evaluate(
    (count) =>
      new Promise((resolve) => {
        const open = indexedDB.open('portal');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          try {
            const request = open.result.transaction('state').objectStore('state').get('courier-route');
            request.onsuccess = () =>
              resolve((String(request.result ?? '').match(/\\"number\\":/g) ?? []).length >= count);
            request.onerror = () => resolve(false);
          } catch {
            resolve(false);
          }
        };
      }),
    COURIER_STOPS,
  );
}

/** Clicks a day button and resolves, in the page, to ms until the frame after `count` rows are in. */
function switchAndRender(page, day, count) {
  return page.evaluate(
    ({ day, count }) =>
      new Promise((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === day);
        if (!button) return reject(new Error(`no '${day}' button`));
        const rows = () => document.querySelectorAll('[data-testid="courier-stop"]').length;
        const started = performance.now();
        const deadline = started + 10_000;
        const check = () => {
          if (rows() === count) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
          else if (performance.now() > deadline) reject(new Error(`${rows()} rows after '${day}'`));
          else requestAnimationFrame(check);
        };
        button.click();
        check();
      }),
    { day, count },
  );
}

export async function courierBench(url, token) {
  const courier = await world(backOffice(url, token));
  const session = await login(url, courier);
  const browser = await launch();
  try {
    const context = await browser.newContext(PHONE_WITH_WORKER);
    await context.addCookies(session.cookies);
    await context.addInitScript(watchRows, COURIER_STOPS);
    const page = await context.newPage();
    const rows = page.getByTestId('courier-stop');

    // Online, as the courier opens the day: the worker installs, the route (today and tomorrow) is saved.
    await page.goto(`${url}/courier`, { waitUntil: 'load' });
    await rows.nth(COURIER_STOPS - 1).waitFor({ timeout: 30_000 });
    const online = await page.evaluate(() => window.__courierRows);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const savedBy = Date.now() + 30_000;
    while (!(await routeSaved(page))) {
      if (Date.now() > savedBy) throw new Error('the route was not saved on the phone within 30 s');
      await page.waitForTimeout(200);
    }
    await page.waitForLoadState('networkidle').catch(() => {});

    // No network: reload → the first stop, and → the 40th (wall clock from reload(), and the page's own clock).
    await context.setOffline(true);
    const reloads = [];
    for (let run = 0; run < RELOAD_RUNS; run += 1) {
      const started = Date.now();
      await page.reload({ waitUntil: 'commit', timeout: TIMEOUT_MS });
      await rows.first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
      const firstMs = Date.now() - started;
      await rows.nth(COURIER_STOPS - 1).waitFor({ state: 'attached', timeout: TIMEOUT_MS });
      const allMs = Date.now() - started;
      const inPage = await page.evaluate(() => window.__courierRows);
      reloads.push({ firstMs, allMs, inPageFirst: inPage.first, inPageAll: inPage.all });
    }

    // The route of 40 rendered: 'Завтра' (nothing saved for it offline: a short text) → 'Сегодня' (the 40 saved).
    const cdp = await context.newCDPSession(page);
    const renders = {};
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const times = [];
      for (let run = 0; run < RENDER_RUNS; run += 1) {
        await switchAndRender(page, 'Завтра', 0);
        times.push(await switchAndRender(page, 'Сегодня', COURIER_STOPS));
      }
      renders[rate] = times;
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await context.close();
    return {
      stops: COURIER_STOPS,
      online,
      reloads,
      firstMs: median(reloads.map((r) => r.firstMs)),
      allMs: median(reloads.map((r) => r.allMs)),
      inPageFirst: median(reloads.map((r) => r.inPageFirst)),
      renderMs: median(renders[1]),
      renderSlowMs: median(renders[4]),
      renders,
    };
  } finally {
    await browser.close();
  }
}

/** The bench's rows for the courier (README "Benchmarks"): measured, the first against its goal. */
export function courierRows(result) {
  const title = `Courier: reload → first stop, network off (route of ${COURIER_STOPS} saved)`;
  if (!result?.stops) {
    const why = (result?.reason ?? 'not run').replace(/\|/g, '/');
    return [
      `| ${title} | n/a: ${why} | ≤ ${COURIER_OFFLINE_GOAL_MS} ms | n/a |`,
      `| Courier: route of ${COURIER_STOPS} stops rendered | n/a | — | n/a |`,
    ];
  }
  const ms = (n) => `${Math.round(n)} ms`;
  const runs = result.reloads.map((r) => r.firstMs).join(', ');
  const renders = (rate) => result.renders[rate].map((n) => Math.round(n)).join(', ');
  return [
    `| ${title} | ${ms(result.firstMs)} median of ${result.reloads.length} (${runs}; wall clock from reload(); the page's own clock: ${ms(result.inPageFirst)}); all ${result.stops} in ${ms(result.allMs)} | ≤ ${COURIER_OFFLINE_GOAL_MS} ms | ${result.firstMs <= COURIER_OFFLINE_GOAL_MS ? 'pass' : 'over the goal'} |`,
    `| Courier: route of ${result.stops} stops rendered ('Завтра' → 'Сегодня', the day on the phone; click → frame after the last row) | ${ms(result.renderMs)} median of ${result.renders[1].length} (${renders(1)}); 4× CPU ${ms(result.renderSlowMs)} (${renders(4)}); first open online: ${ms(result.online.all)} from navigation | — | measured |`,
  ];
}
