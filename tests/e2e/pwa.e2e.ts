// Install and update end to end (README "What works today", install and update; ADR 0007): the manifest and its icons,
// Chromium's own installability check with the service worker in control, our install invitation
// on Chromium's beforeinstallprompt, and a route chunk lost to a deploy reloading the app once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserForFile,
  CHROMIUM_LAUNCH_OPTIONS,
  PHONE,
  PHONE_WITH_WORKER,
  baseURL,
  openControlled,
  screenshot,
  withPage,
} from './support.ts';
import { button, visible } from './ui.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: { name: string; short_name: string; url: string; icons: ManifestIcon[] }[];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/**
 * Chromium never offers installing from an incognito-like context (Playwright's `newContext`), so
 * the installability checks run in a persistent profile of their own, with the service worker on
 * (support.ts blocks it for the online flows). Same binary and flags as support.ts launchBrowser.
 */
async function withInstallableProfile(
  name: string,
  body: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...PHONE_WITH_WORKER.options,
    baseURL: baseURL(),
    ...CHROMIUM_LAUNCH_OPTIONS,
  });
  context.setDefaultTimeout(15_000);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await body(page, context);
    } catch (error) {
      await screenshot(page, `FAILED-${name}`).catch(() => undefined);
      throw error;
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

describe('the web app manifest', () => {
  it('names the app in Russian and carries the icons, the start_url marker and the shortcuts', async () => {
    const response = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Сервисный центр — личный кабинет',
      short_name: 'Сервис',
      lang: 'ru',
      scope: '/',
      display: 'standalone',
      start_url: '/cabinet/tickets?source=pwa',
      theme_color: '#0b5cab',
      background_color: '#f5f7fa',
    });
    expect(manifest.description).toMatch(/ремонт/);
    // 'any' and 'maskable' apart: a combined purpose would crop the regular icon or pad the maskable one.
    expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    expect(manifest.shortcuts.map((shortcut) => [shortcut.short_name, shortcut.url])).toEqual([
      ['Заявки', '/cabinet/tickets?source=pwa'],
      ['Счета', '/cabinet/bills?source=pwa'],
      ['Ремонт', '/?source=pwa#form-repair'],
    ]);

    const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons)];
    for (const icon of icons) {
      const iconResponse = await fetch(new URL(icon.src, baseURL()));
      expect(iconResponse.status, icon.src).toBe(200);
      expect(iconResponse.headers.get('content-type'), icon.src).toMatch(/^image\/png/);
      expect(pngSize(Buffer.from(await iconResponse.arrayBuffer())), icon.src).toBe(icon.sizes);
    }
    expect(manifest.shortcuts.every((shortcut) => shortcut.icons[0]?.sizes === '96x96')).toBe(true);
  });
});

describe('installing in Chromium', () => {
  it('reports no installability error once the service worker controls the page', async () => {
    await withInstallableProfile('pwa-installability', async (page, context) => {
      await openControlled(page, '/');
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${baseURL()}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    });
  });

  it('turns the browser’s install offer into our invitation, and «Не сейчас» keeps it away', async () => {
    await withInstallableProfile('pwa-install-invitation', async (page) => {
      await openControlled(page, '/');
      const invitation = page.getByRole('complementary', { name: 'Установка приложения' });
      await invitation.getByText('Установите приложение на главный экран').waitFor();
      await expect.poll(() => button(invitation, 'Установить').isVisible()).toBe(true);
      await screenshot(page, 'phone-install-invitation');
      await button(invitation, 'Не сейчас').click();
      await invitation.waitFor({ state: 'detached' });
      // Chromium offers again on every load; the dismissal is remembered. The offer is awaited as
      // an event, then two frames for the app to have drawn whatever it would draw for it.
      await page.addInitScript(() =>
        addEventListener('beforeinstallprompt', () => Object.assign(window, { installOffered: true })),
      );
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForFunction(() => 'installOffered' in window);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await invitation.count()).toBe(0);
    });
  });
});

describe('a deploy that removed a route chunk', () => {
  const browser = browserForFile();

  it('reloads the app once, then shows a Russian error whose button recovers', async () => {
    await withPage(browser, PHONE, 'phone-chunk-reload', async (page) => {
      // The contacts page's chunk is missing, as after a deploy that renamed it.
      const missingChunk = /\/assets\/contacts-[\w-]+\.js$/;
      await page.route(missingChunk, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
      let documentLoads = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documentLoads += 1;
      });

      await page.goto('/contacts');
      const error = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить страницу' });
      await error.waitFor();
      // The first load and exactly one automatic reload: no loop (once the network is quiet).
      await page.waitForLoadState('networkidle');
      expect(documentLoads).toBe(2);
      await screenshot(page, 'phone-chunk-error');

      // The chunk is back (the deploy finished): the button loads the page.
      await page.unroute(missingChunk);
      await visible(error.getByRole('button', { name: 'Обновить страницу' })).click();
      await page.getByRole('heading', { level: 1, name: 'Контакты' }).waitFor();
      expect(documentLoads).toBe(3);
    });
  });

  it("does not reload on a dead network that says online (the server does not answer): a calm line, and 'Повторить' reloads once it does", async () => {
    await withPage(browser, PHONE, 'phone-chunk-offline', async (page) => {
      // A page's first seconds on a dead network: its route chunk fails, and so does the server's health check.
      const missingChunk = /\/assets\/contacts-[\w-]+\.js$/;
      await page.route(missingChunk, (route) => route.abort('internetdisconnected'));
      await page.route('**/healthz', (route) => route.abort('internetdisconnected'));
      let documentLoads = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documentLoads += 1;
      });

      await page.goto('/contacts');
      const calm = page.getByText('Нет связи с сервером. Страница загрузится, когда появится связь.');
      await visible(calm).waitFor();
      await page.waitForLoadState('networkidle');
      expect(documentLoads).toBe(1);
      expect(await page.getByRole('alert').filter({ hasText: 'Не удалось загрузить страницу' }).count()).toBe(0);
      await screenshot(page, 'phone-chunk-offline');

      // The network is back: 'Повторить' asks the server, which answers, and the page reloads into Контакты.
      await page.unroute(missingChunk);
      await page.unroute('**/healthz');
      await visible(page.getByRole('button', { name: 'Повторить' })).click();
      await page.getByRole('heading', { level: 1, name: 'Контакты' }).waitFor();
      expect(documentLoads).toBe(2);
    });
  });
});
