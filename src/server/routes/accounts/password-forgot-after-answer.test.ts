import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workAfterAnswers } from '#server/lib/after-answer.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { insertAccount, primeCsrf, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import { startSmtpFake, type SmtpFake } from '../../../../tests/setup/smtp-fake.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// 'Забыли пароль?' must not tell by its time whether an address has an account (the fourth attack
// run measured 128–231 ms with one and 7–14 ms without): the reset link's token and its outbox row
// come after the answer, and the delivery loop mails it (ADR 0045). A relay that keeps its greeting
// back shows it: the answer is there before any mail.

let t: TestApp;
let relay: SmtpFake;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  relay = await startSmtpFake({ held: true });
  t.deps.mailer = createMailer({
    smtpUrl: relay.url,
    from: t.config.mailFrom,
    outboxDir: t.outbox.dir,
    log: t.deps.log,
  });
});
afterAll(async () => {
  relay.release();
  await workAfterAnswers();
  await relay.close();
  await t.close();
});

const forgot = (email: string) => t.request('/ajax/password/forgot', { method: 'POST', json: { email } });

describe('POST /ajax/password/forgot', () => {
  it('answers an address with an account before its mail reaches the relay, then the mail goes out', async () => {
    const account = await insertAccount(t);
    await primeCsrf(t);
    // The relay holds its greeting until released: an answer that waited for the mail would never come.
    const answer = await Promise.race([forgot(account.email), setTimeout(5_000, null)]);
    expect(answer?.status).toBe(200);
    expect(relay.received).toHaveLength(0);

    relay.release();
    await t.outbox.deliver();
    expect(relay.received).toHaveLength(1);
    expect(relay.received[0]!.to).toEqual([account.email]);
    expect(relay.received[0]!.data).toMatch(/restore-password/);
  });

  it('answers an unknown address the same, and mails nothing', async () => {
    await primeCsrf(t);
    const before = relay.connections();
    const answer = await forgot(uniqueEmail('nobody'));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      success: true,
      message: 'Ссылка для восстановления пароля отправлена на вашу почту',
    });
    await t.outbox.deliver();
    expect(relay.connections()).toBe(before);
  });

  it('keeps a mail the relay could not take in the outbox, and logs the try', async () => {
    const account = await insertAccount(t);
    const down = await startSmtpFake();
    await down.close();
    const mailer = t.deps.mailer;
    t.deps.mailer = createMailer({
      smtpUrl: down.url,
      from: t.config.mailFrom,
      outboxDir: t.outbox.dir,
      log: t.deps.log,
    });
    try {
      await primeCsrf(t);
      expect((await forgot(account.email)).status).toBe(200);
      await t.outbox.deliver();
      expect(t.logs).toContainEqual(
        expect.objectContaining({ msg: 'delivery not sent', kind: 'password-reset', outcome: 'retry' }),
      );
    } finally {
      t.deps.mailer = mailer;
    }
  });
});
