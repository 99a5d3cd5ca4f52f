// A PDF page's own text layer as plain text (mupdf). Model requests read a page's text through
// src/domain/page-layer.ts instead, which adds OCR for pages without one (issue 54).
import * as mupdf from 'mupdf';
import { reportUnreadableText } from './reader-log.js';
import { detectMediaType } from './sniff.js';

/** Open PDFs by their bytes, so the pages of one job do not parse the file once each. */
const open = new WeakMap<Buffer, mupdf.Document>();

/** The text of page `page` (1-based) of a stored file, or null when the page has no text layer. */
export function pageTextForRequest(bytes: Buffer, page: number): string | null {
  if (detectMediaType(bytes.subarray(0, 2048)) !== 'application/pdf') return null;
  let doc = open.get(bytes);
  if (!doc) {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
    open.set(bytes, doc);
  }
  if (page < 1 || page > doc.countPages()) return null;
  const p = doc.loadPage(page - 1);
  try {
    const stext = p.toStructuredText('preserve-whitespace');
    try {
      const text = stext.asText().trim();
      return text === '' ? null : text;
    } finally {
      stext.destroy();
    }
  } catch (err) {
    reportUnreadableText('page-text', page, err);
    return null; // an unreadable page has no text to send
  } finally {
    p.destroy();
  }
}
