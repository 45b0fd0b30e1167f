// GET /ajax/contacts and the mails' Reply-To: where users write, and the service centres' contacts.
import { afterEach, describe, expect, it } from 'vitest';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import { insertAccount, primeCsrf } from '../../../../tests/setup/accounts.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createSupportAddress } from '#server/services/places/contacts.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const contacts = async (app: TestApp) => {
  const response = await app.request('/ajax/contacts');
  expect(response.status).toBe(200);
  return (await response.json()) as {
    support_email: string | null;
    support_phone: string | null;
    offices: { id: number; email: string; manager_phone: string; address: string }[];
  };
};

async function resetMail(app: TestApp) {
  const { email } = await insertAccount(app);
  await primeCsrf(app);
  expect((await app.request('/ajax/password/forgot', { method: 'POST', json: { email } })).status).toBe(200);
  return (await app.outbox.latest(email))!;
}

describe('contacts', () => {
  it('lists the central office first, then the regional centres, and offers its e-mail for support when SUPPORT_EMAIL is unset', async () => {
    t = await createTestApp();
    await backOffice.office(t, 7, { name: 'СЦ Казань', email: 'kzn@service.test', region: 'Приволжский' });
    await backOffice.office(t, 2, { name: 'Центральный офис, склад', email: 'sklad@service.test' });
    await backOffice.office(t, 1, {
      name: 'Центральный офис',
      email: 'office@service.test',
      manager_phone: '+7 495 111-22-33',
    });
    const body = await contacts(t);
    expect(body.offices.map((office) => office.id)).toEqual([1, 2, 7]);
    expect(body.offices[0]).toMatchObject({
      email: 'office@service.test',
      manager_phone: '+7 495 111-22-33',
      address: 'ул. Тверская, 1',
    });
    expect(body.support_email).toBe('office@service.test');
    expect(body.support_phone).toBe('+7 495 111-22-33');

    // The mails' Reply-To is read from the offices ahead of time (a mail never waits for the database).
    let clock = 0;
    const support = createSupportAddress({}, t.db, 1000, () => clock);
    await support.refresh();
    expect(support.current()).toBe('office@service.test');
    await backOffice.office(t, 1, { email: 'help@service.test' });
    expect(support.current()).toBe('office@service.test');
    clock = 2000; // stale: this answer is the old one, and the next is read meanwhile
    expect(support.current()).toBe('office@service.test');
    await expect.poll(() => support.current()).toBe('help@service.test');
  });

  it("offers SUPPORT_PHONE over the central office's phone", async () => {
    t = await createTestApp({ config: { supportPhone: '+7 800 555-35-35' } });
    await backOffice.office(t, 1, { manager_phone: '+7 495 111-22-33' });
    expect((await contacts(t)).support_phone).toBe('+7 800 555-35-35');
  });

  it('uses SUPPORT_EMAIL on the page and as the Reply-To of the mails', async () => {
    t = await createTestApp({ config: { supportEmail: 'support@service.test' } });
    await backOffice.office(t, 1, { email: 'office@service.test' });
    expect((await contacts(t)).support_email).toBe('support@service.test');
    const mail = await resetMail(t);
    expect(mail.from).toContain('no-reply@');
    expect(mail.raw).toMatch(/^Reply-To: support@service\.test$/m);
  });

  it('knows no support address with neither: the page says nothing wrong, the mails have no Reply-To', async () => {
    t = await createTestApp();
    expect(await contacts(t)).toEqual({ success: true, support_email: null, support_phone: null, offices: [] });
    expect((await resetMail(t)).raw).not.toMatch(/^Reply-To:/m);
  });
});
