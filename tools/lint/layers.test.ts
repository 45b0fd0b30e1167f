import { describe, expect, it } from 'vitest';
import { classify, decide, isBarrel, resolveSpecifier } from './layers-plugin.mjs';

// [importing file, specifier] pairs that the import-direction rule must let through…
const allowed: Array<[string, string]> = [
  // shared: itself and packages only
  ['src/shared/api/account.ts', '../validation/messages.ts'],
  ['src/shared/api/account.ts', '#shared/validation/fields.ts'],
  ['src/shared/api/account.ts', 'valibot'],
  ['src/shared/format/dates.ts', 'dayjs/locale/ru'],
  // service worker: itself, shared, packages
  ['sw/sw.ts', './precache.ts'],
  ['sw/outbox.ts', '#shared/api/account.ts'],
  ['sw/outbox.ts', '../src/shared/api/endpoint.ts'],
  ['sw/precache.ts', 'workbox-precaching'],
  // client, top to bottom
  ['src/client/main.tsx', './router.tsx'],
  ['src/client/router.tsx', './route-tree.gen.ts'],
  ['src/client/route-tree.gen.ts', './routes/__root.tsx'],
  ['src/client/routes/__root.tsx', '#client/features/shell/app-shell.tsx'],
  ['src/client/routes/cabinet/tickets.tsx', '../../features/tickets/tickets-page.tsx'],
  ['src/client/routes/cabinet/password.tsx', '#client/components/ui/button.tsx'],
  ['src/client/routes/index.tsx', '#shared/api/account.ts'],
  ['src/client/features/auth/login-form.tsx', './auth-store.ts'],
  ['src/client/features/auth/forms/login-form.tsx', '../auth-store.ts'],
  ['src/client/features/auth/login-form.tsx', '#client/features/auth/auth-store.ts'],
  ['src/client/features/auth/login-form.tsx', '#client/components/ui/field.tsx'],
  ['src/client/features/auth/auth-api.ts', '#client/lib/http.ts'],
  ['src/client/features/auth/login-form.tsx', './login-form.module.css'],
  ['src/client/components/ui/button.tsx', './button.module.css'],
  ['src/client/components/layout/tab-bar.tsx', '../ui/badge.tsx'],
  ['src/client/components/ui/field.tsx', '#client/lib/masks.ts'],
  ['src/client/lib/http.ts', '#shared/api/endpoint.ts'],
  ['src/client/lib/http.ts', 'ky'],
  ['src/client/lib/sw-bridge.ts', 'virtual:pwa-register'],
  // client tests may use Node and the shared test setup
  ['src/client/features/auth/login-form.test.tsx', 'node:timers/promises'],
  ['src/client/features/auth/login-form.test.tsx', '../../../../tests/setup/dom.ts'],
  // server, top to bottom
  ['src/server/index.ts', './app.ts'],
  ['src/server/index.ts', './env.ts'],
  ['src/server/app.ts', './routes/account.ts'],
  ['src/server/routes/account.ts', '../services/accounts.ts'],
  ['src/server/routes/account.ts', '#server/lib/http-errors.ts'],
  ['src/server/routes/account.ts', '#server/context.ts'],
  ['src/server/middleware/session.ts', '../services/sessions.ts'],
  ['src/server/routes/account.ts', '../middleware/session.ts'],
  ['src/server/services/accounts.ts', './passwords.ts'],
  ['src/server/services/accounts.ts', '../db/schema.ts'],
  ['src/server/services/accounts.ts', '#server/mail/mailer.ts'],
  ['src/server/services/bills.ts', '#server/pdf/bill.ts'],
  // services are grouped by domain (services/accounts, services/tickets…): one layer, so a domain
  // may use a lower domain's services (DOMAIN_LEVEL), the loose ones, and everything below
  ['src/server/routes/account.ts', '#server/services/accounts/accounts.ts'],
  // routes are grouped by domain too (ADR 0057): one layer, whose files may share a helper
  ['src/server/app.ts', './routes/loyalty/bonuses.ts'],
  ['src/server/routes/loyalty/bonuses.ts', '#server/services/loyalty/bonus-page.ts'],
  ['src/server/routes/tickets/decisions.ts', '../idempotent-call.ts'],
  ['src/server/routes/couriers/courier.ts', '../files/downloads.ts'],
  ['src/server/services/accounts/invitations.ts', '#server/db/client-lock.ts'],
  ['src/server/middleware/session-cookie.ts', '#server/lib/sha256.ts'],
  ['src/server/middleware/session.ts', './session-cookie.ts'],
  ['src/server/middleware/session-cookie.ts', '#server/services/accounts/tokens.ts'],
  ['src/server/services/accounts/accounts.ts', './passwords.ts'],
  ['src/server/services/accounts/accounts.ts', '../loyalty/points.ts'],
  ['src/server/services/accounts/accounts.ts', '../rate-limit.ts'],
  ['src/server/services/idempotency.ts', '#server/services/loyalty/points.ts'],
  ['src/server/services/tickets/pdfs.ts', '../../pdf/bill.ts'],
  ['src/server/services/tickets/list.ts', '#server/db/schema.ts'],
  ['src/server/services/tickets/detail.ts', '#server/services/access/access.ts'],
  ['src/server/services/integration/bills.ts', '../loyalty/accrual.ts'],
  ['src/server/services/kavo/link.ts', '#server/services/accounts/tokens.ts'],
  ['src/server/services/repair-requests/guest-requests.ts', '../idempotency.ts'],
  // a test beside a domain's module may use any domain's (as it may use any module of its side)
  ['src/server/services/loyalty/ledger-replay.test.ts', '../integration/loyalty-operations.ts'],
  ['src/server/db/client.ts', './schema.ts'],
  ['src/server/db/client.ts', 'node:url'],
  ['src/server/lib/logger.ts', '../context.ts'],
  ['src/server/context.ts', './db/client.ts'],
  ['src/server/mail/mailer.ts', '../lib/logger.ts'],
  ['src/server/routes/account.ts', '#shared/api/account.ts'],
  ['src/server/services/accounts.test.ts', '../../../tests/setup/test-app.ts'],
  // a test may import the module it tests and anything on its own side, plus tests/setup
  ['src/server/app.test.ts', './app.ts'],
  ['src/server/app.test.ts', '../../tests/setup/test-app.ts'],
  ['src/server/static.test.ts', '#server/index.ts'],
  ['src/server/services/accounts.test.ts', '../routes/account.ts'],
  ['src/server/services/accounts.test.ts', '#server/app.ts'],
  ['src/server/db/seed.test.ts', '../app.ts'],
  ['src/server/lib/logger.test.ts', '#server/services/accounts.ts'],
  ['src/client/main.test.tsx', './main.tsx'],
  ['src/client/router.test.tsx', './router.tsx'],
  ['src/client/lib/http.test.ts', '../router.tsx'],
  ['src/client/components/ui/modal.test.tsx', '#client/features/auth/auth-store.ts'],
  ['src/client/features/auth/login-form.test.tsx', '#client/features/tickets/tickets-store.ts'],
  ['src/client/features/auth/login-form.test.tsx', '#client/routes/index.tsx'],
  ['src/client/components/ui/modal.test.tsx', '../../../../tests/setup/dom.ts'],
  ['src/shared/format/money.test.ts', './money.ts'],
  ['src/shared/format/money.test.ts', '#shared/format/plurals.ts'],
  // code outside the layers is not restricted
  ['tests/setup/test-app.ts', '#server/app.ts'],
  ['tests/e2e/auth.e2e.ts', '../../src/server/mail/outbox-reader.ts'],
  ['vite.config.ts', './src/shared/regions.ts'],
  ['tools/lint/layers.test.ts', './layers-plugin.mjs'],
];

