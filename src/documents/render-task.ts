// What one render thread runs (bundled by src/documents/pool.ts and loaded by render-thread.mjs):
// every mupdf operation of the service, on the thread's own WASM instance, with failures turned
// into plain data, since an Error's own fields (a DocumentError's `code`) do not cross threads.
import { isDocumentError, type DocumentError } from './errors.js';
import type { RenderLimits } from './geometry.js';
import { loadNativeCodec, type PageImageFormat } from './page-codec.js';
import {
  inspectDocument,
  keptPdf,
  openPdfForText,
  prepareImage,
  releaseMupdfCaches,
  renderPageEncoded,
  trimMupdfCaches,
  setMupdfLogSink,
  type DocumentInfo,
  type ImageMediaType,
  type InspectLimits,
  type PreparedImage,
  type RenderedPage,
} from './render.js';
import type { SupportedMediaType } from './sniff.js';
import { openTextLayer, readPageText, type PageText, type TextBox, type TextQuery } from './text-layer.js';
import { readWordsOfPages, type PageWords } from './page-words.js';
import { documentPlainText } from './plain-text.js';
import { buildSearchablePdf, type SearchablePage } from './searchable-pdf.js';
import type { FormatId } from './formats/catalog.js';
import { convertFormat, type ConvertContext } from './formats/registry.js';
import type { Rendition } from './formats/types.js';
import { convertEmail, type EmailConversion, type EmailMediaType } from './formats/email.js';
import { readPdfForm, type FormReading } from './pdf-form.js';
import { setUnreadableTextSink, type UnreadableText } from './reader-log.js';

/**
 * `key`, when set, names bytes that never change (a document in shared memory): the thread keeps
 * that document open for the next task with the same key.
 */
export type RenderTask =
  | { op: 'render'; bytes: Uint8Array; key?: string; pageIndex: number; limits: RenderLimits; format: PageImageFormat }
  | { op: 'inspect'; bytes: Uint8Array; key?: string; mediaType: SupportedMediaType; limits: InspectLimits }
  | { op: 'prepare'; bytes: Uint8Array; mediaType: ImageMediaType; limits: { maxPixels: number; maxImagePixels?: number } }
  | { op: 'locate'; bytes: Uint8Array; key?: string; queries: TextQuery[] }
  | { op: 'convert'; bytes: Uint8Array; format: FormatId; context: ConvertContext }
  | { op: 'email'; bytes: Uint8Array; mediaType: EmailMediaType; maxPages: number }
  | { op: 'text'; bytes: Uint8Array; key?: string; pageIndex: number }
  | { op: 'form'; bytes: Uint8Array; draw: boolean }
  | { op: 'words'; bytes: Uint8Array; key?: string; first: number; count: number }
  | { op: 'hasText'; bytes: Uint8Array; key?: string; pages: number[] }
  | { op: 'plain'; bytes: Uint8Array; maxPages: number; maxChars: number }
  | { op: 'searchable'; bytes: Uint8Array | null; pages: SearchablePage[] }
  | { op: 'warm' };

export type TaskFailure =
  | { kind: 'document'; code: DocumentError['code']; message: string }
  | { kind: 'range'; message: string }
  | { kind: 'error'; message: string; stack?: string }
  /** The thread's mupdf had trapped in an earlier task: the task never ran (the pool runs it again on a fresh thread). */
  | { kind: 'stale'; message: string };

export type TaskOutcome = (
  | { ok: true; op: 'render'; value: RenderedPage }
  | { ok: true; op: 'inspect'; value: DocumentInfo }
  | { ok: true; op: 'prepare'; value: PreparedImage }
  | { ok: true; op: 'locate'; value: TextBox[][] }
  | { ok: true; op: 'convert'; value: Rendition }
  | { ok: true; op: 'email'; value: EmailConversion }
  | { ok: true; op: 'text'; value: PageText }
  | { ok: true; op: 'form'; value: FormReading }
  | { ok: true; op: 'words'; value: PageWords }
  | { ok: true; op: 'hasText'; value: number[] }
  | { ok: true; op: 'plain'; value: string }
  | { ok: true; op: 'searchable'; value: Uint8Array }
  | { ok: true; op: 'warm'; value: null }
  | { ok: false; failure: TaskFailure }
) & {
  /** mupdf's warnings during the task, for the caller's log sink. */
  warnings: Array<{ level: 'warning' | 'error'; message: string }>;
  /** Pages a text reader answered with no text because they could not be read (reader-log.ts), for the caller's log. */
  unreadable?: UnreadableText[];
  /** mupdf trapped, or ran out of memory, on the thread (hasTrapped): it runs no other task, the pool retires it. */
  trapped?: boolean;
};

