import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import routerConfig from './tsr.config.json' with { type: 'json' };
import { buildOutput } from './tools/build/build-output.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The lazy pages' 'shared' chunk (docs/decisions/0012-code-splitting-and-cold-start.md) by folder: what
 * two or more of them use from these folders is one file rather than a few-hundred-byte file per
 * combination of pages: the contracts, rules and formatting of src/shared and the client's lib (not dayjs: only the
 * wizard's pickup days use it, and the shared chunk is on the requests list's cold path).
 */
const SHARED_CHUNK_FOLDERS = ['src/shared/', 'src/client/lib/'];
/**
 * Except a `screens/` folder in them (docs/decisions/0035-screen-owned-shared-code.md): the contracts and rules
 * that only screens off the requests list's cold path use (places, repair requests, the account pages, KAVO ID…)
 * stay with those screens. tools/lint/shared-chunk.mjs checks both sides of the line after each build.
 */
const SCREEN_OWNED = /\/src\/(?:shared|client\/lib)\/screens\//;
/** Also in it: the decision popups' store, which the cabinet layout and the ticket page share. */
const SHARED_CHUNK_FILES = ['src/client/features/decisions/decision-dialog-store.ts'];

function joinsSharedChunk(id: string): boolean {
  const file = id.replaceAll('\\', '/');
  const under = (paths: readonly string[]) => paths.some((path) => file.includes(`/${path}`));
  return (under(SHARED_CHUNK_FOLDERS) && !SCREEN_OWNED.test(file)) || under(SHARED_CHUNK_FILES);
}

/** The build prints what the user needs: warnings to read, not the tools' known noise (tools/build/build-output.ts). */
const output = buildOutput();

const THEME_COLOR = '#0b5cab';
const BACKGROUND_COLOR = '#f5f7fa';
const API_TARGET = 'http://localhost:8080';

