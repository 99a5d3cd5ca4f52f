import type { Config } from '../src/config/index.js';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { isId } from '../src/domain/ids.js';
import { ServiceError } from '../src/errors.js';
import { clearCallRetry, recordCallFailure, setNextAttempt } from '../src/storage/call-retries.js';
import { detectMediaType, pageImageFormat, prepareImageInPool, renderPage } from '../src/documents/index.js';
import { loadStoredDocument, StoredDocumentMissing, type StoredDocument } from '../src/domain/stored-document.js';
import { imageInput } from '../src/providers/content.js';
import type { ImageInput } from '../src/providers/types.js';
import type { Db } from '../src/storage/db.js';
import { FileBytesCache } from '../src/storage/file-bytes-cache.js';
import { jobFailure } from './failures.js';
import { HEARTBEAT_EVERY_MS } from './heartbeat.js';

/**
 * File bytes by id, with a small in-process cache: a parse job's page activities all read the
 * same document, and reading 50 MiB from Postgres once per page would dominate the work.
 */
export class DocumentCache {
  private readonly files: FileBytesCache;

  constructor(
    private readonly db: Db,
    maxBytes = 256 * 1024 * 1024,
  ) {
    this.files = new FileBytesCache(maxBytes);
  }

  /**
   * The stored file as one object (src/domain/stored-document.ts): its kind, page source and page
   * count as stored at upload, its bytes from this cache. A job reads its pages only through it.
   */
  async load(fileId: string): Promise<StoredDocument> {
    let doc: StoredDocument;
    try {
      doc = await loadStoredDocument(this.db, fileId, (id) => this.files.get(this.db, id));
    } catch (err) {
      if (err instanceof StoredDocumentMissing) throw jobFailure('file_missing', `File '${fileId}' has no stored content`);
      if (err instanceof ServiceError && err.code === 'storage_unavailable') throw await waitForStorage(this.db, err);
      throw err;
    }
    const job = runningJob();
    if (job && job.attempt > 1) await clearCallRetry(this.db, job.id, STORAGE_CALL_KEY).catch(() => {});
    return doc;
  }
}

/** The job's call-retry row that says its file's bucket could not be reached. */
const STORAGE_CALL_KEY = 'storage';
/** How soon an activity that found the bucket unreachable tries again. */
const STORAGE_RETRY_DELAY_MS = 5_000;

/** The ids of jobs (their workflows run under them); batches, runs and candidates are not jobs. */
const JOB_ID_KINDS = ['extractionJob', 'parseJob', 'classificationJob', 'schemaSuggestion'] as const;

/** The job whose activity this is (job workflows run under the job's id), and the attempt. */
function runningJob(): { id: string; attempt: number } | undefined {
  try {
    const info = Context.current().info;
    const id = info.workflowExecution?.workflowId ?? '';
    return JOB_ID_KINDS.some((kind) => isId(kind, id)) ? { id, attempt: info.attempt } : undefined;
  } catch {
    return undefined; // not inside an activity (tests, benchmarks)
  }
}

/**
 * The bucket holding the job's file is unreachable (issue 53): the job waits rather than fails. Its
 * `retry` says `storage_unavailable` (a call-retry row, as for a provider's transient failure) and
 * the activity is retried every few seconds, within its retry policy's time, until the bucket answers.
 */
async function waitForStorage(db: Db, err: ServiceError): Promise<ApplicationFailure> {
  const job = runningJob();
  if (job) {
    const now = new Date();
    await recordCallFailure(db, job.id, STORAGE_CALL_KEY, { code: err.code, message: err.message }, now)
      .then(() => setNextAttempt(db, job.id, STORAGE_CALL_KEY, new Date(now.getTime() + STORAGE_RETRY_DELAY_MS)))
      .catch(() => {}); // the database away too: the retry still happens, unseen
  }
  return ApplicationFailure.create({ message: err.message, type: 'storage_unavailable', nextRetryDelay: STORAGE_RETRY_DELAY_MS });
}

export type DocumentKind = 'application/pdf' | 'image/png' | 'image/jpeg';