/** Why this thread could not load the native codec, until reported with a task's warnings. */
let codecProblem: string | null = null;

/**
 * Sets the thread up before its first task: loads the native codec when the pool's thread (which
 * must load it first, see pool.ts) did. A failure here is reported once, with the next task.
 */
export async function setUpThread(options: { nativeCodec: boolean }): Promise<void> {
  if (options.nativeCodec) codecProblem = await loadNativeCodec();
}

/** A view of the same memory (no copy): structured clone hands Buffers over as Uint8Arrays. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The task's outcome, and the buffers to transfer (not copy) to the main thread with it. */
export async function runTask(task: RenderTask): Promise<{ outcome: TaskOutcome; transfer: ArrayBuffer[] }> {
  // A text reader's unreadable page goes back with the outcome, to be logged by the pool's caller.
  const unreadable: UnreadableText[] = [];
  const previous = setUnreadableTextSink((r) => void (unreadable.length < 20 && unreadable.push(r)));
  try {
    const ran = await runTaskHere(task);
    if (unreadable.length > 0) ran.outcome.unreadable = unreadable;
    return ran;
  } finally {
    setUnreadableTextSink(previous);
  }
}

async function runTaskHere(task: RenderTask): Promise<{ outcome: TaskOutcome; transfer: ArrayBuffer[] }> {
  const warnings: TaskOutcome['warnings'] = [];
  // Page work keeps what the next page of the same document needs; anything else empties the caches.
  const pageWork =
    task.op === 'render' || task.op === 'inspect' || task.op === 'warm' || ((task.op === 'locate' || task.op === 'text' || task.op === 'words' || task.op === 'hasText') && task.key !== undefined);
  setMupdfLogSink((level, message) => warnings.length < 20 && warnings.push({ level, message }));
  if (codecProblem !== null) {
    warnings.push({ level: 'warning', message: `The native image codec (sharp) did not load in a render thread; that thread encodes pages without it: ${codecProblem}` });
    codecProblem = null;
  }
  try {
    // A thread started to be ready for the pages to come (the pool's warm-up): mupdf is loaded.
    if (task.op === 'warm') return { outcome: { ok: true, op: 'warm', value: null, warnings }, transfer: [] };
    if (task.op === 'searchable') {
      // The file's pages with OCR words as invisible text (searchable-pdf.ts); the PDF moves back.
      const pdf = buildSearchablePdf(task.bytes ? asBuffer(task.bytes) : null, task.pages.map((p) => (p.kind === 'image' ? { ...p, image: asBuffer(p.image) } : p)));
      return { outcome: { ok: true, op: 'searchable', value: pdf, warnings }, transfer: ownBuffer(pdf) };
    }
    const bytes = asBuffer(task.bytes);
    switch (task.op) {
      case 'render': {
        // The image moves to the main thread (no copy), which base64-encodes it (~1 ms): encoding here
        // left a dead ~1 MB string per page in this thread's heap until its next full GC (measured:
        // ~65 MiB more RSS over 150 pages with two threads).
        const page = await renderPageEncoded(bytes, task.pageIndex, task.limits, task.format, task.key);
        return { outcome: { ok: true, op: 'render', value: page, warnings }, transfer: ownBuffer(page.data) };
      }
      case 'inspect':
        return { outcome: { ok: true, op: 'inspect', value: inspectDocument(bytes, task.mediaType, task.limits, task.key), warnings }, transfer: [] };
      case 'prepare': {
        const image = prepareImage(bytes, task.mediaType, task.limits);
        // Unchanged images come back as the input itself: send a copy, not a view of shared memory.
        return { outcome: { ok: true, op: 'prepare', value: { ...image, data: image.data === bytes ? Buffer.from(bytes) : image.data }, warnings }, transfer: [] };
      }
      case 'locate': {
        const layer = openTextLayer(task.key !== undefined ? keptPdf(bytes, task.key) : bytes);
        try {
          return { outcome: { ok: true, op: 'locate', value: task.queries.map((q) => layer.find(q.text, q.pages)), warnings }, transfer: [] };
        } finally {
          layer.close();
        }
      }
      case 'convert': {
        const rendition = await convertFormat(task.format, bytes, task.context);
        return { outcome: { ok: true, op: 'convert', value: rendition, warnings }, transfer: rendition.pdf ? ownBuffer(Buffer.from(rendition.pdf.buffer, rendition.pdf.byteOffset, rendition.pdf.byteLength)) : [] };
      }
      case 'email': {
        // An e-mail's header block and body as pages, and its attachments' bytes (copied back).
        const conversion = await convertEmail(bytes, task.mediaType, { maxPages: task.maxPages });
        const pdf = conversion.rendition.pdf;
        return { outcome: { ok: true, op: 'email', value: conversion, warnings }, transfer: pdf ? ownBuffer(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)) : [] };
      }
      case 'text': {
        const doc = task.key !== undefined ? keptPdf(bytes, task.key) : null;
        if (doc) return { outcome: { ok: true, op: 'text', value: readPageText(doc, task.pageIndex), warnings }, transfer: [] };
        const layer = openPdfForText(bytes);
        try {
          return { outcome: { ok: true, op: 'text', value: readPageText(layer, task.pageIndex), warnings }, transfer: [] };
        } finally {
          layer.destroy();
        }
      }
      case 'form': {
        // A PDF's AcroForm fields and, with `draw`, the PDF with their values on its pages (pdf-form.ts).
        const form = readPdfForm(bytes, { draw: task.draw });
        return { outcome: { ok: true, op: 'form', value: form, warnings }, transfer: form.pdf ? ownBuffer(Buffer.from(form.pdf.buffer, form.pdf.byteOffset, form.pdf.byteLength)) : [] };
      }
      case 'words': {
        // Words with their boxes of pages first..first+count-1 (zero-based), and the page count.
        const doc = task.key !== undefined ? keptPdf(bytes, task.key) : null;
        if (doc) return { outcome: { ok: true, op: 'words', value: readWordsOfPages(doc, task.first, task.count), warnings }, transfer: [] };
        const opened = openPdfForText(bytes);
        try {
          return { outcome: { ok: true, op: 'words', value: readWordsOfPages(opened, task.first, task.count), warnings }, transfer: [] };
        } finally {
          opened.destroy();
        }
      }
      case 'hasText': {
        // Which of the pages (one-based) have any text in their text layer (a scan has none).
        const layer = openTextLayer(task.key !== undefined ? keptPdf(bytes, task.key) : bytes);
        try {
          return { outcome: { ok: true, op: 'hasText', value: task.pages.filter((n) => layer.hasText(n)), warnings }, transfer: [] };
        } finally {
          layer.close();
        }
      }
      case 'plain':
        return { outcome: { ok: true, op: 'plain', value: documentPlainText(bytes, task.maxPages, task.maxChars), warnings }, transfer: [] };
      default:
        throw new Error(`Unknown render task ${(task as { op: string }).op}`);
    }
  } catch (err) {
    const trap = wasmTrapped(err);
    const failure: TaskFailure = isDocumentError(err)
      ? { kind: 'document', code: err.code, message: err.message }
      : trap // outside the converters' own guards: still the document mupdf was reading
        ? { kind: 'document', code: 'document_corrupt', message: `The document could not be read (${(err as Error).message}).` }
        : err instanceof RangeError
        ? { kind: 'range', message: err.message }
        : { kind: 'error', message: (err as Error)?.message ?? String(err), stack: (err as Error)?.stack };
    if (trap) trapped = true;
    return { outcome: { ok: false, failure, warnings }, transfer: [] };
  } finally {
    setMupdfLogSink(null);
    try {
      if (pageWork) trimMupdfCaches();
      else releaseMupdfCaches();
    } catch (err) {
      // Emptying caches over a heap an earlier trap left inconsistent traps too: the outcome stands.
      if (!wasmTrapped(err)) throw err;
      trapped = true;
    }
  }
}

