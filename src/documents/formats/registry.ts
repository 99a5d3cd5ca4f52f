// One converter per format, chosen by the sniffer (src/documents/sniff.ts): bytes in, a Rendition
// out (formats/types.ts: a PDF the pages are read from, its page count, a spreadsheet's cells).
// Converters run in a render thread (render-task.ts, op 'convert'), bounded in time by the pool.
//
// Every format whose registry entry (formats/catalog.ts) says `pages: 'converter'` has its
// converter here: CONVERTERS is typed by those entries, so a missing one does not compile.
//  - Spreadsheets: `xlsx`/`xlsm` are drawn as grids by `convertSpreadsheet` (formats/spreadsheet.ts):
//    values as displayed, 100 rows a page, and `cells` (stored with the file) saying where each is.
//  - E-mail: `eml`/`msg` (`pages: 'message'`) are not in CONVERTERS: formats/email.ts parses them
//    in a render thread too (render-task.ts, op 'email'), since an e-mail also hands back its
//    attachments to be stored.
import { DocumentError } from '../errors.js';
import type { ConvertedFormatId, FormatId } from './catalog.js';
import { FORMATS } from './catalog.js';
import { libreOfficeToPdf } from './libreoffice.js';
import { DEFAULT_MAX_DECOMPRESSED_BYTES, convertSpreadsheet } from './spreadsheet.js';
import { countPdfPages, imageSize, layoutToPdf } from './mupdf-layout.js';
import { convertCsv } from './csv-pages.js';
import { textToHtml, type TextFormat } from './text-pages.js';
import type { Rendition } from './types.js';
import { nativeCodec } from '../page-codec.js';
import { checkImageHeader } from '../image-header.js';
import { convertDocx } from './docx-pages.js';
import { convertPptx } from './pptx-pages.js';
import { checkZipBudget, isZip } from './zip-budget.js';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

export interface ConvertContext {
  /** More pages than this: document_too_many_pages (SERVICE_MAX_PAGES). */
  maxPages: number;
  /** An image larger than this (pixels) is refused before it is decoded. */
  maxImagePixels: number;
  /** The soffice binary, or null when LibreOffice is not installed. */
  libreOffice: string | null;
  /** For converters that run a process of their own (LibreOffice): killed after this. */
  timeoutMs: number;
}

export type Converter = (bytes: Uint8Array, context: ConvertContext) => Promise<Rendition>;

/** A format mupdf lays out itself, opened as `magic`. */
const viaMupdf =
  (format: FormatId, magic: string): Converter =>
  async (bytes, context) => ({ kind: FORMATS[format].kind, ...layoutToPdf(bytes, magic, context) });

const viaText =
  (format: FormatId & TextFormat): Converter =>
  async (bytes, context) => ({ kind: FORMATS[format].kind, ...(layoutToPdf(Buffer.from(textToHtml(bytes, format), 'utf8'), 'text/html', context)) });

/**
 * An image format: its size checked from the header by our own reader first (mupdf throws on a TIFF
 * too large to allocate, which would read as document_corrupt), then as mupdf reads it, then every
 * page (frame) as a PDF page.
 */
const viaImage =
  (magic: string): Converter =>
  async (bytes, context) => {
    checkImageHeader(bytes, context.maxImagePixels);
    checkPixels(imageSize(bytes), context);
    return { kind: 'image', ...(layoutToPdf(bytes, magic, context)) };
  };

/** WEBP: mupdf does not read it; sharp (libvips) decodes it to PNG first. */
const webp: Converter = async (bytes, context) => {
  checkImageHeader(bytes, context.maxImagePixels); // before libvips reads anything
  const sharp = nativeCodec();
  if (!sharp) throw new DocumentError('converter_unavailable', 'WEBP needs the native image codec (the sharp package), which could not be loaded on this host.');
  let png: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: context.maxImagePixels });
    checkPixels(await image.metadata().then((m) => ({ width: m.width ?? 0, height: m.height ?? 0 })), context);
    png = await image.png().toBuffer();
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    throw new DocumentError('document_corrupt', `The WEBP image could not be decoded (${(err as Error).message}).`, { cause: err });
  }
  return { kind: 'image', ...(layoutToPdf(png, 'image/png', context)) };
};

const viaLibreOffice =
  (format: FormatId): Converter =>
  async (bytes, context) => {
    if (!context.libreOffice) throw new DocumentError('converter_unavailable', libreOfficeMissing(format));
    const pdf = await libreOfficeToPdf(context.libreOffice, bytes, format, context.timeoutMs);
    return { kind: FORMATS[format].kind, pdf, pageCount: countPdfPages(pdf, context), converter: 'libreoffice' };
  };

/**
 * DOCX and PPTX: LibreOffice makes the pages where it is installed (and not turned off,
 * SERVICE_LIBREOFFICE); else, or when LibreOffice cannot convert the file, our own converters
 * draw them (docx-pages.ts, pptx-pages.ts). A zip bomb is refused before either unpacks it. Bytes
 * that are not a ZIP (an encrypted Office file is an OLE container) go to mupdf, which names the
 * problem.
 */
