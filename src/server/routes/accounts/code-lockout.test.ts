import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guestMessages } from '#shared/screens/guest-requests.ts';
import { registrationForm, uniqueEmail } from '../../../../tests/setup/accounts.ts';
import { openBrowser, type Browser } from '../../../../tests/setup/browsers.ts';
import { errorBody } from '../../../../tests/setup/json.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// Nobody can lock a stranger out (issue 36, the fourth attack run): asking for someone's code or
// guessing at it from another browser spends the asker's allowance, never the owner's. The guest
// wizard's codes and registration's follow the same rules (services/accounts/code-limits.ts).

let t: TestApp;
const START = Date.parse('2026-03-04T09:00:00Z');
let hour = 0;
let net = 0;
/** A fresh address per browser, so one test's IP limits never reach the next. */
const nextIp = () => `10.1.${Math.floor(++net / 250)}.${net % 250}`;

beforeAll(async () => {
  t = await createTestApp({ now: START, config: { trustProxy: true } });
});
afterAll(() => t.close());
// Each test in an hour of its own: every hourly window starts empty.
beforeEach(() => t.setNow(START + ++hour * 2 * 60 * 60 * 1000));

const COOLDOWN = 31_000;
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function codeIn(email: string): Promise<string> {
  const message = await t.outbox.latest(email);
  const code = /(\d{4})/.exec(/код подтверждения[^:]*: \d{4}/i.exec(message?.text ?? '')?.[0] ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const flows = {
  guest: {
    send: (b: Browser, email: string) => b.post('/ajax/guest/send-code', { email }),
    confirm: (b: Browser, email: string, code: string) => b.post('/ajax/guest/confirm', { email, code }),
  },
  registration: {
    send: (b: Browser, email: string) => b.post('/ajax/register/send-code', registrationForm(email)),
    confirm: (b: Browser, email: string, code: string) =>
      b.post('/ajax/register/confirm', { ...registrationForm(email), code }),
  },
};

describe.each(Object.entries(flows))('the %s code', (_name, flow) => {
  it("refused asks (a cooldown) cost the owner's browser nothing: it still gets all 5 of its mails", async () => {
    const email = uniqueEmail('owner');
    const owner = await openBrowser(t, nextIp());
    for (let mail = 0; mail < 5; mail += 1) {
      expect((await flow.send(owner, email)).status).toBe(200);
      // Asks inside the 30 s cooldown are refused and must count against nothing.
      for (let early = 0; early < 3; early += 1) expect((await flow.send(owner, email)).status).toBe(429);
      t.advance(COOLDOWN);
    }
    expect(await t.outbox.for(email)).toHaveLength(5);
  });

  it("a stranger asking for the owner's address, with fresh cookies each time, leaves the owner its code", async () => {
    const email = uniqueEmail('victim');
    const strangerIp = nextIp();
    let strangerMails = 0;
    for (let ask = 0; ask < 15; ask += 1) {
      const stranger = await openBrowser(t, strangerIp);
      if ((await flow.send(stranger, email)).status === 200) strangerMails += 1;
      t.advance(COOLDOWN);
    }
    // One place gets 8 mails to one mailbox an hour, whatever its cookies…
    expect(strangerMails).toBe(8);
    // …and the owner, elsewhere, still gets its own 5 and can enter its code.
    const owner = await openBrowser(t, nextIp());
    for (let mail = 0; mail < 5; mail += 1) {
      expect((await flow.send(owner, email)).status).toBe(200);
      t.advance(COOLDOWN);
    }
    expect((await flow.confirm(owner, email, await codeIn(email))).status).toBe(200);
  });

  it('stops mail bombing from many places at 20 mails an hour per mailbox, +tags and dots included', async () => {
    const name = `bombed${++net}`;
    // bombed7+0@gmail.com, b.ombed7+1@googlemail.com, bo.mbed7+2@gmail.com…: one Gmail mailbox.
    const spellings = (n: number) =>
      `${name.slice(0, n % 5)}.${name.slice(n % 5)}+${n}@${n % 2 ? 'googlemail.com' : 'gmail.com'}`.replace(/^\./, '');
    let mailed = 0;
    for (let ask = 0; ask < 30; ask += 1) {
      const stranger = await openBrowser(t, nextIp());
      const response = await flow.send(stranger, spellings(ask));
      if (response.status === 200) mailed += 1;
      else expect((await errorBody(response)).message).toMatch(/^Слишком много попыток\. Попробуйте через \d+ мин\.$/);
      t.advance(COOLDOWN);
    }
    expect(mailed).toBe(20);
  });

  it("guesses from another browser are refused before they count: the owner's right code still works", async () => {
    const email = uniqueEmail('guessed');
    const owner = await openBrowser(t, nextIp());
    expect((await flow.send(owner, email)).status).toBe(200);
    const code = await codeIn(email);
    const stranger = await openBrowser(t, nextIp());
    for (let guess = 0; guess < 20; guess += 1) {
      const refused = await flow.confirm(stranger, email, otherCode(code));
      expect(refused.status).toBe(422);
      expect((await errorBody(refused)).errors).toEqual({ code: [guestMessages.otherBrowser] });
    }
    expect((await flow.confirm(owner, email, code)).status).toBe(200);
  });
});
