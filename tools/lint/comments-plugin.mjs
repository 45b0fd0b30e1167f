// What comments cite, as an oxlint JS plugin (ESLint rule API), run by `npm run lint`:
//
//   comments/citations   a requirement is cited one way: the document's file name, then § and the
//                        section's number or the start of its heading — `portal.md §2.1`, `cabinet.md §4`,
//                        `cabinet.md §Profile shell`, `API.md §Places`, `DESIGN.md §Offline design`. Not a
//                        quoted heading after the file name, a heading without its §, a wave's number
//                        instead of the heading, the document without `.md`, or a space after the §.
//                        Where the documents are (docs/README.md: ../shared/ and ../shared/spec/ beside the
//                        repository), a § must also name a section they have.
//   comments/file-paths  a repository path a comment names exists: `src/server/app.ts`,
//                        `docs/decisions/0012-code-splitting-and-cold-start.md`, and a side's own
//                        `services/accounts/tokens.ts` (from the file's folder, its side's root or the
//                        repository's); placeholders (`<area>`, `*`) are not checked.
//
// `citationProblems()` and `pathProblems()` are the pure decisions (unit-tested in comments.test.ts);
// the rules only feed them each comment.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './layers-plugin.mjs';

/** The requirement documents a comment cites, and where each lives beside the repository. */
export const DOCUMENTS = {
  'portal.md': '../shared/spec/portal.md',
  'cabinet.md': '../shared/spec/cabinet.md',
  'API.md': '../shared/API.md',
  'DESIGN.md': '../shared/DESIGN.md',
};

const DOC = '(portal|cabinet|API|DESIGN)\\.md';

/** Each second way of citing, and how to write it instead. */
const WRONG_FORMS = [
  {
    pattern: new RegExp(`\\b${DOC}\\s*[,(]?\\s*["“]([^"”]+)["”]`, 'g'),
    fix: (match) => `${match[1]}.md §${match[2]}`,
  },
  {
    pattern: new RegExp(`\\b${DOC},?\\s+(first|second|third|fourth|fifth) wave`, 'g'),
    fix: (match) => `${match[1]}.md §… (the section's heading, not "${match[2]} wave")`,
  },
  {
    // A heading or a number after the file name without its §.
    pattern: new RegExp(`\\b${DOC},?[ \\t]+(?!ADR\\b)([0-9]+(?:\\.[0-9]+)*\\b|[A-Z][a-z]+\\b(?!\\.md))`, 'g'),
    fix: (match) => `${match[1]}.md §${match[2]}`,
  },
  {
    pattern: /\b(portal|cabinet)(?: spec(?:ification)?)?,? §/gi,
    fix: (match) => `${match[1].toLowerCase()}.md §`,
  },
  {
    pattern: /§\s+([0-9])/g,
    fix: (match) => `§${match[1]}`,
  },
];

/** The headings of a requirement document (`2.1 Repair request wizard`, `Profile shell`), or null when it is not here. */
function headingsOf(document, root) {
  const file = path.resolve(root, DOCUMENTS[document]);
  if (!existsSync(file)) return null;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^#{2,4} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
}

const headingsCache = new Map();
function cachedHeadings(document, root) {
  const key = `${root}\0${document}`;
  if (!headingsCache.has(key)) headingsCache.set(key, headingsOf(document, root));
  return headingsCache.get(key);
}