/** A job's pages: a stored document (its page type as stored), or bare bytes (tests, benchmarks: sniffed once here). */
export type PageBytes = Buffer | Pick<StoredDocument, 'bytes' | 'pageType'>;

/** The bytes and type of a job's pages; fails the job when they are not a PDF or an image. */
export function pagesOf(source: PageBytes): { bytes: Buffer; kind: DocumentKind } {
  const bytes = Buffer.isBuffer(source) ? source : source.bytes;
  const kind = Buffer.isBuffer(source) ? detectMediaType(source.subarray(0, 2048)) : source.pageType;
  if (!kind) throw jobFailure('unsupported_media_type', 'The file is not a PDF, PNG or JPEG');
  return { bytes, kind };
}

/** The page count stored at upload; fails the job when the file has no pages (not a PDF or an image) or too many. */
export async function pageCountOf(doc: StoredDocument, config: Config): Promise<number> {
  pagesOf(doc);
  return doc.pageCount(config);
}

const limits = (config: Config) => ({ dpi: config.renderDpi, maxPixels: config.renderMaxPixels, maxPages: config.maxPages });

/**
 * Pages rendered ahead of the activities that need them: while the pages (or windows) in flight
 * are at the model, the render threads prepare the next ones, so an activity usually finds its
 * images ready. Bounded: at most `ahead` pages not yet asked for are kept per document (each
 * ~1 MB of base64), and an image nobody asks for within `ttlMs` (a stopped job) is dropped.
 */
export class PagePrefetch {
  private readonly ready = new Map<string, { image: Promise<ImageInput>; fileKey: string; at: number }>();
  /** Pages already handed out (or rendered by their own activity), so they are not rendered again. */
  private readonly served = new Map<string, number>();

  constructor(
    private readonly ahead: number,
    private readonly ttlMs = 60_000,
  ) {}

  /** Page `pageNumber`'s image (from the prefetch when there), and the next pages started. */
  image(fileId: string, bytes: PageBytes, pageNumber: number, pagesTotal: number, config: Config): Promise<ImageInput> {
    return this.images(fileId, bytes, pageNumber, pageNumber, pagesTotal, config)[0]!;
  }

  /** Starts rendering pages from `first` on (as many as are kept ahead), for activities still to come. */
  start(fileId: string, bytes: PageBytes, first: number, pagesTotal: number, config: Config): void {
    this.images(fileId, bytes, first, first - 1, pagesTotal, config);
  }

  /** Pages first..last (from the prefetch where there, in page order), and the pages after `last` started. */
  images(fileId: string, bytes: PageBytes, first: number, last: number, pagesTotal: number, config: Config): Array<Promise<ImageInput>> {
    const now = Date.now();
    this.sweep(now);
    // Everything that changes a page's image, so images made with other settings are never served.
    const fileKey = `${fileId}@${config.renderDpi}/${config.renderMaxPixels}/${config.renderFormat}${config.renderFormat === 'jpeg' ? config.renderJpegQuality : ''}`;
    const images: Array<Promise<ImageInput>> = [];
    for (let n = first; n <= last; n++) {
      const key = `${fileKey}#${n}`;
      const hit = this.ready.get(key);
      this.ready.delete(key);
      this.served.set(key, now);
      const image = hit?.image ?? pageImage(bytes, n, config);
      image.catch(() => {}); // surfaced to the caller, who awaits it
      images.push(image);
    }
    if (this.ahead > 0) {
      let queued = 0;
      for (const entry of this.ready.values()) if (entry.fileKey === fileKey) queued++;
      for (let n = last + 1; n <= pagesTotal && queued < this.ahead; n++) {
        const next = `${fileKey}#${n}`;
        if (this.ready.has(next) || this.served.has(next)) continue;
        const pending = pageImage(bytes, n, config);
        pending.catch(() => {}); // surfaced to the activity that takes it, if any
        this.ready.set(next, { image: pending, fileKey, at: now });
        queued++;
      }
    }
    return images;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.ready) if (now - entry.at > this.ttlMs) this.ready.delete(key);
    if (this.served.size > 20_000) this.served.clear();
    for (const [key, at] of this.served) if (now - at > 10 * this.ttlMs) this.served.delete(key);
  }
}

