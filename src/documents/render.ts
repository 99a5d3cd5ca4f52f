// mupdf (WASM) access for untrusted documents: count and check pages, render one PDF page to
// PNG (or JPEG: SERVICE_RENDER_FORMAT), and bound the size of images sent to a model. Every mupdf object is destroyed on every
// path, and every failure caused by the bytes surfaces as a DocumentError with a stable code.
import * as mupdf from 'mupdf';
import { DocumentError } from './errors.js';
import { fitImage, planPageRender, type RenderLimits } from './geometry.js';
import { checkImageHeader, jpegIsComplete, readPngSize } from './image-header.js';
import { encodePngSync, toScanlines } from './png-encode.js';
import { encodeNative, loadNativeCodec, nativeCodec, pageMediaType, type PageImageFormat } from './page-codec.js';
import { detectMediaType, type SupportedMediaType } from './sniff.js';

export type ImageMediaType = Extract<SupportedMediaType, `image/${string}`>;

import { DEFAULT_MAX_IMAGE_PIXELS } from './geometry.js';
export { DEFAULT_MAX_IMAGE_PIXELS };

export interface InspectLimits extends RenderLimits {
  /** More pages than this fails with document_too_many_pages. */
  maxPages: number;
  maxImagePixels?: number;
}

export interface DocumentInfo {
  pageCount: number;
}

