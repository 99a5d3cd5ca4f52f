// What an upload in another format than PDF, PNG or JPEG becomes: its format named from the bytes
// (sniffer), the format's converter run in the render pool within SERVICE_CONVERSION_TIMEOUT_S,
// and every refusal a 400 with a stable code (nothing is stored for a refused upload).
import type { Config } from '../config/index.js';
import {
  CONVERTERS,
  DEFAULT_MAX_IMAGE_PIXELS,
  FORMATS,
  convertInPool,
  declaredTypeAgrees,
  findLibreOffice,
  inspectDocumentInPool,
  readFormInPool,
  isDocumentError,
  libreOfficeMissing,
  sniffFormat,
  type FormatId,
  type Rendition,
  type UploadHints,
} from '../documents/index.js';
import { serviceError } from '../errors.js';

export interface Converted {
  format: FormatId;
  mediaType: string;
  rendition: Rendition;
}

/** The formats accepted, as the refusal of any other names them. */
export function acceptedFormats(): string {
  return (Object.keys(FORMATS) as FormatId[])
    .filter((f) => f === 'pdf' || f === 'png' || f === 'jpeg' || f === 'eml' || f === 'msg' || CONVERTERS[f])
    .map((f) => FORMATS[f].label + (FORMATS[f].libreOffice ? ' (with LibreOffice)' : ''))
    .join(', ');
}

/** The soffice binary uploads are converted with: none when SERVICE_LIBREOFFICE is off or none is installed. */
export function libreOfficeFor(config: Pick<Config, 'libreOffice' | 'libreOfficePath'>): string | null {
  return config.libreOffice === 'off' ? null : findLibreOffice(config.libreOfficePath);
}

export async function convertUpload(bytes: Buffer, hints: UploadHints, config: Config): Promise<Converted> {
  try {
    const format = sniffFormat(bytes, hints);
    if (!format || (!CONVERTERS[format] && format !== 'pdf')) {
      const what = format ? `${FORMATS[format].label} is recognised but not accepted yet` : 'the bytes are of no accepted format';
      throw serviceError('unsupported_media_type', `The file cannot be read: ${what}. Accepted: ${acceptedFormats()}.`);
    }
    if (!declaredTypeAgrees(hints.declaredType, format)) {
      throw serviceError('unsupported_media_type', `The declared media type '${hints.declaredType}' does not match the file's bytes (${FORMATS[format].mediaType})`);
    }
    const libreOffice = libreOfficeFor(config);
    if (FORMATS[format].libreOffice && !libreOffice) throw serviceError('converter_unavailable', libreOfficeMissing(format));
    const rendition = await convertInPool(bytes, format, {
      maxPages: config.maxPages,
      maxImagePixels: DEFAULT_MAX_IMAGE_PIXELS,
      libreOffice,
      timeoutMs: config.conversionTimeoutS * 1000,
    });
    return { format, mediaType: FORMATS[format].mediaType, rendition };
  } catch (err) {
    // The document, not the request, is at fault: the same codes a job fails with.
    if (isDocumentError(err)) throw serviceError(err.code, err.message);
    throw err;
  }
}

/**
 * A stored PDF's page count, or null when it cannot be read: such a PDF is still stored as before
 * (its jobs fail with the document's code), only its record has no count.
 */
export async function originalPageCount(pdf: Buffer, config: Config): Promise<number | null> {
  try {
    return (await inspectDocumentInPool(pdf, 'application/pdf', { dpi: config.renderDpi, maxPixels: config.renderMaxPixels, maxPages: config.maxPages })).pageCount;
  } catch (err) {
    if (isDocumentError(err)) return null;
    throw err;
  }
}

/**
 * A PDF with an AcroForm: the copy whose pages show the fields' values as page content (the pages
 * the model, the text layer and provenance read); null for a PDF without a form or one whose form
 * cannot be read (its own pages are used, as before).
 */
export async function formRendition(pdf: Buffer): Promise<Buffer | null> {
  try {
    return (await readFormInPool(pdf, true)).pdf as Buffer | null;
  } catch (err) {
    if (isDocumentError(err)) return null;
    throw err;
  }
}
