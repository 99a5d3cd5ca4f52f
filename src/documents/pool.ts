// mupdf off the event loop: every rasterising, page encoding, document inspection and image scaling
// runs in a pool of worker threads (piscina) sized to the cores, each with its own mupdf WASM
// instance. WASM memory never shrinks, so a thread whose mupdf heap grew past a limit (a huge
// image, a giant page) is retired after its task and a fresh one takes over; idle threads exit,
// returning their memory too.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { DocumentError } from './errors.js';
import type { RenderLimits } from './geometry.js';
import { loadNativeCodec, PNG_PAGES, type PageImageFormat } from './page-codec.js';
import { forwardMupdfLog, type DocumentInfo, type ImageMediaType, type InspectLimits, type PreparedImage, type RenderedPage } from './render.js';
import type { RenderTask, TaskOutcome } from './render-task.js';
import { reportUnreadableText } from './reader-log.js';
import { mupdfEntry, renderTaskBundle } from './task-bundle.js';
import type { SupportedMediaType } from './sniff.js';
import { renderDuration } from '../metrics/index.js';
import type { PageText, TextBox, TextQuery } from './text-layer.js';
import type { FormatId } from './formats/catalog.js';
import type { ConvertContext } from './formats/registry.js';
import type { Rendition } from './formats/types.js';
import type { EmailConversion, EmailMediaType } from './formats/email.js';
import type { FormReading } from './pdf-form.js';
import type { PageWords, Word } from './page-words.js';
import type { SearchablePage } from './searchable-pdf.js';

export interface RenderPoolSettings {
  /** Threads at most (SERVICE_RENDER_THREADS); default: the cores. */
  threads: number;
  /** A thread whose mupdf heap is larger than this after a task is replaced (SERVICE_RENDER_THREAD_MAX_MIB). */
  maxWasmBytes: number;
  /** A thread idle this long exits (and frees its memory); a new one starts on demand. */
  idleTimeoutMs: number;
  /** Scheduling niceness of the threads (Linux; SERVICE_RENDER_NICENESS): 0 keeps the process's. */
  niceness: number;
  /** Encode pages with the native codec (sharp) when it loads; false: the built-in encoders (benchmarks). */
  nativeCodec: boolean;
  /** Where the one warning goes when the native codec cannot be loaded (default: process.emitWarning). */
  warn?: (message: string) => void;
  /**
   * Conversions (uploads in other formats than PDF and images, e-mails) running at once, at most
   * (SERVICE_CONVERSION_CONCURRENCY): each may hold a few hundred MiB while it runs; more wait.
   */
  conversions: number;
}

export const DEFAULT_RENDER_POOL: RenderPoolSettings = {
  threads: Math.max(1, os.availableParallelism()),
  maxWasmBytes: 256 * 1024 * 1024,
  idleTimeoutMs: 30_000,
  niceness: 10,
  nativeCodec: true,
  conversions: 2,
};

type Outcome = TaskOutcome & { wasmBytes: number; tasks: number };

let settings: RenderPoolSettings = DEFAULT_RENDER_POOL;
let current: Piscina<RenderTask, Outcome> | undefined;
const retiring = new Set<Promise<void>>();
let retired = 0;
let largestWasmBytes = 0;

/** Sets the pool's size and limits (the worker process calls it with its config); takes effect for new tasks. */
export function configureRenderPool(next: Partial<RenderPoolSettings>): void {
  settings = { ...settings, ...next };
  if (current) retire(current);
}

/** Pool statistics for benchmarks and tests. */
export function renderPoolStats(): {
  threads: number;
  retired: number;
  largestWasmBytes: number;
  settings: RenderPoolSettings;
  /** The encoder of the current pool's threads: sharp, or the built-in encoders (none before the first task). */
  codec: 'native' | 'built-in' | null;
  /** Conversions running now, waiting for a turn, and the most that ever ran at once. */
  conversions: { running: number; waiting: number; peak: number };
} {
  return {
    threads: current?.threads.length ?? 0,
    retired,
    largestWasmBytes,
    settings,
    codec: current ? currentCodec : null,
    conversions: { running: conversionsRunning, waiting: conversionQueue.length, peak: conversionsPeak },
  };
}

let conversionsRunning = 0;
let conversionsPeak = 0;
const conversionQueue: Array<() => void> = [];

/**
 * Runs `fn` once fewer than `settings.conversions` conversions run, in arrival order. The wait is
 * not part of the conversion's time (SERVICE_CONVERSION_TIMEOUT_S starts when it runs).
 */
async function asConversion<T>(fn: () => Promise<T>): Promise<T> {
  if (conversionsRunning >= Math.max(1, settings.conversions)) await new Promise<void>((resolve) => conversionQueue.push(resolve));
  else conversionsRunning++;
  conversionsPeak = Math.max(conversionsPeak, conversionsRunning);
  try {
    return await fn();
  } finally {
    // The turn passes straight to the next waiter (the count stays), or the count drops.
    const next = conversionQueue.shift();
    if (next) next();
    else conversionsRunning--;
  }
}