export interface RenderedPage {
  /** The encoded image: PNG, or JPEG when the format asked for it. */
  data: Buffer;
  mediaType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

export interface PreparedImage {
  mediaType: ImageMediaType;
  data: Buffer;
  width: number;
  height: number;
}

export type MupdfLogSink = (level: 'warning' | 'error', message: string) => void;

let logSink: MupdfLogSink | null = null;
// mupdf otherwise prints repair warnings for broken files straight to stderr, outside our logs.
mupdf.setLog({
  warning: (message) => logSink?.('warning', message),
  error: (message) => logSink?.('error', message),
});

/** Where mupdf's own warnings go (e.g. a pino logger at debug level); null discards them. */
export function setMupdfLogSink(sink: MupdfLogSink | null): void {
  logSink = sink;
}

/**
 * Drops everything in mupdf's resource store (decoded images, glyphs, fonts, colour links) and the
 * document kept open for the next page, after work that may have filled it (a huge image).
 */
export function releaseMupdfCaches(): void {
  closeKeptDocument();
  mupdf.emptyStore();
}

/**
 * Trims mupdf's resource store to half after a page, instead of emptying it: the store otherwise
 * fills to its 256 MiB default and keeps the WASM heap that large for good, but emptying it after
 * every page threw away what the next page of the same document needs again (fonts, shared images,
 * ICC colour links: ~17 ms a page in lcms alone). Halving after each page bounds the store to about
 * one page's working set and keeps what every page uses.
 */
export function trimMupdfCaches(): void {
  mupdf.shrinkStore(50);
}

/**
 * The document of the last page rendered on this thread, kept open for the next page: opening
 * copies the whole file into WASM memory and parses its cross-reference table (~6 ms a page for a
 * 6 MB PDF). Only for callers that name the bytes with a key that never names other content
 * (the render pool's key for a document held in shared memory); everything else opens afresh.
 */
let kept: { key: string; doc: mupdf.Document } | undefined;

function closeKeptDocument(): void {
  kept?.doc.destroy();
  kept = undefined;
}

/** The document for `key` (kept open), or a new one owned by `scope` when there is no key. */
function openPdfKept(bytes: Buffer, key: string | undefined, scope: Scope): mupdf.Document {
  if (key === undefined) return openPdf(bytes, scope);
  if (kept?.key === key) return kept.doc;
  closeKeptDocument();
  // Checked like any other, in a scope of its own that is closed only if the checks fail.
  const own = new Scope();
  try {
    const doc = openPdf(bytes, own);
    kept = { key, doc };
    return doc;
  } catch (err) {
    own.close();
    throw err;
  }
}

/**
 * The PDF named `key`, kept open on this thread for the next task with the same key (see
 * openPdfKept): a text-layer search after a window's pages were rendered here does not copy
 * the file into WASM memory and parse it again.
 */
export function keptPdf(bytes: Buffer, key: string): mupdf.Document {
  return withScope((scope) => openPdfKept(bytes, key, scope));
}

/** A PDF opened (and checked: not encrypted) for the caller, who destroys it. */
export function openPdfForText(bytes: Buffer): mupdf.Document {
  const own = new Scope();
  const doc = openPdf(bytes, own);
  return doc; // the scope is dropped unclosed: the document is the caller's now
}

/** Hands a warning raised in a render thread to this thread's sink. */
export function forwardMupdfLog(level: 'warning' | 'error', message: string): void {
  logSink?.(level, message);
}

/**
 * Validates a stored document before any page work: opens it, refuses encrypted, empty or
 * over-long PDFs, and checks every page (or the image) can be rendered within the limits, so
 * a job fails in its first step rather than after spending model calls on earlier pages.
 */
export function inspectDocument(bytes: Buffer, mediaType: SupportedMediaType, limits: InspectLimits, key?: string): DocumentInfo {
  if (mediaType !== 'application/pdf') {
    withScope((scope) => openImage(bytes, mediaType, limits.maxImagePixels, scope));
    return { pageCount: 1 };
  }
  return withScope((scope) => {
    const doc = openPdfKept(bytes, key, scope);
    const pageCount = countPages(doc);
    if (pageCount > limits.maxPages) {
      throw new DocumentError(
        'document_too_many_pages',
        `The PDF has ${pageCount} pages; at most ${limits.maxPages} are accepted.`,
      );
    }
    for (let index = 0; index < pageCount; index++) {
      // Pages are loaded one at a time and released at once: this only reads page dictionaries.
      withScope((pageScope) => {
        const [x0, y0, x1, y1] = pageBounds(doc, index, pageScope);
        planPageRender(x1 - x0, y1 - y0, limits, index + 1);
      });
    }
    return { pageCount };
  });
}

/**
 * Renders one PDF page (zero-based index) to an RGB image at `dpi` (PNG unless `format` says
 * JPEG), scaled down so that width * height ≤ maxPixels. Opens the document for this call only:
 * opening costs ~1 ms for a 300-page file, far less than rendering, and keeps no state between
 * activity attempts. Everything (rasterising, encoding) runs on the calling thread, with the
 * native codec when this thread has loaded it (page-codec.ts); the service calls `renderPage`
 * (src/documents/pool.ts), which runs it in a render thread.
 * Rejects with RangeError for an index outside the document (a caller bug, not bad bytes).
 */
export async function renderPageOnThisThread(
  bytes: Buffer,
  pageIndex: number,
  limits: RenderLimits,
  format: PageImageFormat = { format: 'png' },
): Promise<RenderedPage> {
  await loadNativeCodec(); // as the pool's threads do: the same encoder, the same bytes
  return renderPageEncoded(bytes, pageIndex, limits, format);
}

/**
 * Scanline buffer reused by every page this thread renders: a 150 DPI page is 6 MB of rows, and a
 * fresh 6 MB allocation per page is what left glibc's arenas fragmented and the process larger
 * after every parse. Pages beyond SCRATCH_MAX_BYTES get a buffer of their own. Callers of the
 * native codec await its encoding before the next page, so one buffer serves every page.
 */
let scratch: Buffer | undefined;
const SCRATCH_MAX_BYTES = 32 * 1024 * 1024;

/** A buffer of `size` bytes: the thread's scratch buffer (grown when needed), or a new one past the cap. */
function scratchOf(size: number): Buffer | undefined {
  if (size <= SCRATCH_MAX_BYTES && (!scratch || scratch.length < size)) scratch = Buffer.allocUnsafeSlow(size);
  return scratch;
}

/**
 * The page encoded as `format`. With the native codec (sharp, when loaded on this thread), the
 * pixmap's rows are copied out of WASM memory and encoded by libvips; without it, PNG is encoded
 * by png-encode.ts and JPEG by mupdf. Either way the pixels are mupdf's pixmap: PNG is lossless
 * whichever encoder writes it (test/unit/page-codec.test.ts decodes both and compares).
 */
export async function renderPageEncoded(
  bytes: Buffer,
  pageIndex: number,
  limits: RenderLimits,
  format: PageImageFormat,
  key?: string,
): Promise<RenderedPage> {
  const mediaType = pageMediaType(format);
  const codec = nativeCodec();
  if (codec) {
    const raw = rasterizePage(bytes, pageIndex, limits, key, (pixmap, width, height, components) => {
      const rowBytes = width * components;
      const target = scratchOf(rowBytes * height);
      return { width, height, components, data: copyRows(pixmap.getPixels(), width, height, pixmap.getStride(), components, target) };
    });
    const data = await encodeNative(codec, raw, format);
    return { data, mediaType, width: raw.width, height: raw.height };
  }
  if (format.format === 'jpeg') {
    return rasterizePage(bytes, pageIndex, limits, key, (pixmap, width, height) => ({
      data: toNodeBuffer(pixmap.asJPEG(format.quality, false)),
      mediaType,
      width,
      height,
    }));
  }
  return renderPageSync(bytes, pageIndex, limits, key);
}

/** A page as PNG with the built-in encoder (png-encode.ts), on this thread, synchronously. */
export function renderPageSync(bytes: Buffer, pageIndex: number, limits: RenderLimits, key?: string): RenderedPage {
  const lines = rasterizePage(bytes, pageIndex, limits, key, (pixmap, width, height, components) => {
    // getPixels() is a view of WASM memory, valid only until mupdf next allocates: copy it now.
    return toScanlines(pixmap.getPixels(), width, height, pixmap.getStride(), components, scratchOf(height * (width * components + 1)));
  });
  return { data: encodePngSync(lines), mediaType: 'image/png', width: lines.width, height: lines.height };
}

/**
 * Rasterises one page and hands its RGB pixmap to `take`, which must copy out what it needs:
 * the pixmap and every other mupdf object are destroyed when it returns (but a kept document).
 */
function rasterizePage<T>(
  bytes: Buffer,
  pageIndex: number,
  limits: RenderLimits,
  key: string | undefined,
  take: (pixmap: mupdf.Pixmap, width: number, height: number, components: number) => T,
): T {
  return withScope((scope) => {
    const doc = openPdfKept(bytes, key, scope);
    const pageCount = countPages(doc);
    if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= pageCount) {
      throw new RangeError(`Page index ${pageIndex} is outside a document of ${pageCount} pages.`);
    }
    const page = loadPage(doc, pageIndex, scope);
    const [x0, y0, x1, y1] = bounds(page, pageIndex);
    const plan = planPageRender(x1 - x0, y1 - y0, limits, pageIndex + 1);
    // Move the page origin to (0, 0) first so the pixmap starts at pixel 0 and rounds up once.
    const matrix = mupdf.Matrix.concat(mupdf.Matrix.translate(-x0, -y0), mupdf.Matrix.scale(plan.scale, plan.scale));
    const pixmap = guard(`Page ${pageIndex + 1} could not be rendered.`, () =>
      // No alpha: pages are composited on white, as a reader would see them. Annotations and
      // form field values are drawn too (showExtras), since they are part of what the page says.
      scope.add(page.toPixmap(matrix, mupdf.ColorSpace.DeviceRGB, false, true)),
    );
    const components = pixmap.getNumberOfComponents();
    if (pixmap.getAlpha() !== 0 || components !== 3) {
      throw new Error(`Expected an RGB pixmap without alpha, got ${components} components (alpha ${pixmap.getAlpha()}).`);
    }
    return take(pixmap, pixmap.getWidth(), pixmap.getHeight(), components);
  });
}

