// The text layer of a PDF, searched with mupdf's structured text: where a value's text is printed,
// as boxes in page fractions (0..1, origin top-left), so a client can highlight it on the page.
// A page without a text layer (a scan) simply has no matches.
import * as mupdf from 'mupdf';
import { reportUnreadableText } from './reader-log.js';

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

interface PageStext {
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
  const pages = new Map<number, PageStext | null>();

  const pageText = (n: number): PageStext | null => {
    if (pages.has(n)) return pages.get(n)!;
    let entry: PageStext | null = null;
    if (n >= 1 && n <= pageCount) {
      const page = doc.loadPage(n - 1);
      try {
        // Page coordinates: mupdf's page space has its origin at the top-left of the page box.
        entry = { stext: page.toStructuredText('preserve-whitespace'), bounds: page.getBounds() };
      } catch (err) {
        reportUnreadableText('text-layer', n, err);
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

/** A word of a page's text layer and where it is printed (0..1 of the page, origin top-left). */
export interface PageWord {
  text: string;
  box: { x0: number; y0: number; x1: number; y1: number };
}

export interface PageText {
  /** The page's text in reading order: words joined by spaces, lines by a line break, blocks by a blank line. */
  text: string;
  words: PageWord[];
}

/** The text layer of page `index` (zero-based) of an open document: empty for a page without one (a scan). */
export function readPageText(doc: mupdf.Document, index: number): PageText {
  const pageCount = doc.countPages();
  if (!Number.isInteger(index) || index < 0 || index >= pageCount) {
    throw new RangeError(`Page index ${index} is outside a document of ${pageCount} pages.`);
  }
  const page = doc.loadPage(index);
  let stext: mupdf.StructuredText | undefined;
  try {
    const [bx0, by0, bx1, by1] = page.getBounds();
    const w = bx1 - bx0;
    const h = by1 - by0;
    stext = page.toStructuredText('preserve-whitespace');
    const words: PageWord[] = [];
    const blocks: string[][] = [];
    let lines: string[] = [];
    let lineWords: string[] = [];
    // mupdf starts a new line at a wide gap (the next cell of a table row): a line on the same
    // baseline, to the right of the previous one, continues it, so a row reads as one line.
    let previous: { y0: number; y1: number; x1: number } | null = null;
    let current = { y0: Infinity, y1: -Infinity, x0: Infinity, x1: -Infinity };
    let chars = '';
    let box = [Infinity, Infinity, -Infinity, -Infinity];
    const endWord = () => {
      if (chars.trim() !== '' && w > 0 && h > 0) {
        words.push({ text: chars, box: { x0: round((box[0]! - bx0) / w), y0: round((box[1]! - by0) / h), x1: round((box[2]! - bx0) / w), y1: round((box[3]! - by0) / h) } });
        lineWords.push(chars);
      }
      chars = '';
      box = [Infinity, Infinity, -Infinity, -Infinity];
    };
    stext.walk({
      beginTextBlock: () => {
        lines = [];
        previous = null;
      },
      beginLine: () => {
        lineWords = [];
        current = { y0: Infinity, y1: -Infinity, x0: Infinity, x1: -Infinity };
      },
      onChar: (c, _origin, _font, _size, quad) => {
        if (/\s/.test(c)) return endWord();
        chars += c;
        const xs = [quad[0], quad[2], quad[4], quad[6]];
        const ys = [quad[1], quad[3], quad[5], quad[7]];
        box = [Math.min(box[0]!, ...xs), Math.min(box[1]!, ...ys), Math.max(box[2]!, ...xs), Math.max(box[3]!, ...ys)];
        current = { y0: Math.min(current.y0, ...ys), y1: Math.max(current.y1, ...ys), x0: Math.min(current.x0, ...xs), x1: Math.max(current.x1, ...xs) };
      },
      endLine: () => {
        endWord();
        if (lineWords.length === 0) return;
        const p = previous;
        const overlap = p ? Math.min(p.y1, current.y1) - Math.max(p.y0, current.y0) : 0;
        const sameRow = p !== null && lines.length > 0 && current.x0 >= p.x1 && overlap > 0.5 * Math.min(p.y1 - p.y0, current.y1 - current.y0);
        if (sameRow) lines[lines.length - 1] += ' ' + lineWords.join(' ');
        else lines.push(lineWords.join(' '));
        previous = { y0: current.y0, y1: current.y1, x1: current.x1 };
      },
      endTextBlock: () => {
        if (lines.length > 0) blocks.push(lines);
      },
    });
    return { text: blocks.map((b) => b.join('\n')).join('\n\n'), words };
  } finally {
    stext?.destroy();
    page.destroy();
  }
}
