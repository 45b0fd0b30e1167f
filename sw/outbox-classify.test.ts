import { describe, expect, it } from 'vitest';
import {
  classifyAnswer,
  classifyError,
  outcomeMessages,
  parseRetryAfter,
  readAnswer,
  type Answer,
} from './outbox-classify.ts';

const NOW = Date.parse('2025-03-01T10:00:00Z');
const JSON_TYPE = 'application/json; charset=utf-8';

function answer(
  status: number,
  body: unknown,
  contentType: string | null = JSON_TYPE,
  retryAfter: string | null = null,
): Answer {
  return { status, contentType, body, retryAfter };
}

const conflictBody = {
  success: false,
  message: 'Ведомость изменилась, пока вы её смотрели.',
  details: { statements: [{ id: 5, version: 3, sum: '1200.00', status: 2, agreed: 0 }] },
};

describe('classifyAnswer', () => {
  it.each([
    ['200 API success', answer(200, { success: true, message: 'ok', balls: 1 }), 'done'],
    ['201 API success', answer(201, { success: true }), 'done'],
    ['200 captive portal HTML', answer(200, undefined, 'text/html; charset=utf-8'), 'retry'],
    ['200 JSON that is not the API envelope', answer(200, { ok: true }), 'retry'],
    ['200 API body without a JSON content type', answer(200, { success: true }, 'text/plain'), 'retry'],
    ['200 with no content type', answer(200, { success: true }, null), 'retry'],
    ['200 success: false', answer(200, { success: false, message: 'нет' }), 'retry'],
    ['409 API JSON', answer(409, conflictBody), 'conflict'],
    ['422 API JSON', answer(422, { success: false, message: 'Недостаточно баллов' }), 'conflict'],
    ['409 HTML from a proxy', answer(409, undefined, 'text/html'), 'retry'],
    ['401 API JSON', answer(401, { success: false, message: 'Войдите' }), 'auth'],
    ['403 API JSON (CSRF)', answer(403, { success: false, message: 'Сессия устарела' }), 'auth'],
    ['403 HTML from a filter', answer(403, undefined, 'text/html'), 'retry'],
    [
      '403 of an access level the owner lowered (ADR 0049)',
      answer(403, {
        success: false,
        message: 'Ваш доступ «Только заявки» не включает решения по ремонту.',
        details: { reason: 'access_level', level: 'tickets' },
      }),
      'conflict',
    ],
    ['500 API JSON', answer(500, { success: false, message: 'Ошибка' }), 'retry'],
    ['502 HTML', answer(502, undefined, 'text/html'), 'retry'],
    ['503 API JSON', answer(503, { success: false }), 'retry'],
    ['429 API JSON', answer(429, { success: false, message: 'Слишком часто' }, JSON_TYPE, '30'), 'retry'],
    ['400 API JSON (no usable key)', answer(400, { success: false, message: 'Ключ' }), 'failed'],
    ['404 API JSON', answer(404, { success: false, message: 'Не найдено' }), 'failed'],
    ['application/problem+json envelope', answer(500, { success: false }, 'application/problem+json'), 'retry'],
  ])('%s → %s', (_, given, kind) => {
    expect(classifyAnswer(given, NOW).kind).toBe(kind);
  });

  it('keeps the conflict message and details to show what changed', () => {
    expect(classifyAnswer(answer(409, conflictBody), NOW)).toEqual({
      kind: 'conflict',
      status: 409,
      body: conflictBody,
      message: conflictBody.message,
    });
  });

  it('tells a refused CSRF token (403) from a lost session (401)', () => {
    expect(classifyAnswer(answer(403, { success: false, message: 'Сессия устарела' }), NOW)).toMatchObject({
      kind: 'auth',
      csrf: true,
    });
    expect(classifyAnswer(answer(401, { success: false }), NOW)).toMatchObject({
      kind: 'auth',
      csrf: false,
      message: outcomeMessages.auth,
    });
  });

  it('honours Retry-After on 429 and 503', () => {
    expect(classifyAnswer(answer(429, { success: false }, JSON_TYPE, '30'), NOW)).toMatchObject({
      kind: 'retry',
      retryAfterMs: 30_000,
    });
    const date = new Date(NOW + 90_000).toUTCString();
    expect(classifyAnswer(answer(503, { success: false }, JSON_TYPE, date), NOW)).toMatchObject({
      kind: 'retry',
      retryAfterMs: 90_000,
    });
  });

  it('says why a non-API answer is retried', () => {
    expect(classifyAnswer(answer(200, undefined, 'text/html'), NOW)).toMatchObject({
      message: outcomeMessages.notApi,
      status: 200,
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores garbage', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000);
    expect(parseRetryAfter(new Date(NOW + 5_000).toUTCString(), NOW)).toBe(5_000);
    expect(parseRetryAfter(new Date(NOW - 5_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter('-5', NOW)).toBeNull();
    expect(parseRetryAfter(null, NOW)).toBeNull();
  });
});

describe('classifyError', () => {
  it('a network failure and a timeout are both retried', () => {
    expect(classifyError(new TypeError('Failed to fetch'))).toEqual({
      kind: 'retry',
      status: 0,
      message: outcomeMessages.network,
      retryAfterMs: null,
    });
    expect(classifyError(new DOMException('Timed out', 'AbortError'))).toMatchObject({
      kind: 'retry',
      status: 0,
      message: outcomeMessages.timeout,
    });
    expect(classifyError(new DOMException('Timed out', 'TimeoutError'))).toMatchObject({
      message: outcomeMessages.timeout,
    });
  });
});

describe('readAnswer', () => {
  it('reads a real API response', async () => {
    const response = new Response(JSON.stringify({ success: true }), {
      status: 200,
      headers: { 'Content-Type': JSON_TYPE },
    });
    const read = await readAnswer(response);
    expect(read).toEqual({ status: 200, contentType: JSON_TYPE, body: { success: true }, retryAfter: null });
    expect(classifyAnswer(read, NOW).kind).toBe('done');
  });

  it('a captive portal page is not success', async () => {
    const response = new Response('<html><body>Войдите в Wi-Fi</body></html>', {
      status: 200,
      headers: { 'Content-Type': 'text/html' },
    });
    const read = await readAnswer(response);
    expect(read.body).toBeUndefined();
    expect(classifyAnswer(read, NOW).kind).toBe('retry');
  });

  it('JSON that lies about its content type is not the API', async () => {
    const response = new Response('{"success":true}', { status: 200, headers: { 'Content-Type': 'text/html' } });
    expect(classifyAnswer(await readAnswer(response), NOW).kind).toBe('retry');
  });

  it('keeps Retry-After', async () => {
    const response = new Response('{"success":false}', {
      status: 429,
      headers: { 'Content-Type': JSON_TYPE, 'Retry-After': '7' },
    });
    expect(classifyAnswer(await readAnswer(response), NOW)).toMatchObject({ kind: 'retry', retryAfterMs: 7_000 });
  });
});
