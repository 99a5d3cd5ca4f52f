// A stored file as one object (issue 49): what the upload already learnt of it — its kind, the type
// and bytes of its page source (its own bytes, or the PDF rendition a converter made), its page
// count — read from its row once per activity or request, never worked out again from the bytes;
// and its text source per page (the text layer owner: ./page-layer.ts, OCR where a page has no
// text). Every mupdf call behind it runs in the render pool. The API and the activities alike load it.
import type { Config } from '../config/index.js';
import {
  DocumentError,
  detectMediaType,
  inspectDocumentInPool,
  pagesWithTextInPool,
  pageWordsInPool,
  plainTextInPool,
  type FileKind,
  type SupportedMediaType,
  type Word,
} from '../documents/index.js';
import type { Db } from '../storage/db.js';
import { getPageFacts, recordPageCount } from '../storage/file-renditions.js';
import { readPageLayer, type PageLayer } from './page-layer.js';

/** The bytes a file's pages are read from (a cache's `get`): undefined when the file has no stored content. */
export type PageBytesOf = (fileId: string) => Promise<Buffer | undefined>;

export interface StoredDocument {
  readonly id: string;
  /** What the file is (pdf, image, document, spreadsheet, email ...). */
  readonly kind: FileKind;
  /** Whether its pages are a converter's rendition (the original stays what GET /content returns). */
  readonly pageSource: 'original' | 'rendition';
  /** True when its pages are a converter's layout (kind neither pdf nor image): its text layer is the document's own text. */
  readonly converted: boolean;
  /** The type of the page source: a PDF, or an image (one page); null when the service reads no pages of it. */
  readonly pageType: SupportedMediaType | null;
  /** The page source's bytes (in shared memory when from a cache: render threads keep the document open). */
  readonly bytes: Buffer;
  /**
   * The page count stored at upload, checked against SERVICE_MAX_PAGES as a job checks it (counted
   * once in the render pool, and stored, for a file stored without one).
   */
  pageCount(config: Config): Promise<number>;
  /** The text layer of page `page` (1-based): the PDF's own text, the converter's, or OCR (./page-layer.ts). */
  pageLayer(config: Config, page: number): Promise<PageLayer>;
  /** The words with boxes of every page of its own text layer (index 0 = page 1); null past `budgetMs`. */
  pageWords(budgetMs?: number): Promise<Word[][] | null>;
  /** Which of `pages` (1-based) have any text of their own. */
  pagesWithText(pages: number[]): Promise<Set<number>>;
  /** The plain text of its first pages' own text layer ('' for an image), for comparing documents. */
  plainText(): Promise<string>;
}

/** Why a file has no document: no row, or no stored content. */
export class StoredDocumentMissing extends Error {
  constructor(readonly fileId: string) {
    super(`File '${fileId}' has no stored content`);
  }
}

const IMAGE_OR_PDF = new Set<string>(['application/pdf', 'image/png', 'image/jpeg']);

/**
 * The stored file `fileId` with its page source read through `bytesOf`. Rejects with
 * StoredDocumentMissing when the file or its content is gone.
 */
export async function loadStoredDocument(db: Db, fileId: string, bytesOf: PageBytesOf): Promise<StoredDocument> {
  const [facts, bytes] = await Promise.all([getPageFacts(db, fileId), bytesOf(fileId)]);
  if (!facts || !bytes) throw new StoredDocumentMissing(fileId);
  // Rows written without a kind (before 0.6, or by a test) are PDFs or images.
  const kind = (facts.kind ?? (facts.media_type === 'application/pdf' ? 'pdf' : 'image')) as FileKind;
  // The page source's type as stored: a rendition is a PDF; a PDF or image is its own pages. Only a
  // row that says neither (written by hand) has its bytes looked at, once here.
  const pageType: SupportedMediaType | null = facts.has_rendition
    ? 'application/pdf'
    : IMAGE_OR_PDF.has(facts.media_type)
      ? (facts.media_type as SupportedMediaType)
      : detectMediaType(bytes.subarray(0, 2048));
  let counted: Promise<number> | undefined;
  const doc: StoredDocument = {
    id: fileId,
    kind,
    pageSource: facts.has_rendition ? 'rendition' : 'original',
    converted: kind !== 'pdf' && kind !== 'image',
    pageType,
    bytes,
    pageCount: (config) => (counted ??= pageCountOf(db, config, fileId, facts.page_count, pageType, bytes)),
    pageLayer: (config, page) => readPageLayer(db, config, doc, page),
    pageWords: async (budgetMs) => (pageType === 'application/pdf' ? pageWordsInPool(bytes, budgetMs) : []),
    pagesWithText: async (pages) => (pageType === 'application/pdf' ? pagesWithTextInPool(bytes, pages) : new Set()),
    plainText: async () => {
      if (pageType !== 'application/pdf') return '';
      try {
        return await plainTextInPool(bytes);
      } catch {
        return ''; // unreadable: nothing to compare
      }
    },
  };
  return doc;
}

/**
 * A file's page count without reading its bytes (a job's page range is checked against it when the
 * job is created): the stored count; only a file stored without one is loaded and counted.
 */
export async function filePageCount(db: Db, config: Config, fileId: string, bytesOf: PageBytesOf): Promise<number> {
  const facts = await getPageFacts(db, fileId);
  if (facts && facts.page_count !== null) return checkedCount(facts.page_count, config);
  const doc = await loadStoredDocument(db, fileId, bytesOf);
  if (!doc.pageType) throw new DocumentError('document_corrupt', `File '${fileId}' is not a PDF, PNG or JPEG`);
  return doc.pageCount(config);
}

const checkedCount = (count: number, config: Config): number => {
  if (count > config.maxPages) throw new DocumentError('document_too_many_pages', `The PDF has ${count} pages; at most ${config.maxPages} are accepted.`);
  return count;
};

/**
 * The stored page count, checked against SERVICE_MAX_PAGES as a job checks it. A file stored
 * without one is counted in the render pool (failing with the document's code when it cannot be
 * read) and the count stored, so it is counted once.
 */
async function pageCountOf(db: Db, config: Config, fileId: string, stored: number | null, pageType: SupportedMediaType | null, bytes: Buffer): Promise<number> {
  // Callers answer a file without pages in their own words (a job fails, a request is refused) before asking.
  if (!pageType) throw new Error(`File '${fileId}' has no pages the service reads`);
  if (stored !== null) return checkedCount(stored, config);
  const { pageCount } = await inspectDocumentInPool(bytes, pageType, { dpi: config.renderDpi, maxPixels: config.renderMaxPixels, maxPages: config.maxPages });
  await recordPageCount(db, fileId, pageCount);
  return pageCount;
}
