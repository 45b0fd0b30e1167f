#!/usr/bin/env node
// Part of `npm run lint`: the guides a newcomer follows (README.md, CONTRIBUTING.md, docs/ but not
// the ADRs, which are history) name only files and folders that exist, in their commands, code
// spans and links — so a moved file cannot leave a guide pointing at nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const ROOTS = ['src/', 'tests/', 'tools/', 'scripts/', 'sw/', 'docs/', '.ci/'];

/** The markdown files a newcomer reads as instructions. */
export function guideFiles(base = root) {
  const docs = readdirSync(path.join(base, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md') && !name.startsWith(`decisions${path.sep}`))
    .map((name) => path.join('docs', name));
  return ['README.md', 'CONTRIBUTING.md', ...docs];
}

/** Repository paths named in a markdown text: in code spans, code blocks and relative links. */
export function namedPaths(markdown, file) {
  const found = new Set();
  const code = [...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((m) => m[1] ?? m[2]);
  for (const text of code) {
    for (const word of text.split(/[\s'"(),;=]+/)) {
      const candidate = word.replace(/:\d+(-\d+)?$/, '').replace(/[.:]$/, '');
      const placeholder = /[*<>{}$…]|NNNN/.test(candidate);
      if (ROOTS.some((prefix) => candidate.startsWith(prefix)) && !placeholder) found.add(candidate);
    }
  }
  for (const [, target] of markdown.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    found.add(path.normalize(path.join(path.dirname(file), target)));
  }
  return [...found];
}

/** A path that exists, or an ADR named by its number alone (ADR 0005 as docs/decisions/ plus its number). */
function exists(base, named) {
  if (existsSync(path.join(base, named))) return true;
  const dir = path.join(base, path.dirname(named));
  const prefix = `${path.basename(named)}-`;
  return /^\d{4}$/.test(path.basename(named)) && existsSync(dir) && readdirSync(dir).some((n) => n.startsWith(prefix));
}

/** The paths git ignores: generated files (the route tree) and outputs a guide may name before they exist. */
function ignoredByGit(base, paths) {
  if (paths.length === 0) return new Set();
  const answer = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: base, input: paths.join('\n') });
  return new Set(answer.status === 0 ? answer.stdout.toString().split('\n').filter(Boolean) : []);
}

export function missingPaths(base = root) {
  const missing = [];
  for (const file of guideFiles(base)) {
    const text = readFileSync(path.join(base, file), 'utf8');
    for (const named of namedPaths(text, file)) {
      if (!exists(base, named)) missing.push({ file, named });
    }
  }
  const generated = ignoredByGit(
    base,
    missing.map(({ named }) => named),
  );
  return missing.filter(({ named }) => !generated.has(named));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = missingPaths();
  for (const { file, named } of missing) console.error(`${file} names ${named}, which does not exist`);
  if (missing.length > 0) process.exit(1);
}
