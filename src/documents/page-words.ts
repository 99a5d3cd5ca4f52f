// A page's words with their boxes, from a PDF's own text layer: the words of readPageText
// (text-layer.ts), the one reader of a page's structured text. Runs in a render thread (op
// 'words': pool.ts); the service reads them through `pageWordsInPool`. Pages without a text layer
// (scans, images) get their words from their stored OCR reading instead (src/domain/page-layer.ts).
import type * as mupdf from 'mupdf';
import { readPageText } from './text-layer.js';

export interface Word {
  text: string;
  /** Page fractions (0..1, origin top-left). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Words of some pages of a document, and how many pages it has. */
export interface PageWords {
  pageCount: number;
  /** Index 0 = page `first + 1`. */
  pages: Word[][];
}

/** The words of pages first..first+count-1 (zero-based; cut at the last page) of an open PDF; an unreadable page has none. */
export function readWordsOfPages(doc: mupdf.Document, first: number, count: number): PageWords {
  const pageCount = doc.countPages();
  const pages: Word[][] = [];
  for (let i = first; i < Math.min(pageCount, first + count); i++) {
    try {
      pages.push(readPageText(doc, i).words.map((w) => ({ text: w.text, ...w.box })));
    } catch {
      pages.push([]); // an unreadable page has no words to match
    }
  }
  return { pageCount, pages };
}
