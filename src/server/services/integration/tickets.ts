import { eq } from 'drizzle-orm';
import type { CreateTicketInput, PatchTicketInput } from '#shared/api/integration.ts';
import { ticketStatusLabel } from '#shared/dictionaries/ticket-statuses.ts';
import type { AppDeps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { recordEvent, recordHistory } from '#server/db/journal.ts';
import { instruments, tickets } from '#server/db/schema/tickets.ts';
import { offices } from '#server/db/schema/places.ts';
import { notFound } from '#server/services/access/access.ts';
import { requireClient, requireFiles, requireOffice } from '#server/services/integration/refs.ts';

// POST /tickets and PATCH /tickets/{id}: each call is one transaction holding the change, its
// event and the clinic's history line, so the feed and the portal never disagree with the data.

export async function createTicket(
  deps: AppDeps,
  input: CreateTicketInput,
): Promise<{ id: number; instruments: { id: number }[] }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    await requireClient(tx, input.client_id);
    await requireOffice(tx, input.office_id);
    const [ticket] = await tx
      .insert(tickets)
      .values({
        clientId: input.client_id,
        // The back office files the ticket for the clinic: the clinic is its author ('Составитель',
        // 'Только мои заявки'), as in the demo seed; only tickets made through access sharing differ.
        authorId: input.client_id,
        status: input.status,
        officeId: input.office_id ?? null,
        createdAt: input.created_at ? new Date(input.created_at) : now,
      })
      .returning({ id: tickets.id });
    if (!ticket) throw new Error('ticket was not inserted');
    const rows = await tx
      .insert(instruments)
      .values(
        input.instruments.map((instrument) => ({
          ticketId: ticket.id,
          serialNumber: instrument.serial_number,
          type: instrument.type,
          description: instrument.description,
          status: instrument.status,
        })),
      )
      .returning({ id: instruments.id });
    // Insert order is returning order for a multi-row VALUES; sort anyway so ids match the input order.
    const instrumentIds = rows.map((row) => row.id).sort((a, b) => a - b);
    await recordEvent(tx, {
      type: 'ticket.created',
      clientId: input.client_id,
      ticketId: ticket.id,
      payload: {
        ticket_id: ticket.id,
        status: input.status,
        office_id: input.office_id ?? null,
        instrument_ids: instrumentIds,
      },
      createdAt: now,
    });
    await recordHistory(tx, {
      clientId: input.client_id,
      ticketId: ticket.id,
      description: `Создана заявка №${ticket.id}`,
      subjectType: 'Ticket',
      subjectId: ticket.id,
      createdAt: now,
    });
    return { id: ticket.id, instruments: instrumentIds.map((id) => ({ id })) };
  });
}

type TicketRow = typeof tickets.$inferSelect;
type TicketChanges = Partial<
  Pick<TicketRow, 'status' | 'officeId' | 'finished' | 'trackingLink' | 'providerOrderId' | 'waybillFileId'>
>;

/** The requested values that differ from the stored ones; absent fields are left alone. */
function diffTicket(current: TicketRow, input: PatchTicketInput): TicketChanges {
  const wanted: TicketChanges = {};
  if (input.status !== undefined) wanted.status = input.status;
  if (input.office_id !== undefined) wanted.officeId = input.office_id;
  if (input.finished !== undefined) wanted.finished = input.finished;
  if (input.shipping_order === null) {
    // null removes the shipping order as a whole.
    Object.assign(wanted, { trackingLink: null, providerOrderId: null, waybillFileId: null });
  } else if (input.shipping_order) {
    const order = input.shipping_order;
    if (order.tracking_link !== undefined) wanted.trackingLink = order.tracking_link || null;
    if (order.provider_order_id !== undefined) wanted.providerOrderId = order.provider_order_id || null;
    if (order.waybill_file_id !== undefined) wanted.waybillFileId = order.waybill_file_id;
  }
  const changes: TicketChanges = {};
  for (const [key, value] of Object.entries(wanted) as [keyof TicketChanges, unknown][]) {
    if (current[key] !== value) Object.assign(changes, { [key]: value });
  }
  return changes;
}

const EVENT_FIELDS: Record<keyof TicketChanges, string> = {
  status: 'status',
  officeId: 'office_id',
  finished: 'finished',
  trackingLink: 'tracking_link',
  providerOrderId: 'provider_order_id',
  waybillFileId: 'waybill_file_id',
};

/**
 * Applies the fields that differ. A call that changes nothing answers 200 with `changed: []` and
 * writes no event: the feed lists changes, and a retried PATCH is not a second one.
 */
export async function patchTicket(
  deps: AppDeps,
  ticketId: number,
  input: PatchTicketInput,
): Promise<{ id: number; changed: string[] }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [current] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
    if (!current) throw notFound();
    await requireOffice(tx, input.office_id);
    await requireFiles(tx, input.shipping_order?.waybill_file_id, 'shipping_order.waybill_file_id');
    const changes = diffTicket(current, input);
    const keys = Object.keys(changes) as (keyof TicketChanges)[];
    if (keys.length === 0) return { id: ticketId, changed: [] };
    await tx.update(tickets).set(changes).where(eq(tickets.id, ticketId));
    const changed = Object.fromEntries(keys.map((key) => [EVENT_FIELDS[key], changes[key]]));
    await recordEvent(tx, {
      type: 'ticket.updated',
      clientId: current.clientId,
      ticketId,
      payload: { ticket_id: ticketId, changed },
      createdAt: now,
    });
    for (const description of await historyLines(tx, changes)) {
      await recordHistory(tx, {
        clientId: current.clientId,
        ticketId,
        description,
        subjectType: 'Ticket',
        subjectId: ticketId,
        createdAt: now,
      });
    }
    return { id: ticketId, changed: keys.map((key) => EVENT_FIELDS[key]) };
  });
}

/** What the clinic reads in the ticket's history for these changes. */
async function historyLines(tx: Tx, changes: TicketChanges): Promise<string[]> {
  const lines: string[] = [];
  if (changes.status !== undefined) lines.push(`Статус заявки изменён на «${ticketStatusLabel(changes.status)}»`);
  if (changes.officeId) {
    const [office] = await tx
      .select({ name: offices.name })
      .from(offices)
      .where(eq(offices.id, changes.officeId))
      .limit(1);
    lines.push(`Заявка передана в сервисный центр «${office?.name ?? changes.officeId}»`);
  }
  if (changes.finished === true) lines.push('Работы по заявке завершены');
  if (changes.finished === false) lines.push('Заявка возвращена в работу');
  if (changes.providerOrderId) lines.push(`Оформлена доставка, номер заказа ${changes.providerOrderId}`);
  else if (changes.trackingLink) lines.push('Добавлена ссылка для отслеживания доставки');
  return lines;
}