/** Waits for running tasks, then stops every thread. The next task starts a new pool. */
export async function closeRenderPool(): Promise<void> {
  if (current) retire(current);
  await Promise.all([...retiring]);
}

/**
 * Starts every render thread that is not running yet, without waiting for them: a job about to
 * render pages calls it before reading its file, so the threads load mupdf (~100 ms each) while
 * the file is read, not when the first pages are waited for. Idle threads still exit as usual.
 */
export function warmRenderPool(): void {
  // Queued tasks make piscina start threads up to its maximum; each task returns at once.
  for (let i = 0; i < settings.threads; i++) void run({ op: 'warm' }).catch(() => {});
}

/** Renders one PDF page (zero-based) to PNG, or `format`, in a render thread; see renderPageOnThisThread. */
export async function renderPage(bytes: Buffer, pageIndex: number, limits: RenderLimits, format: PageImageFormat = PNG_PAGES): Promise<RenderedPage> {
  const value = await run({ op: 'render', bytes, key: documentKey(bytes), pageIndex, limits, format });
  const page = value as RenderedPage;
  return { ...page, data: asBuffer(page.data) };
}

/**
 * Text-layer search (openTextLayer's find) in a render thread: the boxes of each query, in order.
 * Structured text of a page is extracted once per call however many queries name it.
 */
export async function findTextInPool(bytes: Buffer, queries: TextQuery[]): Promise<TextBox[][]> {
  if (queries.length === 0) return [];
  // Many searches (a long document's provenance) are split by page between the threads: each
  // part builds the structured text of its own pages only.
  const parts = splitByFirstPage(queries, Math.min(settings.threads, Math.ceil(queries.length / MIN_QUERIES_PER_TASK)));
  const key = documentKey(bytes);
  const answers = await Promise.all(parts.map((part) => run({ op: 'locate', bytes, key, queries: part.map((i) => queries[i]!) }) as Promise<TextBox[][]>));
  const out: TextBox[][] = new Array(queries.length);
  parts.forEach((part, p) => part.forEach((i, j) => (out[i] = answers[p]![j] ?? [])));
  return out;
}

/** Fewer searches than this per task are not worth a task of their own. */
const MIN_QUERIES_PER_TASK = 32;

/** Query indexes in `count` parts of nearly equal size, ordered by each query's first page. */
export function splitByFirstPage(queries: TextQuery[], count: number): number[][] {
  const order = queries.map((_, i) => i).sort((a, b) => (queries[a]!.pages[0] ?? 0) - (queries[b]!.pages[0] ?? 0) || a - b);
  const n = Math.max(1, Math.min(count, order.length));
  const size = Math.ceil(order.length / n);
  return Array.from({ length: n }, (_, p) => order.slice(p * size, (p + 1) * size)).filter((part) => part.length > 0);
}

/**
 * The upload converted to its rendition in a render thread (formats/registry.ts). A conversion
 * still running after `context.timeoutMs` is stopped with its thread (conversion_timeout): a
 * converter stuck inside mupdf cannot be interrupted any other way.
 */
export async function convertInPool(bytes: Buffer, format: FormatId, context: ConvertContext): Promise<Rendition> {
  const rendition = (await asConversion(() => run({ op: 'convert', bytes, format, context }, context.timeoutMs))) as Rendition;
  return { ...rendition, pdf: rendition.pdf ? asBuffer(rendition.pdf) : null };
}

/**
 * An e-mail parsed and laid out in a render thread (formats/email.ts): its rendition and its
 * attachments, within `timeoutMs` (conversion_timeout), off the API's event loop.
 */
export async function emailInPool(bytes: Buffer, mediaType: EmailMediaType, opts: { maxPages: number; timeoutMs: number }): Promise<EmailConversion> {
  const conversion = (await asConversion(() => run({ op: 'email', bytes, mediaType, maxPages: opts.maxPages }, opts.timeoutMs))) as EmailConversion;
  const { rendition } = conversion;
  return { ...conversion, rendition: { ...rendition, pdf: rendition.pdf ? asBuffer(rendition.pdf) : null } };
}

/** The text layer of one page (zero-based) of a PDF, with its words' boxes, in a render thread. */
export async function pageTextInPool(bytes: Buffer, pageIndex: number): Promise<PageText> {
  return (await run({ op: 'text', bytes, key: documentKey(bytes), pageIndex })) as PageText;
}

/** Pages read per 'words' task: between tasks the caller's time budget is checked and other tasks get a thread. */
const WORD_PAGES_PER_TASK = 8;

