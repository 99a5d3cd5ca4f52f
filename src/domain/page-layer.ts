// A file page's text layer, whatever it comes from (issue 54): the PDF's own text, the layout a
// converter drew (a converted file's rendition), or OCR of the page image when the page has no
// usable text (an image; a scanned PDF page). OCR is read once per file page and stored
// (src/storage/page-ocr.ts); everything that reads a page's text reads it through here.
import type { Config } from '../config/index.js';
import {
  configureOcr,
  ocrPageImage,
  pageTextInPool,
  PNG_PAGES,
  prepareImageInPool,
  renderPage,
  type ImageMediaType,
  type PageBox,
  type SupportedMediaType,
} from '../documents/index.js';
import type { Db } from '../storage/db.js';
import { claimPageOcr, getPageOcr, releasePageOcr, storePageOcr } from '../storage/page-ocr.js';

export type TextSource = 'pdf' | 'ocr' | 'converter' | 'none';

export interface LayerWord {
  text: string;
  box: PageBox;
  /** OCR words only: tesseract's confidence, 0..1. */
  confidence?: number;
}

export interface PageLayer {
  source: TextSource;
  text: string;
  words: LayerWord[];
  /** Set when OCR was due but gave nothing (past SERVICE_OCR_TIMEOUT_S). */
  warning?: string;
}

/**
 * A PDF page whose own text has fewer letters and digits than this is read with OCR: scanners put
 * a page number ("12") or a stray mark in an invisible layer now and then, which is no text layer.
 * Kept low: a digital page whose whole text is short ("Page 1", "Total") has a real text layer, and
 * OCR of it would only add cost (it made every short test PDF an OCR job).
 */
export const MIN_TEXT_LAYER_CHARS = 3;

const alnum = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').length;

/** Turns the process's OCR pool on or off to match the config (idempotent; cheap). */
export function ocrFromConfig(config: Config): boolean {
  if (config.ocr.mode === 'off') {
    configureOcr(null);
    return false;
  }
  configureOcr({ languages: config.ocr.languages, timeoutMs: config.ocr.timeoutMs, workers: config.ocr.workers });
  return true;
}

/** Readings in flight in this process, so two callers of one page wait for one reading. */
const inFlight = new Map<string, Promise<PageLayer>>();

/** A file's page source (a StoredDocument: ./stored-document.ts). */
export interface LayerFile {
  id: string;
  /** True when the page source is a converter's rendition (the file's kind is not pdf or image). */
  converted: boolean;
  /** The page source's type as stored; null: no pages to read. */
  pageType: SupportedMediaType | null;
  bytes: Buffer;
}

/**
 * The text layer of page `page` (1-based) of a file. A page with a text layer is never OCR'd; a
 * page without one is OCR'd once (or its stored reading returned).
 */
export async function readPageLayer(db: Db, config: Config, file: LayerFile, page: number): Promise<PageLayer> {
  const { pageType: kind, bytes } = file;
  if (!kind) return { source: 'none', text: '', words: [] };
  if (kind === 'application/pdf') {
    const layer = await pageTextInPool(bytes, page - 1);
    // A converter's layout is the document's own text however short; a PDF's must be more than a stray mark.
    if (alnum(layer.text) >= (file.converted ? 1 : MIN_TEXT_LAYER_CHARS)) return { source: file.converted ? 'converter' : 'pdf', text: layer.text, words: layer.words };
  }
  return ocrLayer(db, config, file.id, bytes, kind, page);
}

/** The stored OCR reading of a page, without reading it: undefined when not read yet. */
export async function storedOcrLayer(db: Db, fileId: string, page: number): Promise<PageLayer | undefined> {
  const stored = await getPageOcr(db, fileId, page);
  return stored ? { source: 'ocr', text: stored.text, words: stored.words } : undefined;
}

async function ocrLayer(db: Db, config: Config, fileId: string, bytes: Buffer, kind: string, page: number): Promise<PageLayer> {
  if (!ocrFromConfig(config)) return { source: 'none', text: '', words: [] };
  const key = `${fileId}#${page}`;
  const running = inFlight.get(key);
  if (running) return running;
  const reading = readOnce(db, config, fileId, bytes, kind, page).finally(() => inFlight.delete(key));
  inFlight.set(key, reading);
  return reading;
}

async function readOnce(db: Db, config: Config, fileId: string, bytes: Buffer, kind: string, page: number): Promise<PageLayer> {
  const deadline = Date.now() + config.ocr.timeoutMs;
  const timedOut = (): PageLayer => ({
    source: 'none',
    text: '',
    words: [],
    warning: `Page ${page} could not be read with OCR within ${config.ocr.timeoutMs / 1000} s (SERVICE_OCR_TIMEOUT_S): it has no text`,
  });
  for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
    const stored = await storedOcrLayer(db, fileId, page);
    if (stored) return stored;
    // A claim older than twice the time limit is a reader that died: take it over.
    if (await claimPageOcr(db, fileId, page, 2 * config.ocr.timeoutMs)) break;
    if (Date.now() > deadline) return timedOut();
    await new Promise((resolve) => setTimeout(resolve, wait)); // another process is reading this page
  }
  let stored = false;
  try {
    const image = await pageImageForOcr(bytes, kind, page, config);
    const result = await ocrPageImage(image);
    if (!result) return timedOut();
    await storePageOcr(db, fileId, page, result);
    stored = true;
    return { source: 'ocr', text: result.text, words: result.words };
  } finally {
    if (!stored) await releasePageOcr(db, fileId, page).catch(() => {});
  }
}

/** The page image OCR reads: the one the API serves (PDF pages rendered losslessly at the jobs' DPI). */
export async function pageImageForOcr(bytes: Buffer, kind: string, page: number, config: Config): Promise<Buffer> {
  if (kind === 'application/pdf') {
    const rendered = await renderPage(bytes, page - 1, { dpi: config.renderDpi, maxPixels: config.renderMaxPixels }, PNG_PAGES);
    return rendered.data;
  }
  const image = await prepareImageInPool(bytes, kind as ImageMediaType, { maxPixels: config.renderMaxPixels });
  return image.data;
}
