// Which uploads are accepted and how each becomes pages, for the upload path and for e-mail
// attachments alike: the format from the sniffer (src/documents/sniff.ts), PDF, PNG and JPEG as
// they are, an e-mail through its MIME parser (its attachments come back to be stored as files),
// and every other format through the converter registry: both in the render pool, bounded by
// SERVICE_CONVERSION_TIMEOUT_S, off the API's event loop.
import type { Config } from '../config/index.js';
import { FORMATS, ORIGINAL_PAGES, emailInPool, isDocumentError, sniffFormat, type FormatId } from '../documents/index.js';
import { serviceError } from '../errors.js';
import type { EmailAttachment, EmailMediaType } from '../documents/formats/email.js';
import type { FileKind, Rendition } from '../documents/formats/types.js';
import { convertUpload, formRendition, originalPageCount } from './file-conversion.js';

export interface AcceptedFormat {
  format: FormatId;
  mediaType: string;
  kind: FileKind;
  /** What makes the pages: the upload itself (PDF, PNG, JPEG), the e-mail parser, or the registry. */
  converter: 'none' | 'email' | 'registry';
  /** Extension for a stored attachment that came without a name. */
  extension: string;
}

const EXTENSIONS: Partial<Record<FormatId, string>> = { jpeg: '.jpg', text: '.txt', markdown: '.md' };

/** The format of the bytes if it is one we read, from the bytes alone; null otherwise. */
export function acceptedFormat(bytes: Uint8Array): AcceptedFormat | null {
  const format = sniffFormat(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!format) return null;
  const info = FORMATS[format];
  const converter = ORIGINAL_PAGES.has(format) ? 'none' : format === 'eml' || format === 'msg' ? 'email' : 'registry';
  return { format, mediaType: info.mediaType, kind: info.kind, converter, extension: EXTENSIONS[format] ?? `.${format}` };
}

export interface Converted {
  /** Null: the upload's own bytes are its pages. */
  rendition: Rendition | null;
  /** Pages of the file (of its rendition where it has one); null for a PDF that cannot be read. */
  pageCount: number | null;
  attachments: EmailAttachment[];
}

/** The pages of an accepted upload and, for an e-mail, its attachments; refusals are ServiceErrors with the document's code. */
export async function convertAccepted(bytes: Uint8Array, format: AcceptedFormat, config: Config): Promise<Converted> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (format.converter) {
    case 'none': {
      const pageCount = format.format === 'pdf' ? await originalPageCount(buffer, config) : 1;
      // A filled PDF form gets a rendition with its values drawn in (pdf-form.ts).
      const form = format.format === 'pdf' && pageCount !== null ? await formRendition(buffer) : null;
      return { rendition: form && pageCount !== null ? { kind: 'pdf', pdf: form, pageCount } : null, pageCount, attachments: [] };
    }
    case 'email': {
      try {
        const { rendition, attachments } = await emailInPool(buffer, format.mediaType as EmailMediaType, { maxPages: config.maxPages, timeoutMs: config.conversionTimeoutS * 1000 });
        return { rendition, pageCount: rendition.pageCount, attachments };
      } catch (err) {
        // The document, not the request, is at fault: the same codes a job fails with, as a 400.
        if (isDocumentError(err)) throw serviceError(err.code, err.message);
        throw err;
      }
    }
    case 'registry': {
      const { rendition } = await convertUpload(buffer, {}, config);
      return { rendition, pageCount: rendition.pageCount, attachments: [] };
    }
  }
}
