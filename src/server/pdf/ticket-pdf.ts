import PDFDocument from 'pdfkit';
import type { Ticket } from '#shared/api/tickets.ts';
import { instrumentDisplayName, instrumentStatusLabel } from '#shared/dictionaries/instruments.ts';
import { statementBadgeLabel } from '#shared/dictionaries/statement-decisions.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { formatPickupDay } from '#shared/format/pickup-day.ts';
import { formatPhone } from '#shared/format/phone-mask.ts';
import { collect, pdfFonts } from './fonts.ts';

// The ticket as a printable A4 PDF (cabinet.md §2: 'download ticket'), with a DejaVu font embedded
// (subset by pdfkit) so Cyrillic, № and ₽ render on any machine.

const MARGIN = 50;
const MUTED = '#555555';
const SUM_WIDTH = 110;

/** '2026-03-15 12:05:07' → '15.03.2026 12:05' (the timestamp is already Moscow time). */
function displayTimestamp(timestamp: string): string {
  const [date = '', time = ''] = timestamp.split(' ');
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year} ${time.slice(0, 5)}`;
}

/** The document title, also stored in the PDF's metadata. */
export function ticketPdfTitle(ticketId: number): string {
  return `Заявка на ремонт №${ticketId}`;
}

/** Renders the ticket; resolves to the PDF's bytes. */
export function renderTicketPdf(ticket: Ticket): Promise<Buffer> {
  const { regular, bold } = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: ticketPdfTitle(ticket.id), Author: 'Сервисный центр', CreationDate: new Date(0) },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  const done = collect(doc);

  const width = doc.page.width - MARGIN * 2;
  const heading = (text: string) =>
    doc.moveDown(0.8).font('bold').fontSize(13).fillColor('black').text(text, { width });
  const field = (label: string, value: string) =>
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('black')
      .text(`${label}: `, { continued: true })
      .font('regular')
      .text(value, { width });

  doc.font('bold').fontSize(18).text(ticketPdfTitle(ticket.id), { width });
  doc.moveDown(0.5);
  field('Дата создания', displayTimestamp(ticket.created_at));
  field('Статус', ticket.status);
  if (ticket.office) {
    const o = ticket.office;
    field('Сервисный центр', o.name);
    field('Адрес', [o.country_name, o.city, o.address].filter(Boolean).join(', '));
    field('Телефон', o.manager_phone);
    field('E-mail', o.email);
  }
  if (ticket.shippingOrder) field('Заказ доставки', ticket.shippingOrder.provider_order_id);

  const request = ticket.request;
  if (request) {
    heading('Заявка клиники');
    field('Клиника', request.company);
    field('Адрес', [request.address, request.room].filter(Boolean).join(', '));
    if (!request.checked) field('Адрес не проверен', 'уточнить по телефону');
    if (request.message) field('Комментарий к адресу', request.message);
    field('Забрать', formatPickupDay(request.pickup_date));
    field('Контакт', `${request.contact.name} ${request.contact.surname}, ${formatPhone(request.contact.phone)}`);
    if (request.photos.length > 0) field('Фото', String(request.photos.length));
  }

  heading('Инструменты');
  if (ticket.instruments.length === 0) doc.font('regular').fontSize(10).text('Нет инструментов', { width });
  ticket.instruments.forEach((tool, index) => {
    doc.moveDown(0.3).font('bold').fontSize(10).fillColor('black');
    doc.text(`${index + 1}. ${instrumentDisplayName(tool)}, серийный номер ${tool.serial_number}`, { width });
    const warranty = tool.guarantee ? ' · На гарантии' : '';
    doc
      .font('regular')
      .fillColor(MUTED)
      .text(`${tool.description || '—'} · ${instrumentStatusLabel(tool.status)}${warranty}`, { width });
  });

  if (ticket.defective_lists.length > 0) {
    heading('Дефектные ведомости');
    ticket.defective_lists.forEach((statement, index) => {
      doc.moveDown(0.4).font('bold').fontSize(10).fillColor('black');
      const number = statement.id_1c ? ` (${statement.id_1c})` : '';
      // Name on the left, its sum on the same line at the right edge.
      const top = doc.y;
      doc.text(`${index + 1}. ${instrumentDisplayName(statement)}${number}`, MARGIN, top, {
        width: width - SUM_WIDTH - 10,
      });
      const below = doc.y;
      // No sums for 'Только заявки' (ADR 0049): the line stays, its price is not printed.
      if (statement.sum !== null)
        doc.text(formatMoney(statement.sum), MARGIN + width - SUM_WIDTH, top, { width: SUM_WIDTH, align: 'right' });
      doc.x = MARGIN;
      doc.y = Math.max(below, doc.y);
      doc.font('regular').fillColor(MUTED);
      doc.text(`Серийный номер: ${statement.series} · ${statementBadgeLabel(statement)}`, { width });
      doc.text(`Дефект: ${statement.defect}`, { width });
      if (statement.conclusion) doc.text(`Заключение: ${statement.conclusion}`, { width });
    });
    if (ticket.cost !== null) {
      doc.moveDown(0.8).font('bold').fontSize(12).fillColor('black');
      doc.text(`Итого стоимость работ: ${formatMoney(ticket.cost)}`, { width, align: 'right' });
    }
  }

  doc.end();
  return done;
}
