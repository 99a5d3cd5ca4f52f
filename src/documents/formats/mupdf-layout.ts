// Formats mupdf opens itself (DOCX, PPTX, XLSX, HTML, EPUB, TIFF, BMP, GIF, PNG), laid out on A4
// and written as a PDF with mupdf's DocumentWriter: the rendition every later step reads.
// Runs in a render thread (formats/registry.ts is called from render-task.ts). mupdf's WebAssembly
// has no network and no host file system: nothing a document references is ever fetched.
import * as mupdf from 'mupdf';
import { DocumentError } from '../errors.js';

/** A4 in points, and the base font size for formats that flow (HTML, EPUB, text, office files). */
const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const EM = 11;

export interface LayoutLimits {
  maxPages: number;
}

/** The document (opened as `magic`, a media type mupdf knows) as a PDF, and its page count. */
export function layoutToPdf(bytes: Uint8Array, magic: string, limits: LayoutLimits): { pdf: Uint8Array; pageCount: number } {
  const items: Array<{ destroy(): void }> = [];
  const own = <T extends { destroy(): void }>(x: T): T => (items.push(x), x);
  try {
    const doc = own(guard('could not be opened', () => mupdf.Document.openDocument(bytes, magic)));
    if (guard('could not be opened', () => doc.needsPassword())) {
      throw new DocumentError('document_encrypted', 'The document is password-protected and cannot be read.');
    }
    // Fixed-layout documents (images) ignore it; flowing ones are paginated by it.
    guard('could not be laid out', () => doc.layout(PAGE_WIDTH, PAGE_HEIGHT, EM));
    const pageCount = guard('could not be laid out', () => doc.countPages());
    if (pageCount <= 0) throw new DocumentError('document_empty', 'The document has no pages.');
    if (pageCount > limits.maxPages) {
      throw new DocumentError('document_too_many_pages', `The document has ${pageCount} pages; at most ${limits.maxPages} are accepted.`);
    }
    const out = own(new mupdf.Buffer());
    const writer = own(new mupdf.DocumentWriter(out, 'pdf', 'compress,compress-fonts,compress-images'));
    for (let i = 0; i < pageCount; i++) {
      guard(`page ${i + 1} could not be converted`, () => {
        const page = doc.loadPage(i);
        try {
          const device = writer.beginPage(page.getBounds());
          page.run(device, mupdf.Matrix.identity);
          writer.endPage();
        } finally {
          page.destroy();
        }
      });
    }
    writer.close();
    return { pdf: out.asUint8Array().slice(), pageCount };
  } finally {
    for (const item of items.reverse()) {
      try {
        item.destroy();
      } catch {
        // never mask the conversion's own outcome
      }
    }
  }
}

/** The pixel size of an image mupdf can read, from its header (nothing decoded yet). */
export function imageSize(bytes: Uint8Array): { width: number; height: number } {
  const image = guard('could not be read', () => new mupdf.Image(bytes));
  try {
    return { width: image.getWidth(), height: image.getHeight() };
  } finally {
    image.destroy();
  }
}

function guard<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new DocumentError('document_corrupt', `The document ${what} (${reason}).`, { cause: err });
  }
}

/** The page count of a PDF (one made by a converter), within the limit. */
export function countPdfPages(pdf: Uint8Array, limits: LayoutLimits): number {
  const doc = guard('could not be opened', () => mupdf.Document.openDocument(pdf, 'application/pdf'));
  try {
    const pageCount = guard('could not be read', () => doc.countPages());
    if (pageCount <= 0) throw new DocumentError('document_empty', 'The document has no pages.');
    if (pageCount > limits.maxPages) {
      throw new DocumentError('document_too_many_pages', `The document has ${pageCount} pages; at most ${limits.maxPages} are accepted.`);
    }
    return pageCount;
  } finally {
    doc.destroy();
  }
}