export default defineConfig({
  resolve: {
    // package.json "imports" says the same; the aliases keep Vite, vitest and the worker build independent of it.
    alias: [
      { find: /^#shared\/(.*)$/, replacement: `${fromRoot('./src/shared/')}$1` },
      { find: /^#client\/(.*)$/, replacement: `${fromRoot('./src/client/')}$1` },
    ],
  },
  plugins: [
    output.app,
    // Must come before the React plugin. Route options live in tsr.config.json, shared with scripts/generate-routes.mjs.
    tanstackRouter({
      ...routerConfig,
      target: 'react',
      quoteStyle: 'single',
      autoCodeSplitting: true,
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // main.tsx registers the worker through workbox-window: no injected (inline) script, the CSP forbids it.
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Сервисный центр — личный кабинет',
        short_name: 'Сервис',
        description:
          'Заявки на ремонт стоматологических инструментов, согласование работ, счета и бонусы сервисного центра.',
        lang: 'ru',
        dir: 'ltr',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        display: 'standalone',
        orientation: 'portrait',
        scope: '/',
        // ?source=pwa marks a launch from the home screen (src/client/lib/standalone.ts); so do the shortcuts.
        start_url: '/cabinet/tickets?source=pwa',
        categories: ['medical', 'business', 'productivity'],
        prefer_related_applications: false,
        shortcuts: [
          {
            name: 'Заявки',
            short_name: 'Заявки',
            description: 'Мои заявки на ремонт',
            url: '/cabinet/tickets?source=pwa',
            icons: [{ src: '/icons/shortcut-tickets-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Счета',
            short_name: 'Счета',
            description: 'Счета на оплату',
            url: '/cabinet/bills?source=pwa',
            icons: [{ src: '/icons/shortcut-bills-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            // The same address as the tab bar's «Ремонт» in the browser: the home page's repair form.
            name: 'Новая заявка на ремонт',
            short_name: 'Ремонт',
            description: 'Отправить инструмент в ремонт',
            url: '/?source=pwa#form-repair',
            icons: [{ src: '/icons/shortcut-repair-96.png', sizes: '96x96', type: 'image/png' }],
          },
        ],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The password strength checker is ~400 KB of dictionaries, fetched only with the password
        // form: an install must not download it, and offline the form works without the hint.
        globIgnores: ['**/password-checker-*.js'],
        buildPlugins: { vite: [output.serviceWorker] },
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/ajax': API_TARGET,
      '/api': API_TARGET,
      '/healthz': API_TARGET,
    },
  },
  preview: {
    proxy: {
      '/ajax': API_TARGET,
      '/api': API_TARGET,
      '/healthz': API_TARGET,
    },
  },
  build: {
    outDir: 'dist/client',
    target: 'es2022',
    // Maps without the sourceMappingURL comment: scripts/keep-source-maps.mjs moves them to the server's
    // dist/client-maps, where the client errors route maps stacks with them; browsers never get them.
    sourcemap: 'hidden',
    rolldownOptions: {
      // Rolldown's note on slow plugins is for profiling the build, not for everyone who builds it: it came
      // on a busy machine whenever the TanStack Router plugin's transforms took most of the time.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // Fewer, larger files on the critical path (docs/decisions/0012-code-splitting-and-cold-start.md):
          // each request costs a round trip on a phone's network. Everything the entry imports
          // statically loads on every page anyway, so it is one file rather than the ten small shared
          // chunks Rolldown would cut from it. What the lazy pages share of the contract, formatting
          // and client lib is one chunk (with the decision popups' store, which the
          // cabinet layout and the ticket page share), rather than a few-hundred-byte file per
          // combination of pages that use it. dayjs is not in it: only the repair wizard's pickup days
          // use it, and it stays in their chunk, off the lists' cold path (ADR 0034).
          groups: [
            { name: 'index', tags: ['$initial'] },
            {
              name: 'password-checker',
              test: /[\\/]node_modules[\\/]@zxcvbn-ts[\\/]|password-checker\.ts|common-passwords\.ts/,
            },
            // The form kit's controls stay in the forms' chunk with the form library (as before the survey
            // shared them), not in files of their own that every lazy page's preload list would name.
            {
              name: 'bound-form',
              test: /[\\/]src[\\/]client[\\/]components[\\/]ui[\\/](bound-form|app-form|form-bindings|form-helpers|text-field|textarea-field|checkbox-field|radio-group|full-name-fields)\.tsx?$|[\\/]node_modules[\\/]@tanstack[\\/](react-form|form-core|store|react-store)[\\/]/,
              minShareCount: 2,
            },
            // The shell's popups (the More panel, the forms' host, the repair sheet, the notices) share the
            // modal: one file named for what it is, loaded with the first of them.
            {
              name: 'overlay',
              test: /[\\/]src[\\/]client[\\/]components[\\/]ui[\\/]modal[.]/,
              minShareCount: 2,
            },
            // What the paged lists share (the list itself, its skeleton, the data's age, the tickets' store):
            // one file on the requests list's cold path rather than four small ones, each a round trip.
            {
              name: 'list-kit',
              test: /[\\/]src[\\/]client[\\/](components[\\/]ui[\\/](paged-list|skeleton|data-age)|features[\\/]tickets[\\/]tickets-list-store)[.]/,
              minShareCount: 2,
            },
            { name: 'shared', test: joinsSharedChunk, minShareCount: 2 },
            // The map and phone links the clinic's ticket and the courier's stop share: claimed before the
            // courier's group, so the ticket page never loads the courier's chunk for them.
            { name: 'map-links', test: /[\\/]src[\\/]shared[\\/]screens[\\/]map-links[.]/ },
            // The courier's section (ADR 0047): its routes and feature in one file (its map's leaflet
            // part apart), so a clinic's entry names one more chunk in its preload lists, not ten.
            {
              name: 'courier',
              test: /[\\/]src[\\/]client[\\/](features[\\/]courier[\\/](?!stops-map)|routes[\\/]courier[\\/](?!notifications))/,
            },
          ],
        },
      },
    },
  },
});
