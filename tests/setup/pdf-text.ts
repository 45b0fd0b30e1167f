import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text of a PDF, read in JavaScript (unpdf, a pdf.js build for servers): the fonts are embedded
 * subsets, so the bytes hold no searchable text, and a test must not need a program that `npm ci`
 * does not bring (poppler's pdftotext is not on a fresh machine).
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}
