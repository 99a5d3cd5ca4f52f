// The one upload dispatcher: which files are accepted and how each becomes pages, for an upload
// and for an e-mail's attachment alike. The format comes from the sniffer (src/documents/sniff.ts)
// with the file's name and declared type as hints; what makes its pages from its registry entry
// (src/documents/formats/catalog.ts): PDF, PNG and JPEG are their own pages, an e-mail goes
// through its MIME parser (its attachments come back to be stored as files), every other format
// through its converter; the last two in the render pool, bounded by SERVICE_CONVERSION_TIMEOUT_S,
// off the API's event loop.
import type { Config } from '../config/index.js';
import {
  DEFAULT_MAX_IMAGE_PIXELS,
  FORMATS,
  convertInPool,
  declaredTypeAgrees,
  emailInPool,
  libreOfficeMissing,
  sniffFormat,
  type FormatId,
  type PageSource,
  type UploadHints,
} from '../documents/index.js';
import { serviceError } from '../errors.js';
import type { EmailAttachment, EmailMediaType } from '../documents/formats/email.js';
import type { FileKind, Rendition } from '../documents/formats/types.js';
import { asServiceError } from './document-errors.js';
import { acceptedFormats, formRendition, libreOfficeFor, originalPageCount } from './file-conversion.js';

export interface AcceptedFormat {
  format: FormatId;
  mediaType: string;
  kind: FileKind;
  /** What makes the pages (the registry entry's `pages`). */
  pages: PageSource;
  /** Its attachments become files of their own (an e-mail). */
  attachments: boolean;
  /** Extension for a stored attachment that came without a name. */
  extension: string;
}

/**
 * The format of the bytes if it is one we read (null otherwise), told by the bytes and, where they
 * are ambiguous (text), by the hints: an attachment's name and type count as an upload's do.
 * Throws DocumentError for a container too damaged to tell (a truncated ZIP, an encrypted file).
 */
export function acceptedFormat(bytes: Uint8Array, hints: UploadHints = {}): AcceptedFormat | null {
  const format = sniffFormat(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), hints);
  if (!format) return null;
  const info = FORMATS[format];
  return { format, mediaType: info.mediaType, kind: info.kind, pages: info.pages, attachments: info.attachments ?? false, extension: `.${info.extensions[0]}` };
}

/**
 * An upload's format, or its refusal as a 400: bytes of no accepted format, or a declared type
 * that contradicts them (an attachment's declared type is only a hint: see acceptedFormat).
 */
export function uploadFormat(bytes: Uint8Array, hints: UploadHints): AcceptedFormat {
  let format: AcceptedFormat | null;
  try {
    format = acceptedFormat(bytes, hints);
  } catch (err) {
    throw asServiceError(err);
  }
  if (!format) throw serviceError('unsupported_media_type', `The file cannot be read: the bytes are of no accepted format. Accepted: ${acceptedFormats()}.`);
  if (!declaredTypeAgrees(hints.declaredType, format.format)) {
    throw serviceError('unsupported_media_type', `The declared media type '${hints.declaredType}' does not match the file's bytes (${format.mediaType})`);
  }
  return format;
}

export interface Converted {
  /** Null: the upload's own bytes are its pages. */
  rendition: Rendition | null;
  /** Pages of the file (of its rendition where it has one); null for a PDF that cannot be read. */
  pageCount: number | null;
  attachments: EmailAttachment[];
}

/** The pages of an accepted file and, for an e-mail, its attachments; refusals are ServiceErrors with the document's code. */
export async function convertAccepted(bytes: Uint8Array, format: AcceptedFormat, config: Config): Promise<Converted> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (format.pages) {
      case 'original': {
        const pageCount = format.format === 'pdf' ? await originalPageCount(buffer, config) : 1;
        // A filled PDF form gets a rendition with its values drawn in (pdf-form.ts).
        const form = format.format === 'pdf' && pageCount !== null ? await formRendition(buffer) : null;
        return { rendition: form && pageCount !== null ? { kind: 'pdf', pdf: form, pageCount } : null, pageCount, attachments: [] };
      }
      case 'message': {
        const { rendition, attachments } = await emailInPool(buffer, format.mediaType as EmailMediaType, { maxPages: config.maxPages, timeoutMs: config.conversionTimeoutS * 1000 });
        return { rendition, pageCount: rendition.pageCount, attachments };
      }
      case 'converter': {
        const libreOffice = libreOfficeFor(config);
        if (FORMATS[format.format].libreOffice && !libreOffice) throw serviceError('converter_unavailable', libreOfficeMissing(format.format));
        const rendition = await convertInPool(buffer, format.format, {
          maxPages: config.maxPages,
          maxImagePixels: DEFAULT_MAX_IMAGE_PIXELS,
          libreOffice,
          timeoutMs: config.conversionTimeoutS * 1000,
        });
        return { rendition, pageCount: rendition.pageCount, attachments: [] };
      }
    }
  } catch (err) {
    throw asServiceError(err);
  }
}