/**
 * The words with their boxes of every page of a PDF (index 0 = page 1), read in the render threads
 * a few pages per task. With `budgetMs`, reading stops past it and null is returned (the worker
 * completing a job must not wait on a very long document).
 */
export async function pageWordsInPool(bytes: Buffer, budgetMs?: number): Promise<Word[][] | null> {
  const deadline = budgetMs === undefined ? Infinity : Date.now() + budgetMs;
  const key = documentKey(bytes);
  const pages: Word[][] = [];
  for (let pageCount = Infinity; pages.length < pageCount; ) {
    if (Date.now() > deadline) return null;
    const part = (await run({ op: 'words', bytes, key, first: pages.length, count: WORD_PAGES_PER_TASK })) as PageWords;
    pageCount = part.pageCount;
    if (part.pages.length === 0) break;
    pages.push(...part.pages);
  }
  return pages;
}

/** The pages (one-based) of `pages` that have any text in the PDF's own text layer, in a render thread. */
export async function pagesWithTextInPool(bytes: Buffer, pages: number[]): Promise<Set<number>> {
  if (pages.length === 0) return new Set();
  return new Set((await run({ op: 'hasText', bytes, key: documentKey(bytes), pages })) as number[]);
}

/** The plain text of the first `maxPages` pages of a PDF, cut at `maxChars` (plain-text.ts), in a render thread; '' for anything else. */
export async function plainTextInPool(bytes: Buffer, maxPages = 10, maxChars = 20_000): Promise<string> {
  return (await run({ op: 'plain', bytes, maxPages, maxChars })) as string;
}

/** The searchable PDF of a file's pages (searchable-pdf.ts), built in a render thread. */
export async function searchablePdfInPool(source: Buffer | null, pages: SearchablePage[]): Promise<Buffer> {
  return asBuffer((await run({ op: 'searchable', bytes: source, pages })) as Uint8Array);
}

/**
 * A PDF's AcroForm fields (pdf-form.ts) in a render thread and, with `draw`, the PDF with their
 * values drawn on its pages (null when it has no form).
 */
export async function readFormInPool(bytes: Buffer, draw: boolean): Promise<FormReading> {
  const form = (await run({ op: 'form', bytes, draw })) as FormReading;
  return { ...form, pdf: form.pdf ? asBuffer(form.pdf) : null };
}

/** inspectDocument in a render thread. */
export async function inspectDocumentInPool(bytes: Buffer, mediaType: SupportedMediaType, limits: InspectLimits): Promise<DocumentInfo> {
  return (await run({ op: 'inspect', bytes, key: documentKey(bytes), mediaType, limits })) as DocumentInfo;
}

/** prepareImage in a render thread (decoding a large image is the most memory mupdf ever takes). */
export async function prepareImageInPool(
  bytes: Buffer,
  mediaType: ImageMediaType,
  limits: { maxPixels: number; maxImagePixels?: number },
): Promise<PreparedImage> {
  const image = (await run({ op: 'prepare', bytes, mediaType, limits })) as PreparedImage;
  return { ...image, data: asBuffer(image.data) };
}

const sharedIds = new WeakMap<SharedArrayBuffer, number>();
let nextSharedId = 0;

/**
 * A key for bytes held in shared memory (the worker's document cache never changes them), so a
 * render thread may keep the document open between pages; other bytes get none (opened afresh).
 */
function documentKey(bytes: Buffer): string | undefined {
  const memory = bytes.buffer;
  if (!(memory instanceof SharedArrayBuffer)) return undefined;
  let id = sharedIds.get(memory);
  if (id === undefined) sharedIds.set(memory, (id = ++nextSharedId));
  return `${id}:${bytes.byteOffset}:${bytes.byteLength}`;
}

/** Runs a task in the pool; with `timeoutMs`, a task still running then is stopped with its thread (conversion_timeout). */
async function run(task: RenderTask, timeoutMs?: number): Promise<unknown> {
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  let ranAgainAfterTrap = false;
  for (;;) {
    const outcome = await runOnce(task, timeoutMs, deadline);
    // A task the retired pool did not run (queued when it closed, or handed to a thread that had
    // trapped): run on the current pool, within what is left of its time.
    if (outcome === RETIRED) continue;
    // A task that failed with a trap after others on its thread may have met a heap an earlier one
    // broke without trapping: once more on a fresh thread tells whose fault it was.
    if (!outcome.ok && outcome.trapped && outcome.tasks > 1 && !ranAgainAfterTrap) {
      ranAgainAfterTrap = true;
      continue;
    }
    if (outcome.ok) return outcome.value;
    const f = outcome.failure;
    if (f.kind === 'document') throw new DocumentError(f.code, f.message);
    if (f.kind === 'range') throw new RangeError(f.message);
    const err = new Error(f.message);
    if ('stack' in f && f.stack) err.stack = f.stack;
    throw err;
  }
}

