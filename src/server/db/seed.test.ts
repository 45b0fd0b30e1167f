import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import {
  billDefectStatements,
  bills,
  defectStatements,
  historyEntries,
  instruments,
  tickets,
} from './schema/tickets.ts';
import { addresses, offices } from './schema/places.ts';
import { clients } from './schema/accounts.ts';
import { events } from './schema/platform.ts';
import { files } from './schema/repair-requests.ts';
import { notifications } from './schema/notifications.ts';
import { pointsEntries } from './schema/loyalty.ts';
import { REGIONS } from '#shared/dictionaries/regions.ts';
import { readFileBytes } from '#server/services/files/files.ts';
import { loadTicketRequest } from '#server/services/tickets/request.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, demoAccountExists, seedDemo } from './seed.ts';

/** Stands in for scrypt (services/ is above db/); the real hash is proven by logging in, in test-app tests. */
const fakeHash = async (plain: string) => `plain$${plain}`;

const NOW = new Date('2026-03-15T12:00:00Z');

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  expect(await demoAccountExists(t.db)).toBe(false);
  expect(await seedDemo(t.db, t.deps.files, NOW, fakeHash)).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

async function count(table: PgTable): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

describe('seedDemo', () => {
  it('creates the demo account with the hashed demo password', async () => {
    const [client] = await t.db.select().from(clients).where(eq(clients.email, DEMO_EMAIL));
    expect(client).toBeDefined();
    expect(client!.name).toBe('Анна');
    expect(client!.phone).toMatch(/^7\d{10}$/);
    expect(client!.passwordHash).toBe(`plain$${DEMO_PASSWORD}`);
    expect(await demoAccountExists(t.db)).toBe(true);
  });

  it('has an office in every region, the two central ones and a Crimea office', async () => {
    const rows = await t.db.select().from(offices);
    for (const { name } of REGIONS) expect(rows.some((o) => o.region === name)).toBe(true);
    expect(rows.filter((o) => o.id === 1 || o.id === 2)).toHaveLength(2);
    expect(rows.some((o) => o.isShowInCrimea)).toBe(true);
    for (const office of rows) {
      expect(office.managerPhone).toMatch(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
      expect(office.email).toContain('@');
      expect(Math.abs(office.latitude)).toBeGreaterThan(1);
    }
  });

  it('has tickets in several statuses, one waiting for three approvals', async () => {
    const rows = await t.db.select().from(tickets);
    expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(5);

    const waiting = rows.find((r) => r.status === 5)!;
    const quotes = await t.db.select().from(defectStatements).where(eq(defectStatements.ticketId, waiting.id));
    expect(quotes).toHaveLength(3);
    expect(quotes.every((q) => q.agreed === 0 && /^\d+\.\d{2}$/.test(q.sum))).toBe(true);
    expect(quotes.map((q) => q.sum)).toContain('12500.00');
    expect(quotes.filter((q) => q.tradeIsEnabled)).toHaveLength(1);

    const closed = rows.find((r) => r.status === 7)!;
    expect(closed.finished).toBe(true);
    expect(rows.some((r) => r.trackingLink?.startsWith('https://') && r.providerOrderId)).toBe(true);

    // Every ticket has instruments with valid codes, and no ticket is dated in the future.
    const tools = await t.db.select().from(instruments);
    for (const ticket of rows) {
      expect(tools.some((i) => i.ticketId === ticket.id)).toBe(true);
      expect(ticket.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(tools.every((i) => i.type >= 1 && i.type <= 12 && i.status >= 1 && i.status <= 7)).toBe(true);
  });

  it('has paid, unpaid and no-data bills, linked to defect statements', async () => {
    const rows = await t.db.select().from(bills);
    expect(rows.map((b) => b.status).sort()).toEqual(['Не оплачен', 'Оплачен', null].sort());
    expect(await count(billDefectStatements)).toBeGreaterThanOrEqual(2);
  });

  it('has read and unread notifications and a points balance', async () => {
    const rows = await t.db.select().from(notifications);
    expect(rows.some((n) => n.isViewed)).toBe(true);
    expect(rows.filter((n) => !n.isViewed).length).toBeGreaterThanOrEqual(1);
    const points = await t.db.select().from(pointsEntries);
    expect(points).toContainEqual(expect.objectContaining({ delta: 1500, reason: 'Приветственные бонусы' }));
  });

  it('links each notification about a ticket to it, and writes its numbers in the Russian format', async () => {
    const rows = await t.db.select().from(notifications);
    const aboutTickets = rows.filter((n) => /заявк[аеи] №\d+/i.test(n.description));
    expect(aboutTickets.length).toBeGreaterThanOrEqual(3);
    for (const row of aboutTickets)
      expect(row.ticketId, row.description).toBe(Number(/№(\d+)/.exec(row.description)![1]));
    expect(rows.map((n) => n.description)).toContainEqual(expect.stringContaining('1\u00A0500 приветственных бонусов'));
    expect(rows.map((n) => n.description)).toContainEqual(expect.stringContaining('31\u00A0200,00\u00A0₽'));
  });

  it('has two saved addresses for the demo clinic, each with its point', async () => {
    const rows = await t.db.select().from(addresses);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.latitude !== null && row.longitude !== null && row.apartment !== '')).toBe(true);
  });

  it('writes client.registered and one ticket.created per ticket, in order', async () => {
    const rows = await t.db.select().from(events).orderBy(events.id);
    expect(rows[0]!.type).toBe('client.registered');
    const created = rows.filter((e) => e.type === 'ticket.created');
    expect(created).toHaveLength(await count(tickets));
    expect(new Set(created.map((e) => e.ticketId)).size).toBe(created.length);
  });

  it('attaches statement PDFs, photos, bill documents, a waybill and history to the demo tickets', async () => {
    const stored = await t.db.select().from(files);
    const byId = new Map(stored.map((f) => [f.id, f]));
    const quotes = await t.db.select().from(defectStatements).where(eq(defectStatements.agreed, 0));
    expect(
      quotes.every((q) => q.documentFileId !== null && byId.get(q.documentFileId)?.mimeType === 'application/pdf'),
    ).toBe(true);
    const photos = quotes.flatMap((q) => q.photoFileIds).map((id) => byId.get(id)!);
    expect(photos.length).toBeGreaterThanOrEqual(2);
    for (const photo of photos) {
      expect(photo.mimeType).toBe('image/png');
      expect(
        Buffer.from(await readFileBytes(t.deps.files, t.db, photo))
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
    for (const file of stored.filter((f) => f.mimeType === 'application/pdf')) {
      // The bytes are in the file store, not in the row (ADR 0025).
      expect(file.data).toBeNull();
      const bytes = await readFileBytes(t.deps.files, t.db, file);
      expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
      expect(file.size).toBe(bytes.byteLength);
    }
    expect((await t.db.select().from(bills)).filter((b) => b.documentFileId !== null)).toHaveLength(2);
    const shipped = (await t.db.select().from(tickets)).filter((r) => r.providerOrderId);
    expect(shipped.every((r) => r.waybillFileId !== null)).toBe(true);

    const history = await t.db.select().from(historyEntries);
    for (const ticket of await t.db.select().from(tickets)) {
      const entries = history.filter((h) => h.ticketId === ticket.id);
      expect(entries.length).toBeGreaterThanOrEqual(1);
      expect(entries.every((h) => h.createdAt.getTime() <= NOW.getTime() && h.subjectType === 'Ticket')).toBe(true);
    }
  });

  it('shows the request card on the ticket waiting for approval, and on no other', async () => {
    const requests = await Promise.all(
      (await t.db.select().from(tickets)).map(async (ticket) => ({
        status: ticket.status,
        request: await loadTicketRequest(t.db, ticket.id),
      })),
    );
    const withRequest = requests.filter((row) => row.request !== null);
    expect(withRequest).toHaveLength(1);
    expect(withRequest[0]!.status).toBe(5);
    expect(withRequest[0]!.request).toMatchObject({
      company: 'Стоматологическая клиника «Улыбка»',
      address: 'Россия, Москва, Тверская улица, 7',
      room: 'офис 12',
      message: 'Вход со двора',
      checked: true,
      coordinates: '55.757718,37.611347',
      contact: { name: 'Анна', surname: 'Смирнова', phone: '79161234567', email: DEMO_EMAIL },
    });
    expect(withRequest[0]!.request!.photos.length).toBeGreaterThanOrEqual(1);
    // A working day, as the pickup rule offers.
    expect([1, 2, 3, 4, 5]).toContain(new Date(`${withRequest[0]!.request!.pickup_date}T12:00:00Z`).getUTCDay());
  });

  it('does nothing the second time, or on a database with any client', async () => {
    const before = await Promise.all([clients, tickets, offices, events, bills].map((table) => count(table)));
    expect(await seedDemo(t.db, t.deps.files, NOW, fakeHash)).toBe(false);
    const after = await Promise.all([clients, tickets, offices, events, bills].map((table) => count(table)));
    expect(after).toEqual(before);
  });
});
