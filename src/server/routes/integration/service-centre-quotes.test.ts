import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationMessages } from '#shared/api/integration.ts';
import { defectStatements } from '#server/db/schema/tickets.ts';
import { events } from '#server/db/schema/platform.ts';
import { loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import { insertStatement } from '../../../../tests/setup/cabinet-world.ts';
import { errorBody } from '../../../../tests/setup/json.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

// A regional service centre's ticket shows the centre's card, not statements (cabinet.md §2 Ticket
// page): the back office cannot put a priced quote there, and the list never asks for a decision
// the ticket page cannot take.

let t: TestApp;
let clientId: number;
let email: string;
const REGIONAL = 4;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  const client = await backOffice.client(t);
  clientId = client.id;
  email = client.email;
  await backOffice.office(t, 1);
  await backOffice.office(t, REGIONAL);
  expect((await loginAs(t, email, client.password)).status).toBe(200);
});
afterAll(() => t.close());

const statementCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(defectStatements))[0]!.n;
const eventCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(events))[0]!.n;

async function expectRefusedQuote(response: Response) {
  expect(response.status).toBe(409);
  const body = await errorBody(response);
  expect(body.message).toBe(integrationMessages.quoteAtServiceCentre);
  expect(body.errors?.sum).toEqual([integrationMessages.quoteAtServiceCentre]);
}

describe('a priced quote on a regional service centre’s ticket', () => {
  it('POST /api/v1/tickets/{id}/defects with a price: 409 in Russian, nothing written', async () => {
    const { id: ticketId } = await backOffice.ticket(t, clientId, { office_id: REGIONAL });
    const [statements, journal] = [await statementCount(), await eventCount()];
    await expectRefusedQuote(
      await t.integration(`/tickets/${ticketId}/defects`, { method: 'POST', json: { ...quote(), sum: '12500.00' } }),
    );
    expect(await statementCount()).toBe(statements);
    expect(await eventCount()).toBe(journal);
  });

  it('takes a statement without a price there, then refuses a PATCH that prices it', async () => {
    const { id: ticketId } = await backOffice.ticket(t, clientId, { office_id: REGIONAL });
    const { id } = await backOffice.defect(t, ticketId, { sum: '0.00' });
    await expectRefusedQuote(await t.integration(`/defects/${id}`, { method: 'PATCH', json: { sum: '900.00' } }));
    const [row] = await t.db.select().from(defectStatements).where(eq(defectStatements.id, id));
    expect(row).toMatchObject({ sum: '0.00', version: 1 });
    // Other changes still go through.
    const conclusion = await t.integration(`/defects/${id}`, { method: 'PATCH', json: { conclusion: 'Ремонт в СЦ' } });
    expect(conclusion.status).toBe(200);
  });

  it('takes a priced quote on a central office’s ticket and on one without an office', async () => {
    for (const office of [{ office_id: 1 }, {}]) {
      const { id: ticketId } = await backOffice.ticket(t, clientId, office);
      const response = await t.integration(`/tickets/${ticketId}/defects`, { method: 'POST', json: quote() });
      expect(response.status).toBe(201);
    }
  });
});

describe('the requests list’s dv_approve_need', () => {
  it('is false on a regional centre’s ticket with an open quote, true on a central one’s', async () => {
    // A quote written before the ticket moved to the centre (or straight into the database) stays undecided.
    const { id: regional } = await backOffice.ticket(t, clientId, { office_id: REGIONAL, status: 5 });
    await insertStatement(t, regional, { sum: '4500.00' });
    const { id: central } = await backOffice.ticket(t, clientId, { office_id: 1, status: 5 });
    await backOffice.defect(t, central, { sum: '4500.00' });
    const response = await t.request('/ajax/cabinet/tickets');
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Array<{ id: number; dv_approve_need: boolean }> };
    const flag = new Map(data.map((row) => [row.id, row.dv_approve_need]));
    expect(flag.get(regional)).toBe(false);
    expect(flag.get(central)).toBe(true);
  });
});

function quote() {
  return { series: 'TA-98', type: 1, name: 'Турбина W&H', defect: 'Износ подшипников', sum: '12500.00', status: 1 };
}