const RETIRED = Symbol('retired');

async function runOnce(task: RenderTask, timeoutMs: number | undefined, deadline: number | undefined): Promise<Outcome | typeof RETIRED> {
  const pool = await getPool();
  // Started once the pool is there: loading mupdf in a new process is not the document's time.
  const signal = deadline === undefined ? undefined : AbortSignal.timeout(Math.max(0, deadline - Date.now()));
  // Timed from hand-over to the pool: the wait for a free thread is part of what a page costs.
  const stopTimer = renderDuration.startTimer({ operation: task.op });
  const outcome = await pool
    .run(task, signal ? { signal } : {})
    .catch((err: unknown): typeof RETIRED => {
      if (signal?.aborted) {
        throw new DocumentError('conversion_timeout', `The conversion did not finish within ${Math.round(timeoutMs! / 1000)} s (SERVICE_CONVERSION_TIMEOUT_S).`);
      }
      // piscina's close() waits for running tasks only; queued ones are refused with this error.
      if (pool !== current && err instanceof Error && err.message === 'Terminating worker thread') return RETIRED;
      throw err;
    })
    .finally(() => stopTimer());
  if (outcome === RETIRED) return RETIRED;
  for (const w of outcome.warnings) forwardMupdfLog(w.level, w.message);
  for (const r of outcome.unreadable ?? []) reportUnreadableText(r.reader, r.page, new Error(r.message));
  largestWasmBytes = Math.max(largestWasmBytes, outcome.wasmBytes);
  if ((outcome.wasmBytes > settings.maxWasmBytes || outcome.trapped) && pool === current) retire(pool);
  // Handed to a thread that had trapped before it (its pool is retired by now).
  if (!outcome.ok && outcome.failure.kind === 'stale') return RETIRED;
  return outcome;
}

let currentCodec: 'native' | 'built-in' = 'built-in';
let codecWarned = false;

/**
 * Whether render threads may load the native codec: only when this thread loaded it first. On
 * glibc a native module loaded by worker threads alone is unloaded when the last of them exits
 * (a retired or idle thread) while libvips may still run code from it (sharp's documentation on
 * worker threads, lovell/sharp#2263); loaded here, it stays loaded for the process's life.
 * A failure is logged once (a platform without sharp's prebuilt binary) and pages are encoded
 * by the built-in encoders.
 */
async function nativeCodecHere(): Promise<boolean> {
  if (!settings.nativeCodec) return false;
  const problem = await loadNativeCodec();
  if (problem !== null && !codecWarned) {
    codecWarned = true;
    const message = `The native image codec (sharp) could not be loaded; pages are encoded by the built-in encoders (slower, same pixels): ${problem}`;
    if (settings.warn) settings.warn(message);
    else process.emitWarning(message);
  }
  return problem === null;
}

async function getPool(): Promise<Piscina<RenderTask, Outcome>> {
  const [module, mupdfModule, nativeCodec] = await Promise.all([taskModule(), mupdfCode(), nativeCodecHere()]);
  if (!current) currentCodec = nativeCodec ? 'native' : 'built-in';
  current ??= new Piscina<RenderTask, Outcome>({
    filename: pathToFileURL(fileURLToPath(new URL('./render-thread.mjs', import.meta.url))).href,
    workerData: { taskModule: module, niceness: settings.niceness, mupdfModule, nativeCodec },
    minThreads: 0,
    maxThreads: settings.threads,
    stricterFIFO: true,
    idleTimeout: settings.idleTimeoutMs,
    // The thread code is plain JavaScript: no loader flags (tsx's --import) to start in every thread.
    execArgv: [],
  });
  return current;
}

/** New tasks go to a new pool; this one finishes what it runs, then its threads end. */
function retire(pool: Piscina<RenderTask, Outcome>): void {
  if (pool === current) current = undefined;
  retired++;
  const closing = pool.close().catch(() => {}).finally(() => retiring.delete(closing));
  retiring.add(closing);
}

/** `make()`'s promise, made on the first call and shared by later ones; made again after a failure. */
function onceUnlessFailed<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
}

/** A compiled WebAssembly.Module (the project's type library, ES2022 without DOM, does not declare it). */
type CompiledWasm = object;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasm> } }).WebAssembly;

/** mupdf's WebAssembly, compiled once per process; every render thread instantiates the same module. */
const mupdfCode = onceUnlessFailed(async () => wasm.compile(await readFile(path.join(path.dirname(mupdfEntry()), 'mupdf-wasm.wasm'))));

/** The render threads' code as one bundled ES module (task-bundle.ts), once per process. */
const taskModule = onceUnlessFailed(renderTaskBundle);

/** Structured clone hands Buffers back as Uint8Arrays: wrap without copying. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