/** `height` rows of `width × components` bytes from `samples` (rows `stride` apart), packed, into `target` when large enough. */
export function copyRows(
  samples: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  stride: number,
  components: number,
  target?: Buffer,
): Buffer {
  const rowBytes = width * components;
  if (!(width > 0 && height > 0) || stride < rowBytes || samples.length < stride * (height - 1) + rowBytes) {
    throw new Error(`Pixel buffer of ${samples.length} bytes does not hold ${width} × ${height} × ${components} (stride ${stride})`);
  }
  const src = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  const size = rowBytes * height;
  const out = target && target.length >= size ? target.subarray(0, size) : Buffer.allocUnsafe(size);
  if (stride === rowBytes) out.set(src.subarray(0, size));
  else for (let y = 0; y < height; y++) out.set(src.subarray(y * stride, y * stride + rowBytes), y * rowBytes);
  return out;
}

/**
 * Returns a PNG or JPEG unchanged when it fits maxPixels; otherwise draws it scaled down onto
 * white and re-encodes it as PNG. (EXIF orientation is not applied when re-encoding: mupdf.js
 * does not expose it.)
 */
export function prepareImage(
  bytes: Buffer,
  mediaType: ImageMediaType,
  limits: { maxPixels: number; maxImagePixels?: number },
): PreparedImage {
  return withScope((scope) => {
    const image = openImage(bytes, mediaType, limits.maxImagePixels, scope);
    const width = image.getWidth();
    const height = image.getHeight();
    if (width * height <= limits.maxPixels) return { mediaType, data: bytes, width, height };
    const target = fitImage(width, height, limits.maxPixels);
    return guard('The image could not be scaled.', () => {
      const pixmap = scope.add(new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, target.width, target.height], false));
      pixmap.clear(255);
      const device = scope.add(new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap));
      // An image occupies the unit square; this matrix stretches it over the whole pixmap.
      device.fillImage(image, [target.width, 0, 0, target.height, 0, 0], 1);
      device.close();
      return { mediaType: 'image/png' as const, data: toNodeBuffer(pixmap.asPNG()), width: target.width, height: target.height };
    });
  });
}

