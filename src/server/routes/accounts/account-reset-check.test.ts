// POST /ajax/password/check: the reset page asks whether its link still works when it opens.
import { describe, expect, it } from 'vitest';
import { rateRules } from '#server/services/rate-limit.ts';
import { accountTestApp, insertAccount, loginAs, mailedResetToken } from '../../../../tests/setup/accounts.ts';

const NEW_PASSWORD = 'brand-new-secret-7';
const t = accountTestApp('2026-03-02T09:00:00Z', { daysApart: 40 });

const check = (code: unknown) => t.request('/ajax/password/check', { method: 'POST', json: { code } });
const valid = async (code: string) => ((await (await check(code)).json()) as { valid: boolean }).valid;
const forgot = (email: string) => t.request('/ajax/password/forgot', { method: 'POST', json: { email } });
const reset = (code: string) =>
  t.request('/ajax/password/reset', {
    method: 'POST',
    json: { code, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
  });

describe('checking a reset link', () => {
  it('says a live link works, and checking does not use it up', async () => {
    const { email } = await insertAccount(t);
    await forgot(email);
    const token = await mailedResetToken(t, email);
    const response = await check(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, valid: true });
    expect(await valid(token)).toBe(true);
    expect((await reset(token)).status).toBe(200);
    expect((await loginAs(t, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('says a used, an expired, a replaced and a made-up link do not', async () => {
    const { email } = await insertAccount(t);
    await forgot(email);
    const used = await mailedResetToken(t, email);
    expect((await reset(used)).status).toBe(200);
    expect(await valid(used)).toBe(false);

    await forgot(email);
    const older = await mailedResetToken(t, email);
    await forgot(email);
    const newer = await mailedResetToken(t, email);
    expect(await valid(older)).toBe(false);
    expect(await valid(newer)).toBe(true);
    t.advance(10 * 60 * 1000 + 1000);
    expect(await valid(newer)).toBe(false);

    expect(await valid('A'.repeat(43))).toBe(false);
    expect(await valid('short')).toBe(false);
  });

  it('refuses a missing code in Russian (422), never a 500', async () => {
    const response = await check('');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ success: false, errors: { code: ['Это поле обязательно'] } });
  });

  it("is counted with the reset's own limit per address: then 429", async () => {
    const limit = rateRules.resetSubmitIp.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await check('B'.repeat(43))).status);
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await reset('C'.repeat(43))).status).toBe(429);
  });
});
