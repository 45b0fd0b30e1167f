// Lighthouse (its default, mobile config: phone screen, simulated slow 4G and 4x CPU) against a
// Chromium that Playwright launched with a remote debugging port. A target's `cookies` go into the
// browser's cookie jar before its run (and every run starts with an empty jar): Lighthouse's own
// storage reset keeps cookies, and a Cookie header passed as `extraHeaders` loses to the jar's
// cookies once an earlier run left any, so the "logged in" run would show the guest screen. A
// target's `mustLoad` (a path) must be answered 200 during the run, or the run is reported as not
// measuring that page. With `reportDir`, each run's full report (lhr JSON) is kept there, to see
// which audits cost points. A target with `repeat: true` is the clinic's second visit: it follows
// the first visit of the same page, keeps what that left (cookies, the installed service worker, its
// caches, the persisted stores: Lighthouse's storage reset is off), is loaded once unmeasured so the
// worker has finished installing, and then measured. With `runs` above 1 each target is measured
// that many times and the run with the median performance score is reported (with every run's score
// and the load average), since the scores of a busy machine wander from run to run.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server.mjs';
import { launch } from './browser.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';

export async function runLighthouse(targets, { reportDir, runs = 1 } = {}) {
  let lighthouse;
  try {
    ({ default: lighthouse } = await import('lighthouse'));
  } catch (error) {
    return targets.map((t) => ({ ...t, error: `lighthouse not importable: ${error.message.split('\n')[0]}` }));
  }
  const port = await freePort();
  const browser = await launch([`--remote-debugging-port=${port}`]);
  const jar = await browser.newBrowserCDPSession();
  const results = [];
  try {
    for (const target of targets) {
      const measured = [];
      for (let run = 0; run < runs; run += 1) measured.push(await measure(target, runs > 1 ? `-run${run + 1}` : ''));
      const ok = measured.filter((m) => !m.error).sort((a, b) => a.scores.performance - b.scores.performance);
      if (!ok.length) results.push(measured[0]);
      else
        results.push({
          ...ok[Math.floor((ok.length - 1) / 2)],
          runScores: measured.map((m) => (m.error ? 'error' : `${m.scores.performance} (load ${m.load})`)),
        });
    }
  } finally {
    await browser.close();
  }
  return results;

  async function measure(target, suffix) {
    try {
      if (!target.repeat) await jar.send('Storage.clearCookies');
      // Cookies put into the jar over CDP are gone after a Lighthouse run (the page's own stay): again before each.
      const setCookies = async () =>
        target.cookies && (await jar.send('Storage.setCookies', { cookies: target.cookies }));
      await setCookies();
      const flags = {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        maxWaitForLoad: 45_000,
        disableStorageReset: Boolean(target.repeat),
      };
      if (target.repeat) {
        await lighthouse(target.url, flags);
        await setCookies();
      }
      let run = await lighthouse(target.url, flags);
      // Lighthouse now and then fails to record the trace on a busy machine (NO_NAVSTART): one more try.
      if (run?.lhr?.runtimeError?.code === 'NO_NAVSTART') run = await lighthouse(target.url, flags);
      const lhr = run?.lhr;
      if (!lhr) throw new Error('no result');
      let report;
      if (reportDir) {
        await mkdir(reportDir, { recursive: true });
        report = path.join(reportDir, `lighthouse-${slug(target.name)}${suffix}.json`);
        await writeFile(report, JSON.stringify(lhr, null, 1));
      }
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      if (
        target.mustLoad &&
        !requests.some((r) => new URL(r.url).pathname === target.mustLoad && r.statusCode === 200)
      ) {
        throw new Error(`the run never got ${target.mustLoad} (200): not the page meant (logged out?)`);
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]));
      const failing = [];
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1 && c !== 'performance')
            failing.push(`${c}: ${ref.id}`);
        }
      }
      const METRICS = {
        'first-contentful-paint': 'FCP',
        'largest-contentful-paint': 'LCP',
        'total-blocking-time': 'TBT',
        'cumulative-layout-shift': 'CLS',
      };
      const metrics = Object.entries(METRICS).map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`);
      return {
        ...target,
        load: os.loadavg()[0].toFixed(1),
        scores,
        failing,
        metrics,
        report,
        finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
        warnings: lhr.runWarnings ?? [],
      };
    } catch (error) {
      return { ...target, error: error.message.split('\n')[0] };
    }
  }
}
