// The text layer of a PDF, searched with mupdf's structured text: where a value's text is printed,
// as boxes in page fractions (0..1, origin top-left), so a client can highlight it on the page.
// A page without a text layer (a scan) simply has no matches.
import * as mupdf from 'mupdf';

export interface TextBox {
  /** One-based page number. */
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One search: a text on some pages (one-based). */
export interface TextQuery {
  text: string;
  pages: number[];
}

export interface TextLayer {
  /** Boxes of every occurrence of `text` on the given pages (one-based), in page order. */
  find(text: string, pages: number[], maxHits?: number): TextBox[];
  /** True when the page (one-based) has any text in its text layer (a scan has none). */
  hasText(page: number): boolean;
  /** Frees every mupdf object; the layer cannot be used afterwards. */
  close(): void;
}

interface PageText {
  stext: mupdf.StructuredText;
  bounds: mupdf.Rect;
}

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1e5) / 1e5;

/**
 * Opens a PDF for text search; pages are read lazily and kept until close(). This runs mupdf on
 * the calling thread: the service searches through `findTextInPool` (src/documents/pool.ts).
 * Given an open document instead of bytes, close() leaves that document open (its owner's).
 */
export function openTextLayer(source: Buffer | mupdf.Document): TextLayer {
  const owned = Buffer.isBuffer(source);
  const doc = owned ? mupdf.Document.openDocument(source, 'application/pdf') : source;
  const pageCount = doc.countPages();
  const pages = new Map<number, PageText | null>();

  const pageText = (n: number): PageText | null => {
    if (pages.has(n)) return pages.get(n)!;
    let entry: PageText | null = null;
    if (n >= 1 && n <= pageCount) {
      const page = doc.loadPage(n - 1);
      try {
        // Page coordinates: mupdf's page space has its origin at the top-left of the page box.
        entry = { stext: page.toStructuredText('preserve-whitespace'), bounds: page.getBounds() };
      } catch {
        entry = null; // an unreadable page has no text to find
      } finally {
        page.destroy();
      }
    }
    pages.set(n, entry);
    return entry;
  };

  return {
    find(text, pageNumbers, maxHits = 20) {
      const needle = text.trim();
      const boxes: TextBox[] = [];
      if (!needle) return boxes;
      for (const n of pageNumbers) {
        const p = pageText(n);
        if (!p) continue;
        const [bx0, by0, bx1, by1] = p.bounds;
        const w = bx1 - bx0;
        const h = by1 - by0;
        if (!(w > 0 && h > 0)) continue;
        for (const hit of p.stext.search(needle, undefined)) {
          // A hit spanning several lines has one quad per line: its box is their union.
          const xs = hit.flatMap((q) => [q[0], q[2], q[4], q[6]]);
          const ys = hit.flatMap((q) => [q[1], q[3], q[5], q[7]]);
          boxes.push({
            page: n,
            x0: round((Math.min(...xs) - bx0) / w),
            y0: round((Math.min(...ys) - by0) / h),
            x1: round((Math.max(...xs) - bx0) / w),
            y1: round((Math.max(...ys) - by0) / h),
          });
          if (boxes.length >= maxHits) return boxes;
        }
      }
      return boxes;
    },
    hasText(n) {
      const p = pageText(n);
      return !!p && p.stext.asText().trim() !== '';
    },
    close() {
      for (const p of pages.values()) p?.stext.destroy();
      pages.clear();
      if (owned) doc.destroy();
    },
  };
}
