// The back office's couriers (API.md §Added for the fourth wave): POST/PATCH/GET /api/v1/couriers, the shared
// login form, and switching a courier off — its session ends at once and it cannot log in again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, sessions } from '#server/db/schema/accounts.ts';
import { events } from '#server/db/schema/platform.ts';
import { insertAccount, loginAs, mailedPassword } from '../../../../tests/setup/accounts.ts';
import { backOffice, integrationCall } from '../../../../tests/setup/back-office.ts';
import { COURIER_PASSWORD, createCourier, loginCourier } from '../../../../tests/setup/couriers.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-04T09:00:00Z' });
});
afterAll(async () => {
  await t?.close();
});

async function userData() {
  return ((await (await t.request('/ajax/user/data')).json()) as { user: Record<string, unknown> | null }).user;
}

describe('POST /api/v1/couriers', () => {
  it('opens a courier that logs in with the same form and is told it is a courier', async () => {
    const courier = await createCourier(t);
    const login = await loginAs(t, courier.email, courier.password);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ success: true, user: { id: courier.id, kind: 'courier' } });
    expect(await userData()).toMatchObject({ kind: 'courier', balls: 0, unpaid_bills: 0, quiz_available: false });
    const [event] = await t.db.select().from(events).where(eq(events.type, 'courier.created'));
    expect(event).toMatchObject({ clientId: null, payload: { courier_id: courier.id, email: courier.email } });
  });

  it('mails a generated password when none is given', async () => {
    const email = 'new.courier@service.test';
    const { id } = await integrationCall<{ id: number }>(
      t,
      '/couriers',
      'POST',
      { email, name: 'Олег', surname: 'Быстров', phone: '+7 916 000-00-02' },
      201,
    );
    const password = await mailedPassword(t, email);
    t.cookies.clear();
    const login = await loginAs(t, email, password);
    expect(await login.json()).toMatchObject({ user: { id, kind: 'courier' } });
  });

  it('tells a clinic it is a clinic', async () => {
    const clinic = await insertAccount(t);
    t.cookies.clear();
    expect(await (await loginAs(t, clinic.email, clinic.password)).json()).toMatchObject({ user: { kind: 'clinic' } });
  });

  it('refuses an e-mail a clinic or a courier uses, in any case, with 409', async () => {
    const clinic = await backOffice.client(t);
    const courier = await createCourier(t);
    for (const email of [clinic.email.toUpperCase(), courier.email]) {
      const response = await t.integration('/couriers', {
        method: 'POST',
        json: { email, name: 'Пётр', surname: 'Второй', phone: '+7 916 000-00-03', password: COURIER_PASSWORD },
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        errors: { email: ['Пользователь с таким e-mail уже зарегистрирован'] },
      });
    }
  });

  it('refuses bad input with Russian field messages and writes nothing', async () => {
    const before = await t.db.select({ id: clients.id }).from(clients);
    const response = await t.integration('/couriers', {
      method: 'POST',
      json: { email: 'not-an-email', name: '', phone: 5, password: 'short' },
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(body.errors.email).toEqual(['Введите корректный адрес эл. почты']);
    expect(body.errors.name).toEqual(['Это поле обязательно']);
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['surname', 'phone', 'password']));
    expect(await t.db.select({ id: clients.id }).from(clients)).toHaveLength(before.length);
  });
});

describe('GET and PATCH /api/v1/couriers', () => {
  it('lists couriers only, with their state', async () => {
    const courier = await createCourier(t, { name: 'Иван' });
    const clinic = await backOffice.client(t);
    const { couriers } = await integrationCall<{ couriers: Array<Record<string, unknown>> }>(t, '/couriers', 'GET');
    expect(couriers).toContainEqual(
      expect.objectContaining({ id: courier.id, email: courier.email, name: 'Иван', active: true }),
    );
    expect(couriers.map((row) => row.id)).not.toContain(clinic.id);
  });

  it('changes the fields given and says which changed', async () => {
    const courier = await createCourier(t);
    const answer = await integrationCall(t, `/couriers/${courier.id}`, 'PATCH', {
      phone: '+7 999 111-22-33',
      name: 'Пётр',
    });
    expect(answer).toEqual({ id: courier.id, changed: ['phone'] });
    const [row] = await t.db.select().from(clients).where(eq(clients.id, courier.id));
    expect(row!.phone).toBe('+7 999 111-22-33');
    expect(await integrationCall(t, `/couriers/${courier.id}`, 'PATCH', { name: 'Пётр' })).toEqual({
      id: courier.id,
      changed: [],
    });
  });

  it('answers 404 for a clinic’s id and an unknown one, 422 for an empty change', async () => {
    const clinic = await backOffice.client(t);
    expect((await t.integration(`/couriers/${clinic.id}`, { method: 'PATCH', json: { active: false } })).status).toBe(
      404,
    );
    expect((await t.integration('/couriers/999999', { method: 'PATCH', json: { active: false } })).status).toBe(404);
    const empty = await t.integration(`/couriers/${clinic.id}`, { method: 'PATCH', json: {} });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ message: 'Укажите хотя бы одно поле для изменения' });
    const [row] = await t.db.select().from(clients).where(eq(clients.id, clinic.id));
    expect(row!.deactivatedAt).toBeNull();
  });

  it('switching a courier off logs it out at once and refuses its logins until it is switched on', async () => {
    const courier = await createCourier(t);
    await loginCourier(t, courier);
    expect(await userData()).toMatchObject({ id: courier.id });

    expect(await integrationCall(t, `/couriers/${courier.id}`, 'PATCH', { active: false })).toEqual({
      id: courier.id,
      changed: ['active'],
    });
    expect(await t.db.select().from(sessions).where(eq(sessions.clientId, courier.id))).toEqual([]);
    expect(await userData()).toBeNull();
    expect((await t.request('/ajax/courier/stops')).status).toBe(401);

    const refused = await loginAs(t, courier.email, courier.password);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'Учётная запись отключена. Обратитесь в сервисный центр.' });
    // A wrong password says nothing about the switch.
    const wrong = await loginAs(t, courier.email, 'wrong-password-9');
    expect(wrong.status).toBe(422);

    const [event] = await t.db.select().from(events).where(eq(events.type, 'courier.updated')).orderBy(events.id);
    expect(event).toBeDefined();
    const offEvents = (await t.db.select().from(events).where(eq(events.type, 'courier.updated'))).filter(
      (row) => (row.payload as { courier_id: number }).courier_id === courier.id,
    );
    expect(offEvents.map((row) => row.payload)).toEqual([{ courier_id: courier.id, changed: { active: false } }]);

    await integrationCall(t, `/couriers/${courier.id}`, 'PATCH', { active: true });
    expect((await loginAs(t, courier.email, courier.password)).status).toBe(200);
  });

  it('keeps a courier out of the clinic calls of the integration API', async () => {
    const courier = await createCourier(t);
    const ticket = await t.integration('/tickets', {
      method: 'POST',
      json: { client_id: courier.id, status: 1, instruments: [{ serial_number: 'S', type: 1, status: 1 }] },
    });
    expect(ticket.status).toBe(422);
    expect(await ticket.json()).toMatchObject({ errors: { client_id: ['Клиент не найден'] } });
    expect((await t.integration(`/clients/${courier.id}/points`)).status).toBe(404);
  });
});
