// The plain text of a document's own text layer, for comparing documents (similar examples). A
// scan or an image has none here: its caller falls back to the stored OCR text (issue 54).
import * as mupdf from 'mupdf';
import { reportUnreadableText } from './reader-log.js';

/** The text of the first `maxPages` pages of a PDF, cut at `maxChars`; '' for anything else. */
export function documentPlainText(bytes: Buffer, maxPages = 10, maxChars = 20_000): string {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return '';
  let doc: mupdf.Document | undefined;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
    let out = '';
    const pages = Math.min(doc.countPages(), maxPages);
    for (let i = 0; i < pages && out.length < maxChars; i++) {
      const page = doc.loadPage(i);
      try {
        const stext = page.toStructuredText('preserve-whitespace');
        out += `${stext.asText()}\n`;
        stext.destroy();
      } finally {
        page.destroy();
      }
    }
    return out.slice(0, maxChars);
  } catch (err) {
    reportUnreadableText('plain-text', null, err);
    return ''; // unreadable: nothing to compare
  } finally {
    doc?.destroy();
  }
}
