// How busy the whole machine was while `run` ran, from /proc/stat (Linux): with one server process
// the load generator and PostgreSQL share the same cores, so this bounds what more processes can add.
import { readFile } from 'node:fs/promises';

async function cpuTimes() {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n', 1)[0]; // "cpu  user nice system idle iowait irq softirq steal …"
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = ticks[3] + (ticks[4] ?? 0);
  return { idle, total: ticks.reduce((sum, t) => sum + t, 0) };
}

/** `run`'s result and the share of all cores that were busy meanwhile (null where /proc/stat is missing). */
export async function withMachineBusy(run) {
  const before = await cpuTimes().catch(() => null);
  const result = await run();
  const after = before && (await cpuTimes().catch(() => null));
  const busy = after ? 1 - (after.idle - before.idle) / Math.max(after.total - before.total, 1) : null;
  return { result, busy };
}
