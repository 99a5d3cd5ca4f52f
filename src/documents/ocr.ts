// OCR of a page image (issue 54): tesseract.js (LSTM, WASM) with its language data read from the npm
// `@tesseract.js-data/<lang>` packages on disk — nothing is ever fetched (`cacheMethod: 'none'`, a
// local `langPath`). Workers are kept in a small bounded pool beside the render threads (each is a
// worker thread holding its language data); a page past its time limit gets no words and the
// worker that read it is terminated, so nothing hangs.
//
// Orientation: tesseract's OSD (`osd` data, legacy engine) called an upright SROIE receipt upside
// down with high confidence, so a page is read upright first and, when that reading is poor, at the
// other three quarter turns; the reading with the most confidently read characters wins. Boxes are
// mapped back to the unrotated page image (the one the API serves), as page fractions.
import { mkdtempSync, symlinkSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { readPngSize } from './image-header.js';
import type { default as SharpFactory } from 'sharp';
import type { Worker as TessWorker } from 'tesseract.js';

export interface OcrWord {
  text: string;
  /** Page fractions (0..1, origin top-left) of the page image as served. */
  box: { x0: number; y0: number; x1: number; y1: number };
  /** tesseract's confidence in the word, 0..1. */
  confidence: number;
}

export interface OcrResult {
  /** Words in reading order: joined by spaces, lines by a line break, blocks by a blank line. */
  text: string;
  words: OcrWord[];
  /** Quarter turn (clockwise) the page was read at: 0 for an upright page. */
  rotation: 0 | 90 | 180 | 270;
}

export interface OcrSettings {
  /** Tesseract language codes, each from its `@tesseract.js-data/<code>` package. */
  languages: string[];
  /** Per page, queue wait included: past it the page has no OCR words (null). */
  timeoutMs: number;
  /** Workers at most. */
  workers: number;
  /** Preprocessing (the bench turns parts off to measure them). */
  preprocess?: Partial<Preprocess>;
  /** tesseract parameters over the service's (the bench tries page segmentation modes with it). */
  params?: Record<string, string>;
  /** tesseract.js's worker script, or a wrapper around it (the no-network test blocks sockets in it). */
  workerPath?: string;
  /** Data variant directory in the packages: `4.0.0_best_int` (default) or `4.0.0` (fast + legacy). */
  dataVariant?: string;
}

export interface Preprocess {
  /** Images whose longer side is shorter than this are scaled up to it (small scans read badly). */
  minLongSide: number;
  /** Images whose shorter side is shorter than this are scaled up to it (a receipt's width sets its text size). */
  minShortSide: number;
  /** Grey scale before reading. */
  grayscale: boolean;
  /** Stretch contrast (faint scans). */
  normalise: boolean;
  /** Words read shorter than this (median, pixels) make a second reading, scaled up to `textHeight`. */
  minTextHeight: number;
  /** Word height (pixels) a page with small text is scaled up to for its second reading. */
  textHeight: number;
  /** Only a first reading whose mean confidence is below this makes the second reading of small print (1: any). */
  smallPrintConfidence: number;
  /** Try the other quarter turns when the upright reading is poor. */
  rotations: boolean;
  /** The second reading of small print covers only the region of the first reading's confident words (and a margin). */
  cropSmallPrint: boolean;
}

const DEFAULT_PREPROCESS: Preprocess = {
  minLongSide: 1000,
  minShortSide: 0,
  minTextHeight: 26,
  textHeight: 32,
  smallPrintConfidence: 0.75,
  cropSmallPrint: true,
  grayscale: true,
  normalise: false,
  rotations: true,
};

const requireHere = createRequire(import.meta.url);

/** The package directory holding `<lang>.traineddata.gz`; throws naming the package to install. */
export function ocrDataDir(lang: string, variant = '4.0.0_best_int'): string {
  let pkg: string;
  try {
    pkg = path.dirname(requireHere.resolve(`@tesseract.js-data/${lang}/package.json`));
  } catch {
    throw new Error(`OCR language '${lang}' needs the npm package @tesseract.js-data/${lang} (npm install @tesseract.js-data/${lang})`);
  }
  const dir = path.join(pkg, variant);
  if (!existsSync(path.join(dir, `${lang}.traineddata.gz`))) {
    throw new Error(`@tesseract.js-data/${lang} has no ${variant}/${lang}.traineddata.gz`);
  }
  return dir;
}

/** One directory with every language's data (tesseract.js reads all languages from one langPath). */
function langDirectory(languages: string[], variant: string): { dir: string; dispose: () => void } {
  if (languages.length === 1) return { dir: ocrDataDir(languages[0]!, variant), dispose: () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docextract-ocr-'));
  for (const lang of languages) symlinkSync(path.join(ocrDataDir(lang, variant), `${lang}.traineddata.gz`), path.join(dir, `${lang}.traineddata.gz`));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

type Sharp = typeof SharpFactory;
let sharpModule: Promise<Sharp | null> | undefined;
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(
    (m) => ((m as unknown as { default: Sharp }).default ?? (m as unknown as Sharp)),
    () => null,
  ));

interface Slot {
  worker: Promise<TessWorker> | null;
  busy: boolean;
}

interface Waiting {
  start: (slot: Slot) => void;
}

/**
 * A bounded pool of tesseract workers. Created lazily: a service that never meets a scan never
 * loads the data. `close()` terminates them all.
 */
export class OcrPool {
  private readonly slots: Slot[];
  private readonly queue: Waiting[] = [];
  private readonly langs: { dir: string; dispose: () => void };
  private readonly prep: Preprocess;
  private closed = false;
  /** Pages read and pages past their time limit, for metrics and tests. */
  readonly stats = { pages: 0, timeouts: 0, workersStarted: 0 };

  constructor(readonly settings: OcrSettings) {
    this.langs = langDirectory(settings.languages, settings.dataVariant ?? '4.0.0_best_int');
    this.slots = Array.from({ length: Math.max(1, settings.workers) }, () => ({ worker: null, busy: false }));
    this.prep = { ...DEFAULT_PREPROCESS, ...settings.preprocess };
  }

  /** The words of a page image (PNG or JPEG bytes), or null when the page ran past the time limit. */
  async read(image: Buffer): Promise<OcrResult | null> {
    if (this.closed) throw new Error('The OCR pool is closed');
    const deadline = Date.now() + this.settings.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    let slot: Slot | undefined;
    let released = false;
    let timedOut = false;
    const expired = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        timedOut = true;
        resolve(null);
      }, Math.max(1, deadline - Date.now()));
    });
    const work = (async () => {
      const mine = await this.acquire(() => timedOut);
      slot = mine;
      if (timedOut) return null;
      const worker = await this.workerOf(mine);
      if (timedOut) return null;
      return this.recognise(worker, image, () => timedOut);
    })();
    work.catch(() => {}); // a terminated worker's rejection after the timeout has nobody to tell
    try {
      const result = await Promise.race([work, expired]);
      if (result === null && timedOut) {
        this.stats.timeouts++;
        // The worker is mid-page and cannot be interrupted: it is dropped and a new one starts on demand.
        if (slot) {
          released = true;
          this.discard(slot);
        }
      } else if (result) {
        this.stats.pages++;
      }
      return result;
    } finally {
      clearTimeout(timer);
      if (slot && !released) this.release(slot);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.slots.map((s) => s.worker).filter((w): w is Promise<TessWorker> => w !== null);
    for (const s of this.slots) s.worker = null;
    await Promise.all(workers.map((w) => w.then((x) => x.terminate()).catch(() => {})));
    this.langs.dispose();
  }

  private acquire(cancelled: () => boolean): Promise<Slot> {
    const free = this.slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => {
      const entry: Waiting = {
        start: (slot) => {
          if (cancelled()) {
            // Its caller gave up while it waited: hand the slot on.
            this.release(slot);
            return;
          }
          slot.busy = true;
          resolve(slot);
        },
      };
      this.queue.push(entry);
    });
  }

  private release(slot: Slot): void {
    slot.busy = false;
    const next = this.queue.shift();
    if (next) next.start(slot);
  }

  private discard(slot: Slot): void {
    const w = slot.worker;
    slot.worker = null;
    void w?.then((x) => x.terminate()).catch(() => {});
    this.release(slot);
  }

  private async workerOf(slot: Slot): Promise<TessWorker> {
    if (!slot.worker) {
      const { createWorker, OEM } = await import('tesseract.js');
      this.stats.workersStarted++;
      slot.worker = createWorker(this.settings.languages.join('+'), OEM.LSTM_ONLY, {
        langPath: this.langs.dir,
        cacheMethod: 'none',
        gzip: true,
        ...(this.settings.workerPath ? { workerPath: this.settings.workerPath } : {}),
      });
      slot.worker.catch(() => {
        if (slot.worker) slot.worker = null;
      });
      const w = await slot.worker;
      // One DPI for every page (images carry none). Sauvola thresholds (thresholding_method 2) found
      // more totals and dates on the receipts but lost a third of the small receipt's words: Otsu stays.
      await w.setParameters({ preserve_interword_spaces: '0', user_defined_dpi: '300', ...this.settings.params });
    }
    return slot.worker;
  }

  private async recognise(worker: TessWorker, image: Buffer, cancelled: () => boolean): Promise<OcrResult | null> {
    const sharp = await loadSharp();
    const upright = await this.pass(worker, sharp, image, 0);
    let best = upright;
    if (this.prep.rotations && sharp && poor(upright)) {
      for (const turn of [90, 270, 180] as const) {
        if (cancelled()) return null;
        const next = await this.pass(worker, sharp, image, turn);
        if (next.score > best.score) best = next;
        if (!poor(best)) break;
      }
    }
    // Small print (a receipt photographed whole on a large page, a narrow thermal slip) reads better
    // scaled up; the words' own height says how small it is and their mean confidence whether the
    // first reading struggled, so only such pages pay for a second reading — of the region where the
    // first found confident words (a page's margins and speckle are not scaled up), at a word height
    // of `textHeight`. The better-scored reading is kept (issue 54, bench/RESULTS.md).
    if (sharp && best.textHeight > 0 && best.textHeight < this.prep.minTextHeight && best.mean < this.prep.smallPrintConfidence) {
      if (cancelled()) return null;
      const factor = Math.min(3, this.prep.textHeight / best.textHeight);
      const larger = await this.pass(worker, sharp, image, best.result.rotation, factor, this.prep.cropSmallPrint ? best.region : undefined);
      if (larger.score > best.score) best = larger;
    }
    return best.result;
  }

  private async pass(worker: TessWorker, sharp: Sharp | null, image: Buffer, turn: 0 | 90 | 180 | 270, scale = 1, region?: Region): Promise<Pass> {
    const input = sharp ? await prepare(sharp, image, turn, this.prep, scale, region) : { data: image, width: 0, height: 0 };
    const { data } = await worker.recognize(input.data, {}, { text: false, blocks: true });
    return readBlocks(data.blocks ?? [], input, turn, region);
  }
}