/**
 * Whether mupdf trapped on this thread, or ran out of memory (e.g. "memory access out of bounds" or
 * "calloc (4100 x 1 bytes) failed" laying out 9 nested HTML tables or 1,000 nested divs: its stack
 * overflows into its heap). The heap may be left inconsistent, so the thread must not run another
 * task (render-thread.mjs stops taking them; the pool retires it).
 */
let trapped = false;
export const hasTrapped = () => trapped;

/** A buffer's memory may be transferred only when the buffer is all of it (not a slice of a shared pool). */
function ownBuffer(b: Buffer): ArrayBuffer[] {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer ? [b.buffer] : [];
}

// The project's TypeScript libraries do not declare WebAssembly (pool.ts reads it the same way).
const { RuntimeError } = (globalThis as unknown as { WebAssembly: { RuntimeError: new () => Error } }).WebAssembly;

/** mupdf's message when an allocation fails (fz_throw with FZ_ERROR_MEMORY). */
const OUT_OF_MEMORY = /\b(malloc|calloc|realloc)\b.*\bfailed\b|\bout of memory\b/i;

/** Whether the error, or one of its causes, is a trap of WebAssembly code (mupdf's) or mupdf out of memory. */
export function wasmTrapped(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 10; depth++) {
    if (e instanceof RuntimeError || OUT_OF_MEMORY.test((e as Error).message)) return true;
    e = (e as Error).cause; // (the instanceof above narrows `e` to never)
  }
  return false;
}
