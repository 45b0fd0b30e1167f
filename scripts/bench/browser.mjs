// Browser measurements with Debian's Chromium through playwright-core: JS over the wire on a cold
// logged-in load of /cabinet/tickets, and the reload-to-first-row time with the network off.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

/** A phone, as the portal is mobile-first. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'ru-RU',
};

export function launch(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

export const ticketRows = (page) => page.getByRole('main').getByRole('link', { name: /^Подробнее о заявке №\d+$/ });

/**
 * A first visit's phone: a fresh context with `cookies` (none: logged out), its page and a DevTools
 * session on it with the network watched and the cache off.
 */
export async function coldPage(browser, cookies = []) {
  const context = await browser.newContext(PHONE);
  await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { context, page, cdp };
}

/**
 * Every JS response the page itself receives (the service worker's precache fetches run in the
 * worker's own target and are not counted), with the bytes that crossed the wire.
 */
export async function coldLoadJs(browser, url, cookies) {
  const { context, page, cdp } = await coldPage(browser, cookies);
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) => {
    const isJs = e.type === 'Script' || /javascript/.test(e.response.mimeType) || /\.m?js(\?|$)/.test(e.response.url);
    if (isJs)
      requests.set(e.requestId, {
        url: e.response.url,
        encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity',
        fromSw: e.response.fromServiceWorker,
      });
  });
  const finished = new Map();
  cdp.on('Network.loadingFinished', (e) => finished.set(e.requestId, e.encodedDataLength));
  await page.goto(`${url}/cabinet/tickets`, { waitUntil: 'load' });
  await ticketRows(page).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(500);
  const scripts = [];
  for (const [id, info] of requests) {
    const bytes = finished.get(id);
    if (bytes === undefined) continue;
    const path = new URL(info.url).pathname;
    scripts.push({ path, bytes, encoding: info.encoding, fromSw: info.fromSw });
  }
  const bodies = await Promise.all(
    scripts.map(async (s) => {
      const res = await fetch(`${url}${s.path}`);
      return (await res.text()).toLowerCase();
    }),
  );
  const leaflet = scripts.filter((s, i) => s.path.toLowerCase().includes('leaflet') || bodies[i].includes('leaflet'));
  await context.close();
  return { scripts, total: scripts.reduce((sum, s) => sum + s.bytes, 0), leaflet: leaflet.map((s) => s.path) };
}

/**
 * Log in, open the list online and wait for rows (the service worker, if any, installs meanwhile),
 * then go offline and reload: ms until the first row is visible, or why it never shows.
 */
export async function offlineReload(browser, url, cookies, timeoutMs = 15_000) {
  const context = await browser.newContext(PHONE);
  await context.addCookies(cookies);
  const page = await context.newPage();
  try {
    await page.goto(`${url}/cabinet/tickets`, { waitUntil: 'load' });
    await ticketRows(page).first().waitFor({ state: 'visible', timeout: 30_000 });
    // Let the service worker install and activate, as it would before a real second visit.
    const swActive = await page
      .evaluate(() =>
        Promise.race([
          navigator.serviceWorker?.ready.then(() => true) ?? false,
          new Promise((r) => setTimeout(() => r(false), 10_000)),
        ]),
      )
      .catch(() => false);
    await page.waitForLoadState('networkidle').catch(() => {});
    await context.setOffline(true);
    let docFromSw = false;
    const listCalls = [];
    page.on('response', (r) => {
      if (r.request().isNavigationRequest()) docFromSw ||= r.fromServiceWorker();
      if (new URL(r.url()).pathname === '/ajax/cabinet/tickets')
        listCalls.push(r.fromServiceWorker() ? 'answered by the service worker' : `HTTP ${r.status()}`);
    });
    page.on('requestfailed', (r) => {
      if (new URL(r.url()).pathname === '/ajax/cabinet/tickets') listCalls.push(`failed (${r.failure()?.errorText})`);
    });
    const started = Date.now();
    let navError = null;
    await page.reload({ waitUntil: 'commit', timeout: timeoutMs }).catch((e) => (navError = e.message.split('\n')[0]));
    const how = () =>
      `service worker active: ${swActive}; document from the service worker: ${docFromSw}; list call offline: ${listCalls.join(', ') || 'none'}`;
    if (navError) return { ms: null, reason: `reload failed offline: ${navError} (${how()})` };
    const shown = await ticketRows(page)
      .first()
      .waitFor({ state: 'visible', timeout: timeoutMs })
      .then(
        () => true,
        () => false,
      );
    const ms = Date.now() - started;
    const inPage = await page.evaluate(() => performance.now()).catch(() => null);
    if (!shown) {
      const text = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      )
        .replace(/\s+/g, ' ')
        .slice(0, 160);
      return {
        ms: null,
        reason: `no ticket row within ${timeoutMs / 1000} s offline (${how()}); page shows: "${text}"`,
      };
    }
    return { ms, inPage, how: how() };
  } finally {
    await context.close();
  }
}
