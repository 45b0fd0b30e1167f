import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS, clientErrorReport, describeClientError } from './client-errors.ts';

describe('describeClientError', () => {
  it('names the error, keeps its stack, and drops the query and fragment of the address', () => {
    const error = new TypeError('x is undefined');
    const report = describeClientError('window', error, 'https://portal.test/password/reset?code=123456#top');
    expect(report).toMatchObject({
      source: 'window',
      message: 'TypeError: x is undefined',
      url: 'https://portal.test/password/reset',
    });
    expect(report.stack).toContain('x is undefined');
  });

  it('describes what is not an Error, and always fits the schema', () => {
    expect(describeClientError('promise', 'plain text', 'https://portal.test/').message).toBe('plain text');
    expect(describeClientError('promise', { status: 500 }, 'https://portal.test/').message).toBe('{"status":500}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeClientError('promise', cyclic, 'https://portal.test/').message).toBe('[object Object]');
    expect(describeClientError('promise', undefined, 'https://portal.test/').message).toBe('undefined');

    const huge = new Error('m'.repeat(50_000));
    huge.stack = 's'.repeat(50_000);
    const report = describeClientError('caught', huge, `https://portal.test/${'p'.repeat(5_000)}`);
    expect(report.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(report.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(v.safeParse(clientErrorReport, report).success).toBe(true);
  });
});
