#!/usr/bin/env node
// Part of `npm run lint`: every ADR file in docs/decisions/ is linked from docs/decisions/README.md,
// and every link there names a file that exists, so the index cannot fall behind the records.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../../docs/decisions/', import.meta.url));
const records = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name));
const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
const linked = new Set([...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]));

const unlisted = records.filter((name) => !linked.has(name));
const missing = [...linked].filter((name) => !records.includes(name));
for (const name of unlisted) {
  console.error(`docs/decisions/README.md does not list ${name}: add | [${name.slice(0, 4)}](${name}) | … | status |`);
}
for (const name of missing) console.error(`docs/decisions/README.md links ${name}, which does not exist`);
if (unlisted.length > 0 || missing.length > 0) process.exit(1);
