#!/usr/bin/env node
// Part of `npm run lint`: a merge's conflict markers left in a tracked file (oxlint reads only code,
// so a README, a CSS file or package-lock.json could keep them unnoticed; a lock with them breaks
// `npm ci` on a fresh machine).
import { execFileSync } from 'node:child_process';

let hits = '';
try {
  hits = execFileSync('git', ['grep', '-n', '-I', '-E', '^(<<<<<<< |>>>>>>> |=======$)', '--', '.'], {
    encoding: 'utf8',
  });
} catch (error) {
  // git grep exits 1 when nothing matches; anything else (no git here) is not this check's business.
  if (error.status !== 1) console.warn('no-conflict-markers: skipped, git grep failed');
}
if (hits.trim() !== '') {
  console.error(`Merge conflict markers left in:\n${hits}`);
  process.exit(1);
}
