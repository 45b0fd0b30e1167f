// node scripts/bench/first-row.mjs [--runs=5] [--root=DIR]
// A clinic's first visit to its requests list on a slow phone network, in a real browser rather than
// Lighthouse's simulation: DevTools throttling as Lighthouse's own "devtools" mode applies it (slow 4G:
// 150 ms RTT × 3.75, 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up; 4× CPU), an empty cache, logged in by
// cookie. Prints, per run and as the median, when the first ticket row showed and the page's LCP (ms
// from navigation start, the page's own clock). `--root` measures another checkout's build (before/after).
// Run it under the bench's lock (flock /tmp/bench.lock), on a build (npm run build).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { coldPage, launch, ticketRows } from './browser.mjs';
import { login, startServer } from './server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const root = path.resolve(option('root', fileURLToPath(new URL('../../', import.meta.url))));
const runs = Number(option('runs', 5));

const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};

/** One cold visit: ms to the first ticket row and to the last LCP candidate, by the page's clock. */
async function firstVisit(browser, url, cookies) {
  const { context, page, cdp } = await coldPage(browser, cookies);
  try {
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const seen = { row: null, lcp: null };
      Object.assign(window, { __firstVisit: seen });
      new MutationObserver(() => {
        if (seen.row === null && document.querySelector('main a[href^="/cabinet/tickets/"]'))
          seen.row = performance.now();
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${url}/cabinet/tickets`, { waitUntil: 'load', timeout: 60_000 });
    await ticketRows(page).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
    return await page.evaluate(() => window.__firstVisit);
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'first-row-'));
const server = await startServer({ root, dataDir });
const browser = await launch();
try {
  const { cookies } = await login(server.url);
  const results = [];
  for (let i = 0; i < runs; i++) {
    const result = await firstVisit(browser, server.url, cookies);
    results.push(result);
    console.log(`run ${i + 1}: first row ${Math.round(result.row)} ms, LCP ${Math.round(result.lcp)} ms`);
  }
  console.log(
    `${root}: median of ${runs}: first row ${Math.round(median(results.map((r) => r.row)))} ms, LCP ${Math.round(median(results.map((r) => r.lcp)))} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
