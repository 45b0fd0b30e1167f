// Lighthouse (its default, mobile config: phone screen, simulated slow 4G and 4x CPU) against a
// Chromium that Playwright launched with a remote debugging port.
import { freePort } from './server.mjs';
import { launch } from './browser.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export async function runLighthouse(targets) {
  let lighthouse;
  try {
    ({ default: lighthouse } = await import('lighthouse'));
  } catch (error) {
    return targets.map((t) => ({ ...t, error: `lighthouse not importable: ${error.message.split('\n')[0]}` }));
  }
  const port = await freePort();
  const browser = await launch([`--remote-debugging-port=${port}`]);
  const results = [];
  try {
    for (const target of targets) {
      try {
        const flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, maxWaitForLoad: 45_000 };
        if (target.cookieHeader) flags.extraHeaders = { Cookie: target.cookieHeader };
        const run = await lighthouse(target.url, flags);
        const lhr = run?.lhr;
        if (!lhr) throw new Error('no result');
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]));
        const failing = [];
        for (const c of CATEGORIES) {
          for (const ref of lhr.categories[c]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit.score !== null && audit.score < 1 && c !== 'performance') failing.push(`${c}: ${ref.id}`);
          }
        }
        const METRICS = { 'first-contentful-paint': 'FCP', 'largest-contentful-paint': 'LCP', 'total-blocking-time': 'TBT', 'cumulative-layout-shift': 'CLS' };
        const metrics = Object.entries(METRICS).map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`);
        results.push({ ...target, scores, failing, metrics, finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl, warnings: lhr.runWarnings ?? [] });
      } catch (error) {
        results.push({ ...target, error: error.message.split('\n')[0] });
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
