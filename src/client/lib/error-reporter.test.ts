import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportClientError } from '#shared/api/client-errors.ts';
import { reportError, resetErrorReports } from './error-reporter.ts';
import { recordBeacons } from './testing/beacons.ts';

// navigator.sendBeacon is the browser's: what the page hands it is what reaches the server.
const { sent: beacons, reports: sentReports } = recordBeacons();

beforeEach(() => resetErrorReports());
afterEach(() => vi.unstubAllGlobals());

describe('reportError', () => {
  it('sends a JSON beacon to the endpoint, once per source and message', async () => {
    reportError('render', new Error('boom'));
    reportError('render', new Error('boom'));
    reportError('promise', new Error('boom'));
    expect(beacons.map((beacon) => [beacon.url, beacon.body.type])).toEqual([
      [reportClientError.path, 'application/json'],
      [reportClientError.path, 'application/json'],
    ]);
    expect((await sentReports()).map((report) => [report.source, report.message])).toEqual([
      ['render', 'Error: boom'],
      ['promise', 'Error: boom'],
    ]);
  });

  it('skips what the network explains (offline, aborted, timed out), as the worker does, and reports the rest', async () => {
    reportError('promise', new TypeError('Failed to fetch'));
    reportError('promise', new TypeError('NetworkError when attempting to fetch resource.'));
    reportError('caught', new DOMException('The user aborted a request.', 'AbortError'));
    reportError('caught', new DOMException('The operation timed out.', 'TimeoutError'));
    expect(beacons).toHaveLength(0);
    reportError('promise', new TypeError('items.map is not a function'));
    expect((await sentReports()).map((report) => report.message)).toEqual(['TypeError: items.map is not a function']);
  });

  it('sends at most ten reports from a page that keeps failing', () => {
    for (let i = 0; i < 50; i++) reportError('window', new Error(`failure ${i}`));
    expect(beacons).toHaveLength(10);
  });

  it('falls back to a keepalive POST where the browser refuses the beacon', () => {
    const posts: RequestInit[] = [];
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      posts.push(init);
      return Promise.resolve(new Response('{}'));
    });
    reportError('caught', new Error('no beacon'));
    expect(posts).toEqual([
      expect.objectContaining({ method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' } }),
    ]);
  });
});
