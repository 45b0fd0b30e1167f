// A local fake of the Telegram Bot API (no network here): an HTTP server that speaks
// POST /bot<token>/sendMessage as https://core.telegram.org/bots/api describes it — `{ok: true,
// result: Message}`, or `{ok: false, error_code, description, parameters?}` — checks the token, and
// can be told to answer a chat with 403 "Forbidden: bot was blocked by the user", 429 with
// retry_after, or a 5xx. Server tests use it in process; the e2e server points TELEGRAM_API_URL at
// it, and the e2e tests read what it received from GET /__fake/messages.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '#server/context.ts';
import { createTestApp } from './test-app.ts';

export const FAKE_BOT_TOKEN = '123456789:AAF-fake-token-for-tests-0123456789';
export const FAKE_BOT_NAME = 'service_centre_test_bot';
export const FAKE_WEBHOOK_SECRET = 'webhook-secret-for-tests-0123456789';

/** The app's Telegram settings for a Bot API at `apiUrl` (the fake's, or one that never answers). */
export const fakeTelegramConfig = (apiUrl: string) => ({
  botToken: FAKE_BOT_TOKEN,
  botName: FAKE_BOT_NAME,
  apiUrl,
  webhookSecret: FAKE_WEBHOOK_SECRET,
});

/** A fresh fake of the Bot API and an app at `now` whose Telegram is pointed at it. */
export async function appWithTelegramFake(now = '2026-03-10T09:00:00Z', config: Partial<Config> = {}) {
  const bot = await startTelegramFake();
  const t = await createTestApp({ now, config: { ...config, telegram: fakeTelegramConfig(bot.url) } });
  return { bot, t };
}

export interface ReceivedMessage {
  chat_id: string;
  text: string;
}

/** A forced answer: blocked (403), throttled (429) or broken (5xx). */
export type FakeFailure =
  { kind: 'blocked' } | { kind: 'throttled'; retryAfter: number } | { kind: 'error'; status: number };

export interface TelegramFake {
  url: string;
  /** Messages answered with ok, in order. */
  received: ReceivedMessage[];
  /** Calls of any outcome, in order (a retried message appears once per try). */
  calls: ReceivedMessage[];
  /** The next `times` sends to the chat fail so; `blocked` with no count stays until unblocked. */
  fail(chatId: string, failure: FakeFailure, times?: number): void;
  clearFailures(): void;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function failureAnswer(failure: FakeFailure): [number, unknown] {
  if (failure.kind === 'blocked')
    return [403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }];
  if (failure.kind === 'throttled') {
    return [
      429,
      {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${failure.retryAfter}`,
        parameters: { retry_after: failure.retryAfter },
      },
    ];
  }
  return [failure.status, { ok: false, error_code: failure.status, description: 'Internal Server Error' }];
}

export async function startTelegramFake(token = FAKE_BOT_TOKEN): Promise<TelegramFake> {
  const received: ReceivedMessage[] = [];
  const calls: ReceivedMessage[] = [];
  const failures = new Map<string, { failure: FakeFailure; times: number }>();
  let messageId = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (request.method === 'GET' && url.pathname === '/__fake/messages')
        return send(response, 200, { received, calls });
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      if (!match) return send(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== token) return send(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      if (match[2] !== 'sendMessage')
        return send(response, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
      const body = await readJson(request);
      const chatId = body?.chat_id;
      const text = body?.text;
      if ((typeof chatId !== 'string' && typeof chatId !== 'number') || typeof text !== 'string' || text === '') {
        return send(response, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
      }
      const message = { chat_id: String(chatId), text };
      calls.push(message);
      const forced = failures.get(message.chat_id);
      if (forced) {
        if (forced.times !== Infinity && --forced.times <= 0) failures.delete(message.chat_id);
        const [status, answer] = failureAnswer(forced.failure);
        return send(response, status, answer);
      }
      received.push(message);
      messageId += 1;
      send(response, 200, {
        ok: true,
        result: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(chatId), type: 'private' },
          text,
        },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    calls,
    fail(chatId, failure, times) {
      failures.set(chatId, { failure, times: times ?? (failure.kind === 'blocked' ? Infinity : 1) });
    },
    clearFailures: () => failures.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A Telegram Update with a private chat's text message, as Telegram posts it to the webhook. */
export function telegramUpdate(chatId: number, text: string, updateId = Math.floor(Math.random() * 1e9)): unknown {
  const date = Math.floor(Date.now() / 1000);
  const user = { id: chatId, is_bot: false, first_name: 'Анна', language_code: 'ru' };
  return {
    update_id: updateId,
    message: {
      message_id: updateId % 100_000,
      from: user,
      chat: { id: chatId, first_name: 'Анна', type: 'private' },
      date,
      text,
      entities: [{ offset: 0, length: 6, type: 'bot_command' }],
    },
  };
}
