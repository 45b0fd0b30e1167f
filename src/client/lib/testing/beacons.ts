// Test helper: navigator.sendBeacon recorded, as the browser would hand each body to the server.
import { beforeEach, vi } from 'vitest';

export interface Beacon {
  url: string;
  body: Blob;
}

/** Stubs sendBeacon before each test of the file; the list holds what the page sent, in order. */
export function recordBeacons(): { sent: Beacon[]; reports(): Promise<Array<Record<string, unknown>>> } {
  const sent: Beacon[] = [];
  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: (url: string, body: Blob) => sent.push({ url, body }) > 0 });
  });
  return {
    sent,
    reports: () => Promise.all(sent.map(async ({ body }) => JSON.parse(await body.text()) as Record<string, unknown>)),
  };
}