function openPdf(bytes: Buffer, scope: Scope): mupdf.Document {
  const doc = scope.add(guard('The PDF could not be opened.', () => mupdf.Document.openDocument(bytes, 'application/pdf')));
  // needsPassword() is false when the empty user password opens it (owner-only restrictions).
  if (guard('The PDF could not be opened.', () => doc.needsPassword())) {
    throw new DocumentError('document_encrypted', 'The PDF is password-protected and cannot be read.');
  }
  return doc;
}

function countPages(doc: mupdf.Document): number {
  const count = guard('The PDF page tree could not be read.', () => doc.countPages());
  if (count <= 0) throw new DocumentError('document_empty', 'The PDF has no pages.');
  return count;
}

function loadPage(doc: mupdf.Document, index: number, scope: Scope): mupdf.Page {
  return scope.add(guard(`Page ${index + 1} could not be read.`, () => doc.loadPage(index)));
}

function bounds(page: mupdf.Page, index: number): mupdf.Rect {
  return guard(`Page ${index + 1} could not be read.`, () => page.getBounds());
}

function pageBounds(doc: mupdf.Document, index: number, scope: Scope): mupdf.Rect {
  return bounds(loadPage(doc, index, scope), index);
}

function openImage(bytes: Buffer, mediaType: ImageMediaType, maxImagePixels: number | undefined, scope: Scope): mupdf.Image {
  const limit = maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  // mupdf picks its decoder from the content, so the header check below only holds if the
  // content really is the type we were told.
  if (detectMediaType(bytes) !== mediaType) {
    throw new DocumentError('document_corrupt', `The file content is not ${mediaType}.`);
  }
  if (mediaType === 'image/png') {
    // mupdf decodes PNGs eagerly, so the size check must come from the header first.
    if (!readPngSize(bytes)) throw new DocumentError('document_corrupt', 'The PNG header is malformed.');
  }
  // Any image whose header claims too many pixels: document_too_large before a decoder runs.
  checkImageHeader(bytes, limit);
  if (mediaType === 'image/jpeg' && !jpegIsComplete(bytes)) {
    throw new DocumentError('document_corrupt', 'The JPEG is truncated: its image data ends before the end-of-image marker.');
  }
  const image = guard('The image could not be decoded.', () => {
    // An explicit mupdf Buffer, destroyed here, instead of an implicit one left to the GC.
    const buffer = new mupdf.Buffer(bytes);
    try {
      return new mupdf.Image(buffer);
    } finally {
      buffer.destroy();
    }
  });
  scope.add(image);
  const width = image.getWidth();
  const height = image.getHeight();
  if (!(width > 0 && height > 0)) throw new DocumentError('document_corrupt', 'The image has no pixels.');
  assertImageSize(width, height, limit);
  return image;
}

function assertImageSize(width: number, height: number, limit: number): void {
  if (width * height > limit) {
    throw new DocumentError(
      'document_too_large',
      `The image is ${width} × ${height} pixels; at most ${limit} pixels are accepted.`,
    );
  }
}

/** Runs a mupdf call, turning any failure it raises into document_corrupt. */
function guard<T>(message: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new DocumentError('document_corrupt', `${message} (${reason})`, { cause: err });
  }
}

interface Destroyable {
  destroy(): void;
}

/** mupdf objects created during one operation, destroyed in reverse order when it ends. */
class Scope {
  private readonly items: Destroyable[] = [];

  add<T extends Destroyable>(item: T): T {
    this.items.push(item);
    return item;
  }

  close(): void {
    for (const item of this.items.reverse()) {
      try {
        item.destroy();
      } catch {
        // Destroying cannot usefully fail; never let it mask the operation's own error.
      }
    }
    this.items.length = 0;
  }
}

function withScope<T>(fn: (scope: Scope) => T): T {
  const scope = new Scope();
  try {
    return fn(scope);
  } finally {
    scope.close();
  }
}

/** asPNG() already returns a copy out of WASM memory; wrap it without copying again. */
function toNodeBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
