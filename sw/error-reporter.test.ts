import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { clientErrorReport, reportClientError } from '#shared/api/client-errors.ts';
import { createWorkerErrorReporter } from './error-reporter.ts';

describe("the worker's error reporter", () => {
  it('posts a JSON report the endpoint accepts, each message once, ten at most', async () => {
    const posts: Array<{ url: string; init: RequestInit }> = [];
    const report = createWorkerErrorReporter((input, init = {}) => {
      posts.push({ url: String(input), init });
      return Promise.resolve(new Response('{"success":true}'));
    }, 'https://portal.test/sw.js?v=1');
    report(new RangeError('outbox: bad entry'));
    report(new RangeError('outbox: bad entry'));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      url: reportClientError.path,
      init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, credentials: 'same-origin' },
    });
    const body = v.parse(clientErrorReport, JSON.parse(String(posts[0]!.init.body)));
    expect(body).toMatchObject({
      source: 'worker',
      message: 'RangeError: outbox: bad entry',
      url: 'https://portal.test/sw.js',
    });

    for (let i = 0; i < 30; i++) report(new Error(`failure ${i}`));
    expect(posts).toHaveLength(10);
  });

  it('reports no expected network failure (offline, a dropped connection, a deadline), only real errors', () => {
    const posts: string[] = [];
    const report = createWorkerErrorReporter((_input, init = {}) => {
      posts.push(String(init.body));
      return Promise.resolve(new Response('{"success":true}'));
    }, 'https://portal.test/sw.js');
    report(new TypeError('Failed to fetch'));
    report(new TypeError('NetworkError when attempting to fetch resource.'));
    report(new TypeError('Load failed'));
    report(new DOMException('Timed out', 'AbortError'));
    report(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(posts).toEqual([]);
    // A TypeError of our own code is a bug, and so is anything else.
    report(new TypeError("Cannot read properties of undefined (reading 'id')"));
    report(new Error('Failed to fetch the outbox entry'));
    expect(posts.map((body) => (JSON.parse(body) as { message: string }).message)).toEqual([
      "TypeError: Cannot read properties of undefined (reading 'id')",
      'Error: Failed to fetch the outbox entry',
    ]);
  });

  it('drops a report it cannot deliver (offline) without throwing', async () => {
    let attempts = 0;
    const report = createWorkerErrorReporter(() => {
      attempts += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    }, 'https://portal.test/sw.js');
    expect(() => report(new Error('offline'))).not.toThrow();
    await Promise.resolve();
    expect(attempts).toBe(1);
  });
});
