// Import-direction rules of DESIGN.md §Layout, as an oxlint JS plugin (ESLint rule API).
//
//   src/shared  imports nothing of ours outside src/shared
//   sw/         imports only src/shared (and sw/)
//   src/client  app root (main.tsx, router…) → routes → features → components / lib → shared;
//               features/a never imports features/b
//   src/server  app root (index.ts, app.ts) → routes / middleware → services → db / lib / mail / pdf
//               (services/ is grouped by domain, services/accounts, services/tickets…: every domain
//               folder is the services layer, and HTTP middleware lives in middleware/, not services)
//               and the other root files (env.ts, context.ts…) → shared
//   between the server's domain folders (services/<domain>/), a domain imports only domains of a lower
//   level (DOMAIN_LEVEL below), so no two domains import each other, directly or round a cycle:
//     4  integration, kavo      (the back office's calls; KAVO ID sign-in: nothing imports them)
//     3  tickets, repair-requests
//     2  accounts               (its user data reads the points ledger and the survey; Доступы notifies)
//        couriers               (the courier's day and actions; the actions notify the clinic)
//     1  loyalty, notifications, places
//     0  access, files          (who may see what; the file store's rows, types and uploads)
//   The loose files of services/ (rate-limit.ts, keyset-cursor.ts, idempotency.ts) belong to no domain.
//   client and server never import each other; neither imports sw/; only tests import tests/.
//   A test (*.test.ts[x]) stands beside the module it tests, outside the layers of its side: a
//   client or server test may import any module of its own side (app.test.ts → app.ts), shared and
//   tests/; the lines between the sides hold for tests too.
//
// `decide()` is the pure decision function (unit-tested in layers.test.ts); the rules below only
// feed it the importing file and each module specifier (`import`, `export … from`, `import()`,
// `import('…')` types).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** package.json "imports" aliases, resolved like Node and Vite resolve them. */
const aliases = {
  '#shared/': 'src/shared/',
  '#client/': 'src/client/',
  '#server/': 'src/server/',
};

const codeExtension = /\.(?:[cm]?[jt]sx?)$/;
const testFile = /\.(?:test|spec|e2e)\.[cm]?[jt]sx?$|(?:^|\/)__tests__\//;

/** Server levels: a file may import its own level and the ones below. */
const serverLevel = { app: 4, routes: 3, services: 2, base: 1 };
/** Client levels, same idea; features also may not import a different feature. */
const clientLevel = { app: 4, routes: 3, features: 2, base: 1 };

/**
 * The server's domain folders under services/ by level: a domain may import a domain of a lower level only
 * (the table at the top of this file; README "A tour of the code"). A new domain folder needs a level here.
 */
const DOMAIN_LEVEL = {
  access: 0,
  files: 0,
  loyalty: 1,
  notifications: 1,
  places: 1,
  accounts: 2,
  couriers: 2,
  tickets: 3,
  'repair-requests': 3,
  integration: 4,
  kavo: 4,
};

const serverDirLayer = {
  routes: 'routes',
  middleware: 'routes',
  services: 'services',
  db: 'base',
  lib: 'base',
  mail: 'base',
  pdf: 'base',
  geo: 'base',
};
const clientDirLayer = {
  routes: 'routes',
  features: 'features',
  components: 'base',
  lib: 'base',
};

/**
 * Where a repository-relative path sits.
 * @param {string} rel forward-slash path relative to the repository root
 * @returns {{ side: 'shared' | 'sw' | 'client' | 'server' | 'tests' | 'other', layer?: string, feature?: string, dir?: string, domain?: string }}
 */
export function classify(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'sw') return { side: 'sw' };
  if (parts[0] === 'tests') return { side: 'tests' };
  if (parts[0] !== 'src') return { side: 'other' };
  const side = parts[1];
  if (side === 'shared') return { side: 'shared' };
  if (side !== 'client' && side !== 'server') return { side: 'other' };
  const isRootFile = parts.length === 3;
  const dir = isRootFile ? '' : parts[2];
  if (side === 'server') {
    if (isRootFile) {
      const name = parts[2].replace(codeExtension, '');
      return { side, layer: name === 'index' || name === 'app' ? 'app' : 'base', dir };
    }
    // services/<domain>/… (a loose file of services/ is in no domain).
    if (dir === 'services' && parts.length > 4) return { side, layer: 'services', dir, domain: parts[3] };
    return { side, layer: serverDirLayer[dir] ?? 'base', dir };
  }
  if (isRootFile) return { side, layer: 'app', dir };
  const layer = clientDirLayer[dir] ?? 'base';
  if (layer === 'features') return { side, layer, dir, feature: parts.length > 4 ? parts[3] : '' };
  return { side, layer, dir };
}

function toRel(absolute, root) {
  return path.relative(root, absolute).split(path.sep).join('/');
}

/**
 * Resolves a specifier to a repository-relative path, or null when it is not ours (a package,
 * `node:` builtin, `virtual:` module, URL…).
 */
export function resolveSpecifier(importerRel, specifier) {
  for (const [prefix, target] of Object.entries(aliases)) {
    if (specifier.startsWith(prefix)) return path.posix.normalize(target + specifier.slice(prefix.length));
  }
  if (specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../')) {
    const joined = path.posix.normalize(path.posix.join(path.posix.dirname(importerRel), specifier));
    return joined;
  }
  return null;
}

function describe(where) {
  if (where.side === 'client' || where.side === 'server') {
    const name = where.layer === 'app' ? 'root' : where.dir || where.layer;
    return `src/${where.side}/${name}${where.feature ? `/${where.feature}` : ''}`;
  }
  if (where.side === 'shared') return 'src/shared';
  return where.side;
}