// …and those it must refuse.
const forbidden: Array<[string, string]> = [
  // shared imports nothing of ours outside shared
  ['src/shared/api/account.ts', '#client/lib/http.ts'],
  ['src/shared/api/account.ts', '../../server/db/schema.ts'],
  ['src/shared/api/account.ts', '../../../sw/outbox.ts'],
  ['src/shared/api/account.ts', '../../../tests/fixtures/users.ts'],
  ['src/shared/format/money.ts', 'node:util'],
  // sw imports only shared
  ['sw/sw.ts', '#client/lib/http.ts'],
  ['sw/sw.ts', '../src/client/lib/http.ts'],
  ['sw/sw.ts', '#server/context.ts'],
  ['sw/outbox.ts', 'node:fs'],
  // client: no way back up, no feature to feature
  ['src/client/components/layout/header.tsx', '#client/features/auth/auth-store.ts'],
  ['src/client/components/layout/header.tsx', '../../routes/index.tsx'],
  ['src/client/lib/http.ts', '../features/auth/auth-store.ts'],
  ['src/client/lib/http.ts', '#client/routes/__root.tsx'],
  ['src/client/lib/http.ts', '#client/router.tsx'],
  ['src/client/features/auth/login-form.tsx', '#client/features/tickets/tickets-store.ts'],
  ['src/client/features/auth/login-form.tsx', '../tickets/tickets-store.ts'],
  ['src/client/features/auth/login-form.tsx', '../../routes/index.tsx'],
  ['src/client/features/auth/login-form.tsx', '#client/main.tsx'],
  ['src/client/routes/index.tsx', '#client/router.tsx'],
  ['src/client/components/ui/button.tsx', 'node:path'],
  // client and server never import each other; neither imports the worker
  ['src/client/lib/http.ts', '#server/app.ts'],
  ['src/client/routes/index.tsx', '../../server/context.ts'],
  ['src/server/routes/account.ts', '#client/lib/http.ts'],
  ['src/server/app.ts', '../client/main.tsx'],
  ['src/client/lib/sw-bridge.ts', '../../../sw/outbox.ts'],
  // server: routes → services → db/lib/mail/pdf, never back
  // between domains, only downwards (DOMAIN_LEVEL): not sideways, not up, nothing into integration or kavo
  ['src/server/services/loyalty/operations.ts', '#server/services/integration/refs.ts'],
  ['src/server/services/access/access.ts', '../accounts/accounts.ts'],
  ['src/server/services/tickets/downloads.ts', '../repair-requests/files.ts'],
  ['src/server/services/accounts/accounts.ts', '#server/services/kavo/identities.ts'],
  ['src/server/services/newdomain/a.ts', '../accounts/accounts.ts'],
  ['src/server/services/accounts.ts', '../routes/account.ts'],
  ['src/server/services/accounts.ts', '#server/middleware/session.ts'],
  ['src/server/services/accounts.ts', '#server/app.ts'],
  ['src/server/services/accounts/accounts.ts', '../../routes/account.ts'],
  ['src/server/services/accounts/accounts.ts', '#server/middleware/session-cookie.ts'],
  ['src/server/services/repair-requests/guest-requests.ts', '#server/middleware/idempotency-key.ts'],
  ['src/server/services/integration/tickets.ts', '#server/routes/integration.ts'],
  ['src/server/services/tickets/decisions.ts', '#server/routes/idempotent-call.ts'],
  ['src/server/db/client-lock.ts', '#server/services/loyalty/points.ts'],
  ['src/server/services/kavo/link.ts', '../../app.ts'],
  ['src/server/db/seed.ts', '#server/services/accounts/passwords.ts'],
  ['src/server/lib/logger.ts', '../services/accounts/accounts.ts'],
  ['src/server/db/seed.ts', '../services/passwords.ts'],
  ['src/server/db/client.ts', '#server/routes/health.ts'],
  ['src/server/lib/logger.ts', '#server/services/accounts.ts'],
  ['src/server/mail/mailer.ts', '../services/accounts.ts'],
  ['src/server/pdf/bill.ts', '#server/routes/bills.ts'],
  ['src/server/context.ts', './services/accounts.ts'],
  ['src/server/env.ts', './index.ts'],
  ['src/server/routes/account.ts', '../app.ts'],
  // tests keep the lines between the sides
  ['src/server/app.test.ts', '#client/main.tsx'],
  ['src/server/services/accounts.test.ts', '../../client/lib/http.ts'],
  ['src/server/app.test.ts', '../../sw/sw.ts'],
  ['src/client/features/auth/login-form.test.tsx', '#server/app.ts'],
  ['src/client/lib/http.test.ts', '../../server/context.ts'],
  ['src/client/lib/sw-bridge.test.ts', '../../../sw/outbox.ts'],
  ['src/shared/format/money.test.ts', '#server/lib/logger.ts'],
  ['src/shared/api/account.test.ts', '#client/lib/http.ts'],
  ['src/shared/api/account.test.ts', '../../../sw/outbox.ts'],
  // only a test gets the exemption, not a helper that merely has "test" in its name
  ['src/server/app-test-helpers.ts', './app.ts'],
  ['src/server/services/test-data.ts', '../routes/account.ts'],
  // production code never imports test helpers
  ['src/server/app.ts', '../../tests/setup/test-app.ts'],
  ['src/client/features/auth/login-form.tsx', '../../../../tests/fixtures/users.ts'],
];