const office =
  (format: FormatId, draw: (bytes: Uint8Array, limits: { maxPages: number; maxUnpackedBytes: number }) => { pdf: Uint8Array; pageCount: number }, fallback: Converter): Converter =>
  async (bytes, context) => {
    if (!isZip(bytes)) return fallback(bytes, context);
    checkZipBudget(bytes, DEFAULT_MAX_DECOMPRESSED_BYTES);
    if (context.libreOffice) {
      let pdf: Uint8Array | null = null;
      try {
        // Two thirds of the time: a LibreOffice too slow (its first start on a busy host) leaves the rest to the built-in converter.
        pdf = await libreOfficeToPdf(context.libreOffice, withoutExternalLinks(bytes), format, Math.floor((context.timeoutMs * 2) / 3));
      } catch (err) {
        // A file LibreOffice could not read, or not in time, is drawn by the built-in converter.
        if (!(err instanceof DocumentError) || (err.code !== 'document_corrupt' && err.code !== 'conversion_timeout')) throw err;
      }
      if (pdf) return { kind: FORMATS[format].kind, pdf, pageCount: countPdfPages(pdf, context), converter: 'libreoffice' };
    }
    const { pdf, pageCount } = draw(bytes, { maxPages: context.maxPages, maxUnpackedBytes: DEFAULT_MAX_DECOMPRESSED_BYTES });
    return { kind: FORMATS[format].kind, pdf, pageCount, converter: 'builtin' };
  };

/**
 * The package with every external relationship but hyperlinks pointed nowhere: LibreOffice would
 * load a linked picture or template from its URL, and nothing a document refers to is fetched.
 */
function withoutExternalLinks(bytes: Uint8Array): Uint8Array {
  const parts = unzipSync(bytes);
  let changed = false;
  for (const [name, data] of Object.entries(parts)) {
    if (!name.endsWith('.rels')) continue;
    const xml = strFromU8(data);
    if (!xml.includes('External')) continue;
    const safe = xml.replace(/<Relationship\b[^>]*>/g, (rel) =>
      /TargetMode\s*=\s*["']External["']/.test(rel) && !/Type\s*=\s*["'][^"']*\/hyperlink["']/.test(rel) ? rel.replace(/Target\s*=\s*("[^"]*"|'[^']*')/, 'Target="#"') : rel,
    );
    if (safe !== xml) {
      parts[name] = strToU8(safe);
      changed = true;
    }
  }
  return changed ? zipSync(parts) : bytes;
}

/** XLSX and XLSM: our own grid pages (a spreadsheet library reads the values as displayed). */
const spreadsheet: Converter = (bytes, context) => convertSpreadsheet(bytes, { maxPages: context.maxPages, maxDecompressedBytes: DEFAULT_MAX_DECOMPRESSED_BYTES });

export const CONVERTERS: Readonly<Record<ConvertedFormatId, Converter>> = {
  tiff: viaImage('image/tiff'),
  bmp: viaImage('image/bmp'),
  gif: viaImage('image/gif'),
  webp,
  docx: office('docx', convertDocx, viaMupdf('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
  pptx: office('pptx', convertPptx, viaMupdf('pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation')),
  // Until the spreadsheet converter (formats/spreadsheet.ts) replaces these two.
  xlsx: spreadsheet,
  xlsm: spreadsheet,
  epub: viaMupdf('epub', 'application/epub+zip'),
  html: viaText('html'),
  text: viaText('text'),
  markdown: viaText('markdown'),
  // Drawn as a grid like a sheet (csv-pages.ts): mupdf's HTML table layout grew faster than the rows.
  csv: (bytes, context) => convertCsv(bytes, { maxPages: context.maxPages }),
  // e-mail (eml, msg): op 'email' of the render task, see the header of this file.
  odt: viaLibreOffice('odt'),
  ods: viaLibreOffice('ods'),
  odp: viaLibreOffice('odp'),
  rtf: viaLibreOffice('rtf'),
  doc: viaLibreOffice('doc'),
  xls: viaLibreOffice('xls'),
  ppt: viaLibreOffice('ppt'),
};

/** The format's converter runs on `bytes`. */
export async function convertFormat(format: FormatId, bytes: Uint8Array, context: ConvertContext): Promise<Rendition> {
  const converter = (CONVERTERS as Partial<Record<FormatId, Converter>>)[format];
  if (!converter) throw new Error(`No converter for ${format}`); // the dispatcher sends only converted formats
  return converter(bytes, context);
}

export function libreOfficeMissing(format: FormatId): string {
  return `${FORMATS[format].label} files are converted by LibreOffice, which is not installed on this server: install it (Debian/Ubuntu: apt-get install libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui) so that \`soffice\` is on PATH, or set SERVICE_LIBREOFFICE_PATH.`;
}

function checkPixels(size: { width: number; height: number }, context: ConvertContext): void {
  if (size.width * size.height > context.maxImagePixels) {
    throw new DocumentError('document_too_large', `The image is ${size.width} × ${size.height} pixels; at most ${context.maxImagePixels} pixels are accepted.`);
  }
}