function crossDomain(from, to, specifier) {
  const unknown = [from, to].find((domain) => !(domain in DOMAIN_LEVEL));
  if (unknown)
    return `services/${unknown}/ is a domain folder without a level: add it to DOMAIN_LEVEL in tools/lint/layers-plugin.mjs`;
  if (DOMAIN_LEVEL[to] < DOMAIN_LEVEL[from]) return null;
  return `services/${from} must not import services/${to} ('${specifier}'): a domain imports only lower ones (DOMAIN_LEVEL: ${from} ${DOMAIN_LEVEL[from]}, ${to} ${DOMAIN_LEVEL[to]}); move the shared part down or the call up to the route`;
}

/**
 * The decision: may the file `importerRel` import `specifier`?
 * @param {string} importerRel the importing file, relative to the repository root (forward slashes)
 * @param {string} specifier the module specifier as written
 * @returns {string | null} null when allowed, otherwise the reason (for the lint message)
 */
export function decide(importerRel, specifier) {
  const from = classify(importerRel);
  if (from.side === 'tests' || from.side === 'other') return null;
  const isTest = testFile.test(importerRel);

  if (specifier.startsWith('node:') && !isTest && from.side !== 'server') {
    return `${describe(from)} runs in the browser: it must not import Node builtins ('${specifier}')`;
  }

  const targetRel = resolveSpecifier(importerRel, specifier);
  if (targetRel === null) return null;
  if (targetRel === '..' || targetRel.startsWith('../')) return `'${specifier}' points outside the repository`;
  const to = classify(targetRel);
  const arrow = `${describe(from)} must not import ${describe(to)} ('${specifier}')`;

  if (to.side === 'tests') return isTest ? null : `only tests may import test helpers ('${specifier}')`;
  if (to.side === 'other') {
    // Our code outside src/ and sw/ (configs, scripts, tools): shared and sw stay self-contained.
    if ((from.side === 'shared' || from.side === 'sw') && !isTest) return `${arrow}: it imports only src/shared`;
    return null;
  }

  switch (from.side) {
    case 'shared':
      return to.side === 'shared' ? null : `${arrow}: src/shared imports nothing of ours outside src/shared`;
    case 'sw':
      return to.side === 'shared' || to.side === 'sw' ? null : `${arrow}: the service worker imports only src/shared`;
    case 'client':
    case 'server': {
      if (to.side === 'shared') return null;
      if (to.side === 'sw') return `${arrow}: the service worker is its own bundle; share code through src/shared`;
      if (to.side !== from.side)
        return `${arrow}: client and server never import each other (share through src/shared)`;
      // The layers order production code; a test sits on top of whatever it exercises.
      if (isTest) return null;
      const levels = from.side === 'client' ? clientLevel : serverLevel;
      if (levels[to.layer] > levels[from.layer]) {
        return `${arrow}: imports flow ${from.side === 'client' ? 'routes → features → components/lib' : 'routes → services → db/lib/mail/pdf'} → shared, never back`;
      }
      if (
        from.side === 'client' &&
        from.layer === 'features' &&
        to.layer === 'features' &&
        from.feature !== to.feature
      ) {
        return `${arrow}: features never import each other; move the shared part to components/, lib/ or src/shared`;
      }
      if (from.domain && to.domain && from.domain !== to.domain) return crossDomain(from.domain, to.domain, specifier);
      return null;
    }
    default:
      return null;
  }
}

/** True when a module's statements only re-export (`export … from`, or imports re-exported as-is). */
export function isBarrel(body) {
  if (body.length === 0) return false;
  return (
    body.every(
      (statement) =>
        statement.type === 'ExportAllDeclaration' ||
        (statement.type === 'ExportNamedDeclaration' && (statement.source || !statement.declaration)) ||
        statement.type === 'ImportDeclaration',
    ) && body.some((statement) => statement.type !== 'ImportDeclaration')
  );
}

function filenameOf(context) {
  return context.physicalFilename ?? context.filename ?? context.getFilename?.();
}

function specifierOf(sourceNode) {
  if (!sourceNode) return null;
  if (sourceNode.type === 'Literal' && typeof sourceNode.value === 'string') return sourceNode.value;
  if (sourceNode.type === 'TemplateLiteral' && sourceNode.expressions.length === 0) {
    return sourceNode.quasis[0]?.value.cooked ?? null;
  }
  // `import('x')` in a type position: TSImportType's argument is a TSLiteralType.
  if (sourceNode.type === 'TSLiteralType') return specifierOf(sourceNode.literal);
  return null;
}

const importDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the one-way import direction between the layers of DESIGN.md' },
    schema: [],
  },
  create(context) {
    const absolute = filenameOf(context);
    if (!absolute) return {};
    const importerRel = toRel(absolute, repoRoot);
    const check = (sourceNode) => {
      const specifier = specifierOf(sourceNode);
      if (specifier === null) return;
      const reason = decide(importerRel, specifier);
      if (reason) context.report({ node: sourceNode, message: reason });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument),
    };
  },
};

const noBarrelFiles = {
  meta: {
    type: 'suggestion',
    docs: { description: 'No index files that only re-export (import from the module itself)' },
    schema: [],
  },
  create(context) {
    const absolute = filenameOf(context);
    if (!absolute || !/^index\.[cm]?[jt]sx?$/.test(path.basename(absolute))) return {};
    return {
      Program(node) {
        if (isBarrel(node.body)) {
          context.report({
            node,
            message: 'Barrel file: import from the modules themselves instead of an index that re-exports them',
          });
        }
      },
    };
  },
};

export default {
  meta: { name: 'layers' },
  rules: {
    'import-direction': importDirection,
    'no-barrel-files': noBarrelFiles,
  },
};