describe('import-direction', () => {
  it.each(allowed)('%s may import %s', (file, specifier) => {
    expect(decide(file, specifier)).toBeNull();
  });

  it.each(forbidden)('%s must not import %s', (file, specifier) => {
    expect(decide(file, specifier)).toEqual(expect.any(String));
  });

  it('says which domains and levels a refused cross-domain import is between', () => {
    expect(decide('src/server/services/notifications/list.ts', '#server/services/tickets/detail.ts')).toMatch(
      /^services\/notifications must not import services\/tickets .*only lower ones \(DOMAIN_LEVEL: notifications 1, tickets 3\)/,
    );
    expect(decide('src/server/services/tickets/detail.ts', '#server/services/notifications/list.ts')).toBeNull();
  });

  it('names both sides and the rule in its message', () => {
    expect(decide('src/client/features/auth/a.tsx', '#client/features/tickets/b.ts')).toMatch(
      /src\/client\/features\/auth must not import src\/client\/features\/tickets .*features never import each other/,
    );
    expect(decide('src/server/services/a.ts', '../routes/b.ts')).toMatch(
      /src\/server\/services must not import src\/server\/routes/,
    );
  });
});

describe('resolveSpecifier', () => {
  it('maps the package.json "imports" aliases and relative paths, and ignores packages', () => {
    expect(resolveSpecifier('src/client/lib/http.ts', '#shared/api/endpoint.ts')).toBe('src/shared/api/endpoint.ts');
    expect(resolveSpecifier('src/client/lib/http.ts', '#server/app.ts')).toBe('src/server/app.ts');
    expect(resolveSpecifier('src/client/lib/http.ts', '../features/a/b.ts')).toBe('src/client/features/a/b.ts');
    expect(resolveSpecifier('sw/sw.ts', '../src/shared/x.ts')).toBe('src/shared/x.ts');
    expect(resolveSpecifier('src/client/lib/http.ts', 'ky')).toBeNull();
    expect(resolveSpecifier('src/client/lib/http.ts', '@tanstack/react-router')).toBeNull();
  });
});

