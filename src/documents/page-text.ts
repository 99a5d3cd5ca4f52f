// The one place a model request gets a page's text (issue 44: a classification request carries the
// page's text layer where it has one). Today's page model: a PDF page's text layer read with
// mupdf; an image has none. When every format has a page text layer, this is the function to point
// at it.
import * as mupdf from 'mupdf';
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
  } catch {
    return null; // an unreadable page has no text to send
  } finally {
    p.destroy();
  }
}
