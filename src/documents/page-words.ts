// A page's words with their boxes, from a PDF's own text layer (mupdf's structured text). Pages
// without one (scans, images) get their words from their stored OCR reading instead
// (src/domain/retrieval/job-blocks.ts, src/domain/page-layer.ts: issue 54).
import * as mupdf from 'mupdf';
import { reportUnreadableText } from './reader-log.js';
import { detectMediaType } from './sniff.js';

export interface Word {
  text: string;
  /** Page fractions (0..1, origin top-left). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const fraction = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1e5) / 1e5;

/**
 * The words of every page of a stored file (index 0 = page 1), in the text layer's reading order:
 * runs of characters between spaces and line ends, each boxed by its characters' quads. Runs mupdf
 * on the calling thread; an unreadable page has no words.
 */
export function readPageWords(bytes: Buffer): Word[][] {
  if (detectMediaType(bytes.subarray(0, 2048)) !== 'application/pdf') return [];
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const pages: Word[][] = [];
    for (let i = 0; i < doc.countPages(); i++) pages.push(wordsOfPage(doc, i));
    return pages;
  } finally {
    doc.destroy();
  }
}

/**
 * readPageWords for a caller with a time budget (the worker completing a job): the event loop is
 * let through between pages, and past `budgetMs` the reading stops and null is returned.
 */
export async function readPageWordsWithin(bytes: Buffer, budgetMs: number): Promise<Word[][] | null> {
  if (detectMediaType(bytes.subarray(0, 2048)) !== 'application/pdf') return [];
  const deadline = Date.now() + budgetMs;
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const pages: Word[][] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      if (Date.now() > deadline) return null;
      pages.push(wordsOfPage(doc, i));
      if (i % 8 === 7) await new Promise((resolve) => setImmediate(resolve));
    }
    return pages;
  } finally {
    doc.destroy();
  }
}

function wordsOfPage(doc: mupdf.Document, index: number): Word[] {
  const page = doc.loadPage(index);
  let stext: mupdf.StructuredText | null = null;
  try {
    const [bx0, by0, bx1, by1] = page.getBounds();
    const w = bx1 - bx0;
    const h = by1 - by0;
    if (!(w > 0 && h > 0)) return [];
    stext = page.toStructuredText('preserve-whitespace');
    const words: Word[] = [];
    let text = '';
    let box = [Infinity, Infinity, -Infinity, -Infinity];
    const flush = () => {
      if (text.trim()) {
        words.push({ text, x0: fraction((box[0]! - bx0) / w), y0: fraction((box[1]! - by0) / h), x1: fraction((box[2]! - bx0) / w), y1: fraction((box[3]! - by0) / h) });
      }
      text = '';
      box = [Infinity, Infinity, -Infinity, -Infinity];
    };
    stext.walk({
      onChar(c, _origin, _font, _size, quad) {
        if (/\s/.test(c)) return flush();
        text += c;
        const xs = [quad[0], quad[2], quad[4], quad[6]];
        const ys = [quad[1], quad[3], quad[5], quad[7]];
        box = [Math.min(box[0]!, ...xs), Math.min(box[1]!, ...ys), Math.max(box[2]!, ...xs), Math.max(box[3]!, ...ys)];
      },
      endLine: flush,
      endTextBlock: flush,
    });
    flush();
    return words;
  } catch (err) {
    reportUnreadableText('page-words', index + 1, err);
    return []; // an unreadable page has no words to match
  } finally {
    stext?.destroy();
    page.destroy();
  }
}