describe('classify', () => {
  it('places files in their side and layer', () => {
    expect(classify('src/client/features/auth/forms/login.tsx')).toMatchObject({
      side: 'client',
      layer: 'features',
      feature: 'auth',
    });
    expect(classify('src/client/main.tsx')).toMatchObject({ side: 'client', layer: 'app' });
    expect(classify('src/server/env.ts')).toMatchObject({ side: 'server', layer: 'base' });
    expect(classify('src/server/app.ts')).toMatchObject({ side: 'server', layer: 'app' });
    expect(classify('src/server/db/schema.ts')).toMatchObject({ side: 'server', layer: 'base' });
    expect(classify('sw/sw.ts')).toEqual({ side: 'sw' });
    expect(classify('vite.config.ts')).toEqual({ side: 'other' });
  });
});

describe('no-barrel-files', () => {
  it('flags modules that only re-export', () => {
    expect(
      isBarrel([
        { type: 'ExportAllDeclaration', source: {} },
        { type: 'ExportNamedDeclaration', source: {} },
      ]),
    ).toBe(true);
    expect(isBarrel([{ type: 'ImportDeclaration' }, { type: 'ExportNamedDeclaration', declaration: null }])).toBe(true);
  });

  it('lets modules with code of their own through', () => {
    expect(isBarrel([])).toBe(false);
    expect(isBarrel([{ type: 'ExportAllDeclaration', source: {} }, { type: 'FunctionDeclaration' }])).toBe(false);
    expect(isBarrel([{ type: 'ExportNamedDeclaration', declaration: {} }])).toBe(false);
    expect(isBarrel([{ type: 'ImportDeclaration' }])).toBe(false);
  });
});
