import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema/accounts.ts';
import { notificationDeliveries } from '#server/db/schema/notifications.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// 'Дублировать уведомления на e-mail' (ADR 0045): off by default; on, a back-office notification
// also goes to the login address through the deliveries outbox, with the ticket's link.

let t: TestApp;
let me: Awaited<ReturnType<typeof insertAccount>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  me = await insertAccount(t);
  expect((await loginAs(t, me.email)).status).toBe(200);
});
afterAll(() => t.close());

const setting = (json: unknown) => t.request('/ajax/cabinet/notification-mail', { method: 'POST', json });
const notify = (description: string, ticketId?: number) =>
  t.integration('/notifications', {
    method: 'POST',
    json: { client_id: me.id, description, ...(ticketId === undefined ? {} : { ticket_id: ticketId }) },
  });

describe('notifications by e-mail', () => {
  it('mails nothing while the switch is off, as it is at first', async () => {
    expect(await (await t.request('/ajax/cabinet/notification-mail')).json()).toEqual({ success: true, on: false });
    expect((await notify('Без письма')).status).toBe(201);
    expect(await t.outbox.for(me.email)).toEqual([]);
    expect(await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.channel, 'email'))).toEqual(
      [],
    );
  });

  it('refuses a value that is not a yes or no with 422 in Russian, and changes nothing', async () => {
    const refused = await setting({ on: 'да' });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('Укажите, включить ли уведомления на e-mail');
    const [row] = await t.db.select({ on: clients.notifyByEmail }).from(clients).where(eq(clients.id, me.id));
    expect(row?.on).toBe(false);
  });

  it('on, mails each new notification with its ticket link to the login address', async () => {
    const answer = await setting({ on: true });
    expect(await answer.json()).toEqual({
      success: true,
      message: 'Уведомления будут приходить и на e-mail',
      on: true,
    });
    const ticket = await backOffice.ticket(t, me.id);
    expect((await notify('Ведомость по заявке готова', ticket.id)).status).toBe(201);
    const mails = await t.outbox.for(me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ведомость по заявке готова');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/cabinet/tickets/${ticket.id}`);
    expect(mails[0]!.html).toContain(`href="${t.config.publicUrl}/cabinet/tickets/${ticket.id}"`);

    expect((await setting({ on: false })).status).toBe(200);
    expect((await notify('Снова без письма')).status).toBe(201);
    expect(await t.outbox.for(me.email)).toHaveLength(1);
  });
});