interface Pass {
  result: OcrResult;
  /** Characters read with confidence ≥ 0.6 (letters and digits). */
  score: number;
  /** Confidence over every letter and digit read, 0..1. */
  mean: number;
  /** Letters and digits per word: a sideways page read upright gives fragments of one or two. */
  wordLength: number;
  /** Share of the words of ≥ 2 letters or digits whose box is taller than wide (text running down the page). */
  tall: number;
  /** Median height in pixels of the image read of the words of ≥ 2 letters or digits; 0 when none. */
  textHeight: number;
  /** Extent of the confidently read words (≥ 2 letters or digits), with a margin: fractions of the page as turned for the reading. */
  region?: Region;
}

/** A part of the page as turned for a reading, in fractions (0..1) of its width and height. */
interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A reading worth a second look at other orientations: little read, read with little confidence, or
 * most words standing upright (tesseract reads some sideways lines as vertical text, confidently).
 */
const poor = (p: Pass) => p.mean < 0.6 || p.score < 8 || p.tall > 0.5 || (p.wordLength < 2.5 && p.mean < 0.75);

async function prepare(sharp: Sharp, image: Buffer, turn: number, prep: Preprocess, scale: number, region?: Region): Promise<{ data: Buffer; width: number; height: number }> {
  let s = sharp(image, { failOn: 'none' });
  const meta = await s.metadata();
  const long = Math.max(meta.width ?? 0, meta.height ?? 0);
  const short = Math.min(meta.width ?? 0, meta.height ?? 0);
  if (turn) s = s.rotate(turn);
  let width = turn === 90 || turn === 270 ? meta.height! : meta.width!;
  const height = turn === 90 || turn === 270 ? meta.width! : meta.height!;
  if (region && width > 0 && height > 0) {
    // Called before resize: the region is cut from the turned page at its own size, then scaled.
    const left = Math.floor(region.x0 * width);
    const top = Math.floor(region.y0 * height);
    const cut = { left, top, width: Math.max(1, Math.min(width, Math.ceil(region.x1 * width)) - left), height: Math.max(1, Math.min(height, Math.ceil(region.y1 * height)) - top) };
    s = s.extract(cut);
    width = cut.width;
  }
  if (prep.grayscale) s = s.grayscale();
  if (prep.normalise) s = s.normalise();
  const factor = short > 0 ? Math.max(prep.minLongSide / long, prep.minShortSide / short, 1) * scale : 1;
  if (factor > 1) {
    s = s.resize({ width: Math.round(width * factor), kernel: 'lanczos3' });
  }
  const { data, info } = await s.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

type Block = NonNullable<Awaited<ReturnType<TessWorker['recognize']>>['data']['blocks']>[number];

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1e5) / 1e5;

