// Ticket PDFs are drawn once per content (ETag = hash of what is printed), answered
// with 304 when the browser's copy is current, limited per account, and queued behind one drawing
// at a time with a Russian 503 beyond the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadPaths, type Ticket } from '#shared/api/tickets.ts';
import type { TicketPdfRenderer } from '#server/context.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';
import { sameThreadRenderer } from '#server/pdf/ticket-pdf-renderer.ts';
import { rateRules } from '#server/services/rate-limit.ts';
import { createTicketPdfs } from '#server/services/tickets/pdfs.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';

let t: TestApp;
let ticketId: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00Z' });
  const account = await insertAccount(t);
  ticketId = (await backOffice.ticket(t, account.id)).id;
  await loginAs(t, account.email);
});
afterAll(() => t.close());

const pdf = (headers: Record<string, string> = {}) => t.request(downloadPaths.ticketPdf(ticketId), { headers });

describe('GET the ticket PDF', () => {
  it('answers a current copy with 304, and a changed ticket with a new ETag', async () => {
    const first = await pdf();
    expect(first.status).toBe(200);
    expect(
      Buffer.from(await first.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{32}"$/);

    const current = await pdf({ 'if-none-match': etag });
    expect(current.status).toBe(304);
    expect(await current.text()).toBe('');

    await backOffice.defect(t, ticketId, { name: 'Новая ведомость' });
    const changed = await pdf({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('draws at most 30 PDFs per account in 10 minutes; a 304 or a copy in memory is not counted', async () => {
    const fresh = await createTestApp({ now: '2026-03-02T09:00:00Z' });
    try {
      const account = await insertAccount(fresh);
      const id = (await backOffice.ticket(fresh, account.id)).id;
      await loginAs(fresh, account.email);
      const path = downloadPaths.ticketPdf(id);
      const etag = (await fresh.request(path)).headers.get('etag')!;
      for (let i = 0; i < 40; i++)
        expect((await fresh.request(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
      for (let i = 0; i < 40; i++) expect((await fresh.request(path)).status).toBe(200);
      // Each new content is a drawing: the 30th is the last one allowed.
      const statuses: number[] = [];
      for (let i = 1; i <= rateRules.ticketPdfAccount.limit; i++) {
        await backOffice.defect(fresh, id, { name: `Ведомость ${i}` });
        statuses.push((await fresh.request(path)).status);
      }
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

describe('createTicketPdfs', () => {
  let real: Ticket;
  beforeAll(async () => {
    real = ((await (await t.request(`/ajax/cabinet/tickets/${ticketId}`)).json()) as { ticket: Ticket }).ticket;
  });
  /** The real ticket, with another number: another content to draw. */
  const ticket = (id: number): Ticket => ({ ...real, id });

  function counting(): TicketPdfRenderer & { calls: number; release: () => void } {
    const inner = sameThreadRenderer();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const renderer = {
      calls: 0,
      release: () => release(),
      async render(value: Ticket) {
        renderer.calls += 1;
        await gate;
        return inner.render(value);
      },
      close: inner.close,
    };
    return renderer;
  }

  it('draws one content once, however many ask at the same time, and refuses beyond the queue with a Russian 503', async () => {
    const renderer = counting();
    const pdfs = createTicketPdfs(renderer, { concurrency: 1, maxQueued: 1 });
    const same = [pdfs.render(ticket(1)), pdfs.render(ticket(1)), pdfs.render(ticket(1))];
    const queued = pdfs.render(ticket(2));
    const refused = await pdfs.render(ticket(3)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect((refused as ApiFailure).status).toBe(503);
    expect((refused as ApiFailure).body.message).toMatch(/Попробуйте через минуту/);
    renderer.release();
    const answers = await Promise.all([...same, queued]);
    expect(renderer.calls).toBe(2);
    expect(new Set(answers.slice(0, 3).map((answer) => answer.etag)).size).toBe(1);
    expect(answers[3]!.etag).not.toBe(answers[0]!.etag);
    // Drawn once: asked again later, it comes from memory.
    await pdfs.render(ticket(1));
    expect(renderer.calls).toBe(2);
  });
});
