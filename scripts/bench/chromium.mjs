// Debian's Chromium as the bench and the e2e tests launch it.
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, without the background connections this closed network refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
