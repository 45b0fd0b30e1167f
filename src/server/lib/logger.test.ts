import { describe, expect, it } from 'vitest';
import { batchedStdout, createLogger, redactPath } from './logger.ts';

describe('createLogger', () => {
  it('writes one JSON object per line with level, time, msg and fields', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    log.info('hello', { user: 7 });
    log.warn('careful');
    log.error('failed', { error: new Error('boom') });
    expect(lines).toHaveLength(3);
    const [info, warn, error] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(info).toMatchObject({ level: 'info', msg: 'hello', user: 7 });
    expect(new Date(String(info!.time)).toString()).not.toBe('Invalid Date');
    expect(warn).toMatchObject({ level: 'warn', msg: 'careful' });
    expect(error).toMatchObject({ level: 'error', msg: 'failed', error: { name: 'Error', message: 'boom' } });
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
  });

  it('does not let fields overwrite level, time or msg, and survives circular fields', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    log.info('one', { level: 'fake', msg: 'fake' });
    log.info('two', { circular });
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', msg: 'one' });
    expect(JSON.parse(lines[1]!)).toMatchObject({ msg: 'two' });
    expect(lines[1]).toContain('[Circular]');
  });

  it('starts every line with level, time and msg', () => {
    const lines: string[] = [];
    createLogger((line) => lines.push(line)).info('first', { other: 1 });
    expect(Object.keys(JSON.parse(lines[0]!) as object)).toEqual(['level', 'time', 'msg', 'other']);
  });

  it('censors secrets by name, at the top and nested in headers or a body', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    log.warn('careless', {
      password: 'pw-top-secret',
      headers: {
        authorization: 'Bearer bearer-secret',
        cookie: 'portal_session=cookie-secret',
        'x-csrf-token': 'csrf-secret',
      },
      body: { code: '482913', new_password: 'new-secret', token: 'reset-secret' },
      kavo: { clientSecret: 'kavo-secret' },
      ticket: 12,
    });
    const line = lines[0]!;
    for (const secret of [
      'pw-top-secret',
      'bearer-secret',
      'cookie-secret',
      'csrf-secret',
      '482913',
      'new-secret',
      'reset-secret',
      'kavo-secret',
    ])
      expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ password: '[redacted]', headers: { cookie: '[redacted]' }, ticket: 12 });
  });
});

describe('batchedStdout', () => {
  it('writes the lines of one turn in one write, in order, after the turn', async () => {
    const writes: string[] = [];
    const log = createLogger(batchedStdout((text) => writes.push(text)));
    log.info('first');
    log.info('second');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.split('\n').map((line) => (line ? (JSON.parse(line) as { msg: string }).msg : ''))).toEqual([
      'first',
      'second',
      '',
    ]);
    log.info('third');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2);
  });
});

describe('redactPath', () => {
  it('hides long tokens and keeps ordinary paths', () => {
    expect(redactPath('/cabinet/tickets/12')).toBe('/cabinet/tickets/12');
    expect(redactPath('/reset/' + 'a'.repeat(43))).toBe('/reset/:redacted');
  });
});
