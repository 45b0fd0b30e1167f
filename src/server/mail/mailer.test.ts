import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { createMailer } from './mailer.ts';
import {
  latestOutboxMessage,
  listOutbox,
  outboxMessagesFor,
  readOutboxFile,
  waitForOutboxMessage,
} from '../../../tests/setup/outbox-reader.ts';

let dir: string;
let logs: Array<Record<string, unknown>>;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'outbox-test-'));
  logs = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const outboxMailer = () =>
  createMailer({
    smtpUrl: undefined,
    from: 'Сервисный центр <no-reply@localhost>',
    outboxDir: path.join(dir, 'outbox'),
    log: createLogger((line) => logs.push(JSON.parse(line) as Record<string, unknown>)),
  });

describe('outbox mailer', () => {
  it('writes an RFC 822 .eml file before send() resolves, and logs it', async () => {
    await outboxMailer().send({ to: 'doctor@clinic.test', subject: 'Код подтверждения', text: 'Ваш код: 4821' });
    const files = readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const raw = readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8');
    expect(raw).toMatch(/^From: /m);
    expect(raw).toMatch(/^To: doctor@clinic\.test$/m);
    expect(raw).toMatch(/^Subject: /m);
    expect(raw).toMatch(/^MIME-Version: 1\.0$/m);
    expect(raw).toMatch(/charset=utf-8/i);
    expect(logs).toContainEqual(expect.objectContaining({ msg: 'mail written to outbox', to: 'doctor@clinic.test' }));
    // The body itself never reaches the log.
    expect(JSON.stringify(logs)).not.toContain('4821');
  });

  it('is decoded back to the Russian text, subject and sender', async () => {
    const text =
      'Здравствуйте!\nВаш код подтверждения: 4821.\nСсылка: https://portal.example.ru/reset?token=' + 'x'.repeat(90);
    await outboxMailer().send({ to: 'Doctor@Clinic.test', subject: 'Восстановление пароля — сервисный центр', text });
    const message = await latestOutboxMessage(path.join(dir, 'outbox'), 'doctor@clinic.test');
    expect(message).toBeDefined();
    expect(message!.subject).toBe('Восстановление пароля — сервисный центр');
    expect(message!.from).toBe('Сервисный центр <no-reply@localhost>');
    expect(message!.text).toBe(text);
    // The HTML part says the same (mail-html.ts): every mail is multipart/alternative.
    expect(message!.html).toContain('Ваш код подтверждения: 4821.');
    expect(message!.raw).toMatch(/multipart\/alternative/);
    expect(message!.raw).toMatch(/^Auto-Submitted: auto-generated$/m);
  });

  it('decodes both parts of a text + HTML message', async () => {
    await outboxMailer().send({
      to: 'a@clinic.test',
      subject: 'Счёт',
      text: 'Счёт №СЧ-1 на 12 500,00 ₽',
      html: '<p>Счёт <b>№СЧ-1</b> на 12&nbsp;500,00&nbsp;₽</p>',
    });
    const message = (await latestOutboxMessage(path.join(dir, 'outbox'), 'a@clinic.test'))!;
    expect(message.text).toBe('Счёт №СЧ-1 на 12 500,00 ₽');
    expect(message.html).toBe('<p>Счёт <b>№СЧ-1</b> на 12&nbsp;500,00&nbsp;₽</p>');
  });

  it('keeps sending order and filters by address', async () => {
    const mailer = outboxMailer();
    for (const code of ['1111', '2222', '3333'])
      await mailer.send({ to: 'a@clinic.test', subject: 'Код', text: `Код ${code}` });
    await mailer.send({ to: 'b@clinic.test', subject: 'Код', text: 'Код 9999' });
    const outbox = path.join(dir, 'outbox');
    expect(listOutbox(outbox)).toHaveLength(4);
    expect((await outboxMessagesFor(outbox, 'a@clinic.test')).map((m) => m.text)).toEqual([
      'Код 1111',
      'Код 2222',
      'Код 3333',
    ]);
    expect((await latestOutboxMessage(outbox, 'a@clinic.test'))?.text).toBe('Код 3333');
    expect(await latestOutboxMessage(outbox, 'nobody@clinic.test')).toBeUndefined();
    expect((await readOutboxFile(listOutbox(outbox)[3]!)).to).toBe('b@clinic.test');
  });

  it('lets e2e code wait for a message', async () => {
    const outbox = path.join(dir, 'outbox');
    const waiting = waitForOutboxMessage(outbox, 'late@clinic.test', { timeoutMs: 2000 });
    setTimeout(() => void outboxMailer().send({ to: 'late@clinic.test', subject: 'Код', text: 'Код 5555' }), 100);
    expect((await waiting).text).toBe('Код 5555');
    await expect(waitForOutboxMessage(outbox, 'late@clinic.test', { timeoutMs: 100, after: 1 })).rejects.toThrow(
      /no e-mail/,
    );
  });

  it('reads an empty or missing outbox as empty', () => {
    expect(listOutbox(path.join(dir, 'missing'))).toEqual([]);
  });
});
