import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema/accounts.ts';
import { notificationDeliveries, notifications } from '#server/db/schema/notifications.ts';
import { defectAnswers } from '#server/db/schema/tickets.ts';
import type { TestApp } from '../../../../tests/setup/test-app.ts';
import {
  appWithClinic,
  decide,
  eventsFor,
  historyFor,
  insertStatement,
  paths,
  seenQuotes,
  statementRow,
  type Clinic,
} from '../../../../tests/setup/decisions-world.ts';

// The service centre answers a clinic's 'Обсудить' (POST /api/v1/defects/{id}/answers): the answer
// under the question on the statement, a notification with the ticket's link, `defect.answered` in
// the feed, the statement open for a decision again; refused (nothing written) when nobody asked.

let t: TestApp;
let me: Clinic;

beforeAll(async () => {
  ({ t, me } = await appWithClinic());
  // The copy by e-mail too: the notification goes through every channel of the clinic.
  await t.db.update(clients).set({ notifyByEmail: true }).where(eq(clients.id, me.id));
});
afterAll(() => t.close());

/** 'Обсудить' on the statement as the page shows it now (its current version). */
const ask = async (id: number, comment: string) =>
  decide(t, paths.discuss, {
    ticket_id: me.ticketId,
    defect: { id, version: (await statementRow(t, id)).version },
    comment,
  });
const answer = (id: number, json: unknown) => t.integration(`/defects/${id}/answers`, { method: 'POST', json });
const statementOnPage = async (id: number) => {
  const body = (await (await t.request(`/ajax/cabinet/tickets/${me.ticketId}`)).json()) as {
    ticket: { defective_lists: Array<{ id: number; agreed: number; answer: unknown; decision_comment: unknown }> };
  };
  return body.ticket.defective_lists.find((statement) => statement.id === id)!;
};
const answerCount = async () => (await t.db.select({ id: defectAnswers.id }).from(defectAnswers)).length;

describe('POST /api/v1/defects/{id}/answers', () => {
  it('answers the question: on the statement, in the history and the feed, notified, open for a decision again', async () => {
    const s = await insertStatement(t, me.ticketId);
    expect((await ask(s.id, 'Почему так дорого?')).status).toBe(200);
    expect((await statementOnPage(s.id)).agreed).toBe(3);

    const response = await answer(s.id, { text: '  Нужна замена ротора, цена с работой.  ' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect(id).toBeGreaterThan(0);

    const onPage = await statementOnPage(s.id);
    expect(onPage.agreed).toBe(0);
    expect(onPage.answer).toEqual({
      question: 'Почему так дорого?',
      text: 'Нужна замена ротора, цена с работой.',
      answered_at: expect.any(String),
    });
    // Asked (2), answered (3): a view from before the answer is stale, as after a decision.
    expect((await statementRow(t, s.id)).version).toBe(3);

    const answered = (await eventsFor(t, s.id)).at(-1)!;
    expect(answered.type).toBe('defect.answered');
    expect(answered.payload).toEqual({
      defect_id: s.id,
      ticket_id: me.ticketId,
      answer_id: id,
      text: 'Нужна замена ротора, цена с работой.',
    });
    const history = (await historyFor(t, s.id)).map((entry) => entry.description);
    expect(history.some((line) => line.includes('Вопрос по ведомости') && line.includes('Почему так дорого?'))).toBe(
      true,
    );
    expect(history.at(-1)).toMatch(/^Ответ сервисного центра по ведомости .*: Нужна замена ротора, цена с работой\.$/);

    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.clientId, me.id))
      .orderBy(notifications.id);
    expect(notification).toMatchObject({ ticketId: me.ticketId });
    expect(notification!.description).toContain('Нужна замена ротора');
    const mails = await t.outbox.for(me.email);
    expect(mails.at(-1)?.text).toContain(`/cabinet/tickets/${me.ticketId}`);

    // The buttons are back: the clinic decides at once, on the version it sees.
    const approved = await decide(t, paths.approve, { ticket_id: me.ticketId, defects: seenQuotes([s.id, 3]) });
    expect(approved.status).toBe(200);
    expect((await statementOnPage(s.id)).answer).toMatchObject({ text: 'Нужна замена ротора, цена с работой.' });
  });

  it('hides an old answer once the clinic asks again, until the new question is answered', async () => {
    const s = await insertStatement(t, me.ticketId);
    await ask(s.id, 'Первый вопрос');
    expect((await answer(s.id, { text: 'Первый ответ' })).status).toBe(201);
    await ask(s.id, 'Второй вопрос');
    const waiting = await statementOnPage(s.id);
    expect(waiting).toMatchObject({ agreed: 3, decision_comment: 'Второй вопрос', answer: null });
    expect((await answer(s.id, { text: 'Второй ответ' })).status).toBe(201);
    expect((await statementOnPage(s.id)).answer).toMatchObject({ question: 'Второй вопрос', text: 'Второй ответ' });
  });

  it('refuses a statement nobody asked about with 409 in Russian, and writes nothing', async () => {
    const s = await insertStatement(t, me.ticketId);
    const before = { answers: await answerCount(), events: (await eventsFor(t, s.id)).length };
    const deliveries = (await t.db.select({ id: notificationDeliveries.id }).from(notificationDeliveries)).length;
    const refused = await answer(s.id, { text: 'Ответ' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      success: false,
      message: 'Клиент не задавал вопрос по этой ведомости: ответить можно только на «Обсудить»',
    });
    // Answered once already: a second answer to the same question is refused too.
    const asked = await insertStatement(t, me.ticketId);
    await ask(asked.id, 'Вопрос');
    expect((await answer(asked.id, { text: 'Ответ' })).status).toBe(201);
    expect((await answer(asked.id, { text: 'Ещё ответ' })).status).toBe(409);

    expect(await answerCount()).toBe(before.answers + 1);
    expect((await eventsFor(t, s.id)).length).toBe(before.events);
    expect((await t.db.select({ id: notificationDeliveries.id }).from(notificationDeliveries)).length).toBe(
      deliveries + 1,
    );
  });

  it('refuses an empty or too long text with 422 in Russian, an unknown statement with 404, a missing token with 401', async () => {
    const s = await insertStatement(t, me.ticketId);
    await ask(s.id, 'Вопрос');
    const before = await answerCount();
    for (const json of [{ text: '   ' }, { text: 'я'.repeat(2001) }, {}, { text: 5 }]) {
      const refused = await answer(s.id, json);
      expect(refused.status).toBe(422);
      const body = (await refused.json()) as { errors: Record<string, string[]> };
      expect(body.errors.text?.[0]).toMatch(/[а-я]/i);
    }
    expect((await answer(999_999, { text: 'Ответ' })).status).toBe(404);
    expect(
      (await t.integration(`/defects/${s.id}/answers`, { method: 'POST', json: { text: 'Ответ' }, token: null }))
        .status,
    ).toBe(401);
    expect(await answerCount()).toBe(before);
    expect((await statementRow(t, s.id)).agreed).toBe(3);
  });

  it('is in the OpenAPI document with its body, its 201 and its refusals', async () => {
    const document = (await (await t.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    const call = document.paths['/api/v1/defects/{id}/answers']?.post;
    expect(call).toBeDefined();
    expect(JSON.stringify(call!.requestBody)).toContain('"text"');
    expect(Object.keys(call!.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '404',
      '409',
      '415',
      '422',
      '500',
      '503',
    ]);
  });
});