/** A point of the page read at `turn` (fractions) back on the unrotated page. */
function unturn(u: number, v: number, turn: number): [number, number] {
  switch (turn) {
    case 90:
      return [v, 1 - u];
    case 180:
      return [1 - u, 1 - v];
    case 270:
      return [1 - v, u];
    default:
      return [u, v];
  }
}

function readBlocks(blocks: Block[], input: { data: Buffer; width: number; height: number }, turn: 0 | 90 | 180 | 270, region?: Region): Pass {
  // Without sharp the image is read as it is: a PNG's header gives its size, a JPEG's is found from the words' extent.
  const size = input.width > 0 ? input : (readPngSize(input.data) ?? extent(blocks));
  const w = size.width;
  const h = size.height;
  // Fractions of the image read → fractions of the page as turned (the image read may be a region of it).
  const r = region ?? { x0: 0, y0: 0, x1: 1, y1: 1 };
  const pageX = (x: number) => r.x0 + (x / w) * (r.x1 - r.x0);
  const pageY = (y: number) => r.y0 + (y / h) * (r.y1 - r.y0);
  const confident = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const words: OcrWord[] = [];
  const paragraphs: string[] = [];
  let score = 0;
  let confSum = 0;
  let chars = 0;
  const heights: number[] = [];
  let tall = 0;
  let counted = 0;
  for (const block of blocks) {
    for (const para of block.paragraphs ?? []) {
      const lines: string[] = [];
      for (const line of para.lines ?? []) {
        const lineWords: string[] = [];
        for (const word of line.words ?? []) {
          const text = word.text.trim();
          if (!text || !(w > 0 && h > 0)) continue;
          const confidence = Math.round(Math.min(100, Math.max(0, word.confidence))) / 100;
          const { x0, y0, x1, y1 } = word.bbox;
          const [ax, ay] = unturn(pageX(x0), pageY(y0), turn);
          const [bx, by] = unturn(pageX(x1), pageY(y1), turn);
          words.push({ text, confidence, box: { x0: round(Math.min(ax, bx)), y0: round(Math.min(ay, by)), x1: round(Math.max(ax, bx)), y1: round(Math.max(ay, by)) } });
          lineWords.push(text);
          const alnum = text.replace(/[^\p{L}\p{N}]/gu, '').length;
          chars += alnum;
          if (alnum > 0) counted++;
          if (alnum >= 2) {
            heights.push(y1 - y0);
            if (y1 - y0 > x1 - x0) tall++;
            if (confidence >= 0.6) {
              confident.x0 = Math.min(confident.x0, pageX(x0));
              confident.y0 = Math.min(confident.y0, pageY(y0));
              confident.x1 = Math.max(confident.x1, pageX(x1));
              confident.y1 = Math.max(confident.y1, pageY(y1));
            }
          }
          confSum += alnum * confidence;
          if (confidence >= 0.6) score += alnum;
        }
        if (lineWords.length > 0) lines.push(lineWords.join(' '));
      }
      if (lines.length > 0) paragraphs.push(lines.join('\n'));
    }
  }
  heights.sort((a, b) => a - b);
  const textHeight = heights.length > 0 ? heights[heights.length >> 1]! : 0;
  // The margin: four text heights (a line above and below that was read with little confidence).
  const mx = w > 0 ? ((4 * textHeight) / w) * (r.x1 - r.x0) : 0;
  const my = h > 0 ? ((4 * textHeight) / h) * (r.y1 - r.y0) : 0;
  const extentRead =
    confident.x1 > confident.x0
      ? { x0: Math.max(0, confident.x0 - mx), y0: Math.max(0, confident.y0 - my), x1: Math.min(1, confident.x1 + mx), y1: Math.min(1, confident.y1 + my) }
      : undefined;
  return { result: { text: paragraphs.join('\n\n'), words, rotation: turn }, score, mean: chars > 0 ? confSum / chars : 0, wordLength: counted > 0 ? chars / counted : 0, tall: heights.length > 0 ? tall / heights.length : 0, textHeight, region: extentRead };
}

function extent(blocks: Block[]): { width: number; height: number } {
  let width = 0;
  let height = 0;
  for (const b of blocks) {
    width = Math.max(width, b.bbox.x1);
    height = Math.max(height, b.bbox.y1);
  }
  return { width, height };
}

let shared: OcrPool | undefined;
let sharedSettings: OcrSettings | undefined;

/** Sets the process's OCR pool settings (the worker and API processes call it with their config). */
export function configureOcr(next: OcrSettings | null): void {
  const key = JSON.stringify(next);
  if (key === JSON.stringify(sharedSettings ?? null)) return;
  const old = shared;
  shared = undefined;
  sharedSettings = next ?? undefined;
  void old?.close();
}

/** Reads a page image with the process's pool; null when OCR is off or the page ran past its time limit. */
export async function ocrPageImage(image: Buffer): Promise<OcrResult | null> {
  if (!sharedSettings) return null;
  shared ??= new OcrPool(sharedSettings);
  return shared.read(image);
}

/** Whether OCR is configured in this process. */
export function ocrEnabled(): boolean {
  return sharedSettings !== undefined;
}

export async function closeOcr(): Promise<void> {
  const old = shared;
  shared = undefined;
  await old?.close();
}
