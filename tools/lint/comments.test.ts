import { describe, expect, it } from 'vitest';
import { citationProblems, namesASection, pathProblems } from './comments-plugin.mjs';

// A requirement document's headings in miniature, as the rule reads them (## to ####).
const HEADINGS: Record<string, string[]> = {
  'portal.md': [
    '2. Screens and routes',
    '2.1 Repair request wizard',
    '4.6 Banners and notices',
    'Startup and mounting',
  ],
  'cabinet.md': ['2. Screens and routes', 'Profile shell', 'Password change', '4. States and transitions'],
  'API.md': ['Codes', 'Places: addresses, suggestions, geocoding, map', 'Added for the fourth wave'],
  'DESIGN.md': ['Offline design', 'Couriers, teams, and running it for real (fourth wave)'],
};
const here = (document: string) => HEADINGS[document] ?? null;
const away = () => null;

describe('comments/citations', () => {
  it.each([
    'The wizard (portal.md §2.1).',
    'portal.md §2.1 wizard, §4.6; docs/api.md',
    'the cabinet (portal.md §2.1–2.2, API.md §Places)',
    'cabinet.md §Profile shell): top navigation',
    'New password (cabinet.md §Password change, §4).',
    'the notices (portal.md §Startup and mounting, §4.6)',
    '(DESIGN.md §Couriers, ADR 0047)',
    'API.md §Added for the fourth wave: couriers',
    'RFC 8030 §7.3 and RFC 8292 §2',
    'portal.md and cabinet.md describe the screens; API.md the contracts',
    'the wizard (portal.md, ADR 0015)',
    '(DESIGN.md: at least 8 days)',
  ])('lets %j through', (text) => {
    expect(citationProblems(text, here)).toEqual([]);
  });

  it.each([
    ['(API.md "Places")', "'API.md §Places'"],
    ['DESIGN.md ("Layout"), as a plugin', "'DESIGN.md §Layout'"],
    ['(API.md, fourth wave): couriers', 'fourth wave'],
    ['(DESIGN.md fourth wave, ADR 0047)', 'fourth wave'],
    ['(portal.md Startup, §4.6)', "'portal.md §Startup'"],
    ['(cabinet.md 4)', "'cabinet.md §4'"],
    ['the wizard (portal §2.1)', "'portal.md §'"],
    ['the wizard (portal spec §2.1)', "'portal.md §'"],
    ['the wizard (portal.md § 2.1)', "'§2'"],
  ])('refuses %j', (text, hint) => {
    const problems = citationProblems(text, away);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(hint);
  });

  it('refuses a section the document does not have, when the document is here', () => {
    expect(citationProblems('(portal.md §3.9)', here)).toEqual([
      'portal.md has no section §3.9 (../shared/spec/portal.md)',
    ]);
    expect(citationProblems('(cabinet.md §Profile, §7)', here)).toEqual([
      'cabinet.md has no section §7 (../shared/spec/cabinet.md)',
    ]);
    expect(citationProblems('(cabinet.md §Payment page)', here)).toHaveLength(1);
    // Without the documents (a clone with no ../shared beside it) only the form is checked.
    expect(citationProblems('(portal.md §3.9)', away)).toEqual([]);
  });

  it('reads a section by its number or the start of its heading', () => {
    const portal = HEADINGS['portal.md']!;
    expect(namesASection('2', portal)).toBe(true);
    expect(namesASection('2.1 wizard,', portal)).toBe(true);
    expect(namesASection('2.11', portal)).toBe(false);
    expect(namesASection('Startup and mounting: the host page', portal)).toBe(true);
    expect(namesASection('Shutdown', portal)).toBe(false);
  });
});

describe('comments/file-paths', () => {
  const files = new Set([
    'src/server/app.ts',
    'src/server/services/accounts/tokens.ts',
    'src/server/services/accounts/mail-budget.ts',
    'src/client/features/repair/address-step.tsx',
    'docs/decisions/0012-code-splitting-and-cold-start.md',
    'docs/decisions',
    'tools/lint/layers-plugin.mjs',
  ]);
  const exists = (rel: string) => files.has(rel);

  it('lets paths that exist and placeholders through', () => {
    const text = [
      'mounted in src/server/app.ts (docs/decisions/0012-code-splitting-and-cold-start.md),',
      'the rule in tools/lint/layers-plugin.mjs; a record in docs/decisions/.',
      'tokens: services/accounts/tokens.ts; the steps: features/repair/address-step.tsx.',
      'a new one: src/server/routes/<area>.ts, tests/e2e/*.e2e.ts, src/client/route-tree.gen.ts;',
      'a URL is not a path: https://example.org/src/missing.ts; nor an archive entry: db/sequences.json',
    ].join('\n');
    expect(pathProblems(text, 'src/server/routes/account.ts', exists)).toEqual([]);
  });

  it('refuses a path that moved or went', () => {
    expect(pathProblems('(services/mail-budget.ts)', 'src/server/context.ts', exists)).toEqual([
      "'services/mail-budget.ts' does not exist: cite the file where it is now",
    ]);
    expect(pathProblems('see docs/decisions/0012 and src/server/gone.ts.', 'sw/sw.ts', exists)).toEqual([
      "'docs/decisions/0012' does not exist: cite the file where it is now",
      "'src/server/gone.ts' does not exist: cite the file where it is now",
    ]);
  });
});