/** One page as an image for the model: a rendered PDF page, or the image itself (scaled past the cap). */
export async function pageImage(source: PageBytes, pageNumber: number, config: Config): Promise<ImageInput> {
  const { bytes, kind } = pagesOf(source);
  if (kind === 'application/pdf') {
    // Rendered and encoded (PNG, or JPEG: SERVICE_RENDER_FORMAT) in a render thread; the image is moved here, not copied.
    const page = await renderPage(bytes, pageNumber - 1, limits(config), pageImageFormat(config));
    return imageInput(page.mediaType, page.data);
  }
  const image = await prepareImageInPool(bytes, kind, { maxPixels: config.renderMaxPixels });
  return imageInput(image.mediaType, image.data);
}

/**
 * Pages first..last of a document as images, in page order. As many renders are queued as there
 * are render threads, so every thread is busy, while a long range does not fill the pool's queue
 * ahead of other jobs' pages.
 */
export async function pageImages(bytes: PageBytes, first: number, last: number, config: Config): Promise<ImageInput[]> {
  const inFlight = Math.max(2, config.renderThreads);
  const pending: Array<Promise<ImageInput>> = [];
  const images: ImageInput[] = [];
  for (let n = first; n <= last || pending.length > 0; ) {
    while (n <= last && pending.length < inFlight) {
      const page = pageImage(bytes, n++, config);
      page.catch(() => {}); // awaited below, or abandoned after an earlier page failed
      pending.push(page);
    }
    images.push(await pending.shift()!);
  }
  return images;
}

/** Every page of a document as images (extraction of a document that fits one request). */
export async function allPageImages(doc: StoredDocument, config: Config): Promise<ImageInput[]> {
  const pages = await pageCountOf(doc, config);
  // Every page goes into one model request: bound it, as no model reads hundreds of images at once.
  if (pages > config.extractionMaxPages) {
    throw jobFailure(
      'document_too_many_pages',
      `The document has ${pages} pages; extraction reads at most ${config.extractionMaxPages} (SERVICE_EXTRACTION_MAX_PAGES)`,
    );
  }
  return pageImages(doc, 1, pages, config);
}

/** Where a job's page texts are read from: the file (its text source per page) and who logs warnings. */
export interface PageTextSource {
  config: Config;
  doc: StoredDocument;
  logger?: { warn(obj: object, msg: string): void };
}

/**
 * The text layers of pages first..last (null for a page without text), to go beside the page
 * images in an extraction request: a PDF's own text, or the page's OCR reading (read now, once per
 * file page, when not stored yet: src/domain/page-layer.ts). Read under heartbeats, so a long OCR
 * keeps the activity alive and a cancellation reaches it. They count against the request's budget
 * of `budgetChars` characters (SERVICE_EXTRACTION_WINDOW_CHARS): the page that crosses it is cut
 * there (and says so), the pages after it send their images only. A page whose OCR ran past
 * SERVICE_OCR_TIMEOUT_S goes with its image only, and a warning is logged.
 */
export async function pageTexts(source: PageTextSource, first: number, last: number, budgetChars: number): Promise<Array<string | null>> {
  const count = last - first + 1;
  const layers = await whileHeartbeating(() =>
    Promise.all(Array.from({ length: count }, (_, i) => source.doc.pageLayer(source.config, first + i))),
  );
  let left = budgetChars;
  return layers.map(({ text, warning }, i) => {
    if (warning) source.logger?.warn({ file_id: source.doc.id, page: first + i }, warning);
    if (!text || left <= 0) return null;
    const kept = text.length <= left ? text : `${text.slice(0, left)}\n[text layer cut here: the request's text budget is spent]`;
    left -= text.length;
    return kept;
  });
}

/** Runs `fn` with heartbeats when called in an activity (OCR of a page may take seconds). */
async function whileHeartbeating<T>(fn: () => Promise<T>): Promise<T> {
  let ctx: Context | undefined;
  try {
    ctx = Context.current();
  } catch {
    return fn(); // not in an activity
  }
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), HEARTBEAT_EVERY_MS);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}
