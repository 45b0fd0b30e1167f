// Setup of the 'client' test project (happy-dom): jest-dom matchers, IndexedDB (fake-indexeddb, so the
// stores persist as in a browser), an unmounted tree and fresh stores after every test
// (__mocks__/zustand.ts), so tests never see each other's state, and a failure for any console.error.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearIndexedDb } from './clear-indexeddb.ts';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetAccountData } from '#client/lib/account-scoped.ts';
import { resetErrorReports } from '#client/lib/error-reporter.ts';
import { setCsrfToken } from '#client/lib/http.ts';
import { resetConnection } from '#client/lib/testing/connection.ts';

// findBy… and waitFor wait up to 5 s, not 1 s: a lazy chunk's first import is transformed on demand,
// and takes longer than a second when both cores are busy. A passing wait returns as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

// Components are tested as the app runs once the start-up user data has come: with a CSRF token.
// lib/http.test.ts clears it to test the writes that come before it.
beforeEach(() => {
  setCsrfToken('test-csrf-token');
  // Online, with no failed call remembered from another test (lib/connection.ts).
  resetConnection();
});

vi.mock('zustand');
// The mock's own export (__mocks__/zustand.ts), so typed here rather than as zustand's.
const { resetAllStores } = (await import('zustand')) as unknown as { resetAllStores: () => Promise<void> };
// As a logout does: the account's stores drop what they hold and what they are still loading (a
// request a test left unanswered must not answer the next test, or the next file: the client
// project shares modules between its files); the device's databases are emptied (the repair
// drafts too); then every store goes back to its initial state.
afterEach(async () => {
  await forgetAccountData();
  await clearIndexedDb();
  await resetAllStores();
});

// happy-dom has no navigator.sendBeacon: the error reporter (lib/error-reporter.ts) would fall back to
// a fetch of a server that is not there. Reports made in a test go nowhere; its own test stubs this.
Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true, writable: true });
afterEach(() => resetErrorReports());

// React's warnings and our own bugs land in console.error: a test that prints one fails (epic-stack).
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});

afterEach(() => {
  cleanup();
  const printed = consoleErrors.map((args) => args.map(String).join(' '));
  consoleErrors = [];
  if (printed.length > 0) throw new Error(`console.error was called:\n${printed.join('\n')}`);
});

// happy-dom opens a <dialog> with showModal() but knows no close requests: in a browser, Escape fires a
// cancelable 'cancel' at the top modal dialog and closes it unless cancelled (HTML, "close requests"),
// and a keydown a handler cancelled does neither. The same here, once per worker (files share the document).
const CLOSE_REQUESTS = Symbol.for('tests.dialog-close-requests');
if (!(CLOSE_REQUESTS in globalThis)) {
  Object.defineProperty(globalThis, CLOSE_REQUESTS, { value: true });
  const modals: HTMLDialogElement[] = [];
  const { showModal, close } = HTMLDialogElement.prototype;
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    showModal.call(this);
    modals.push(this);
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement, returnValue?: string) {
    const index = modals.indexOf(this);
    if (index !== -1) modals.splice(index, 1);
    close.call(this, returnValue);
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = modals.findLast((dialog) => dialog.isConnected && dialog.open);
    if (top?.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
