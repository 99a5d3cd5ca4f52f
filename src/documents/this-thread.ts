// mupdf on the calling thread: for the render threads' own code, tests and benchmarks only. The
// service runs every mupdf call in the render pool (./pool.ts, through ./index.ts); `npm run
// lint:layers` (scripts/check-mupdf.mjs) refuses an import of this module, of a module that imports
// mupdf, or of mupdf itself, outside src/documents.
import * as mupdf from 'mupdf';
import { readWordsOfPages, type Word } from './page-words.js';
import { detectMediaType } from './sniff.js';

export { inspectDocument, prepareImage, renderPageOnThisThread, setMupdfLogSink } from './render.js';
export { openTextLayer, readPageText } from './text-layer.js';
export { documentPlainText } from './plain-text.js';
export { buildSearchablePdf } from './searchable-pdf.js';
export { readWordsOfPages } from './page-words.js';

/** The words of every page of a PDF (index 0 = page 1); [] for anything else. The pool's version: pageWordsInPool. */
export function readPageWords(bytes: Buffer): Word[][] {
  if (detectMediaType(bytes.subarray(0, 2048)) !== 'application/pdf') return [];
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    return readWordsOfPages(doc, 0, doc.countPages()).pages;
  } finally {
    doc.destroy();
  }
}
