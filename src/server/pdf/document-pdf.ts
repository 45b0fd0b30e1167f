import PDFDocument from 'pdfkit';
import { collect, pdfFonts } from './fonts.ts';

// A plain one-page document (a title and lines of text): the demo world's statement, bill and
// waybill files, which in production the back office uploads.

export function renderDocumentPdf(title: string, lines: string[]): Promise<Buffer> {
  const { regular, bold } = pdfFonts();
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, CreationDate: new Date(0) } });
  const done = collect(doc);
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('bold').fontSize(16).text(title).moveDown(0.6);
  doc.font('regular').fontSize(11);
  for (const line of lines) doc.text(line).moveDown(0.2);
  doc.end();
  return done;
}
