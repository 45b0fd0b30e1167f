// Types for the e2e tests, which launch Chromium with the bench's arguments.
export const CHROMIUM: string;
export const CHROMIUM_ARGS: string[];