/** True when `section` (after the §) is a number or the start of a heading of the document. */
export function namesASection(section, headings) {
  const number = /^[0-9]+(?:\.[0-9]+)*/.exec(section)?.[0];
  if (number)
    return headings.some(
      (heading) => heading === number || heading.startsWith(`${number}.`) || heading.startsWith(`${number} `),
    );
  const words = section.split(/\s+/);
  // The name runs on into the sentence (`§Profile shell): the top…`): the longest start that is a heading's start.
  for (let count = words.length; count > 0; count--) {
    const name = words
      .slice(0, count)
      .join(' ')
      .replace(/[)`'",.;:]+$/, '');
    if (name && headings.some((heading) => heading.replace(/^[0-9.]+ /, '').startsWith(name))) return true;
  }
  return false;
}

/**
 * The inconsistent citations in one comment's text, as messages (none when it cites the one way).
 * @param {string} text the comment's text
 * @param {(document: string) => string[] | null} [headings] a document's headings, null when it is not here
 */
export function citationProblems(text, headings = (document) => cachedHeadings(document, repoRoot)) {
  const problems = [];
  for (const form of WRONG_FORMS) {
    for (const match of text.matchAll(form.pattern)) {
      problems.push(
        `cite a requirement as '${form.fix(match)}', not '${match[0].trim()}' (tools/lint/comments-plugin.mjs)`,
      );
    }
  }
  // A citation runs to the next document's name, a `;` or the line's end: `portal.md §2.1 wizard, §6`.
  for (const match of text.matchAll(new RegExp(`\\b${DOC} §(.*?)(?=\\b[A-Za-z]+\\.md\\b|;|\\n|$)`, 'g'))) {
    const document = `${match[1]}.md`;
    const known = headings(document);
    if (!known) continue;
    for (const section of match[2].split('§').map((piece) => piece.trim())) {
      if (section && !namesASection(section, known)) {
        const named = /^[0-9]+(?:\.[0-9]+)*|^[^)`'",.;:]+/.exec(section)?.[0] ?? section;
        problems.push(`${document} has no section §${named.trim()} (${DOCUMENTS[document]})`);
      }
    }
  }
  return problems;
}

const ROOTED = /(?<![\w./@#$-])((?:src|sw|tests|tools|scripts|docs|public|\.ci)\/[\w./@$*<>{}[\]-]*[\w/*>}\]])/g;
const SIDE_RELATIVE =
  /(?<![\w./@#$-])((?:services|routes|lib|features|components|db|middleware|mail|pdf|geo|api|screens|validation|format|dictionaries|backup|delivery|storage|metrics)\/[\w./$-]*\.(?:tsx|ts|mjs))(?![\w])/g;

/**
 * The repository paths one comment names that do not exist.
 * @param {string} text the comment's text
 * @param {string} fileRel the commented file, relative to the repository root
 * @param {(rel: string) => boolean} exists whether a repository-relative path exists
 */
export function pathProblems(text, fileRel, exists) {
  const problems = [];
  const placeholder = /[*<>{}[\]]/;
  for (const match of text.matchAll(ROOTED)) {
    const cited = match[1].replace(/[.,:;)]+$/, '');
    if (placeholder.test(cited) || cited.endsWith('.gen.ts')) continue;
    if (!exists(cited.replace(/\/$/, ''))) problems.push(`'${cited}' does not exist: cite the file where it is now`);
  }
  const side = /^src\/(?:client|server|shared)\//.exec(fileRel)?.[0];
  for (const match of text.matchAll(SIDE_RELATIVE)) {
    const cited = match[1];
    const candidates = [
      path.posix.join(path.posix.dirname(fileRel), cited),
      ...(side ? [path.posix.join(side, cited)] : []),
      ...['src/client/', 'src/server/', 'src/shared/'].map((root) => path.posix.join(root, cited)),
    ];
    if (!candidates.some(exists)) problems.push(`'${cited}' does not exist: cite the file where it is now`);
  }
  return problems;
}

function filenameOf(context) {
  return context.physicalFilename ?? context.filename ?? context.getFilename?.();
}

function commentRule(description, check) {
  return {
    meta: { type: 'problem', docs: { description }, schema: [] },
    create(context) {
      const absolute = filenameOf(context);
      if (!absolute) return {};
      const fileRel = path.relative(repoRoot, absolute).split(path.sep).join('/');
      return {
        Program() {
          for (const comment of context.sourceCode.getAllComments()) {
            for (const message of check(comment.value, fileRel)) context.report({ loc: comment.loc, message });
          }
        },
      };
    },
  };
}

const existsInRepo = (rel) => existsSync(path.join(repoRoot, rel));

export default {
  meta: { name: 'comments' },
  rules: {
    citations: commentRule('Cite a requirement one way: portal.md §2.1', (text) => citationProblems(text)),
    'file-paths': commentRule('A repository path in a comment exists', (text, fileRel) =>
      pathProblems(text, fileRel, existsInRepo),
    ),
  },
};
