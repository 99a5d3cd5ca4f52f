// Which uploads are accepted and how each becomes pages. The one function the upload path and the
// e-mail attachments both ask (`acceptedFormat`), so that the converter registry of issue 39's
// formats work can take its place in one spot.
import { detectMediaType } from '../documents/sniff.js';
import { DEFAULT_MAX_DECOMPRESSED_BYTES, convertSpreadsheet, detectSpreadsheet } from '../documents/formats/spreadsheet.js';
import { convertEmail, detectEmail, type EmailAttachment, type EmailMediaType } from '../documents/formats/email.js';
import type { FileKind, Rendition } from '../documents/formats/types.js';

export interface AcceptedFormat {
  mediaType: string;
  kind: FileKind;
  /** What makes the pages: the upload itself (PDF, PNG, JPEG) or a converter. */
  converter: 'none' | 'spreadsheet' | 'email';
  /** Extension for a stored attachment that came without a name. */
  extension: string;
}

/** The accepted formats, for error details. */
export const ACCEPTED_FORMATS = 'PDF, PNG, JPEG, XLSX, XLSM, e-mail (.eml, .msg)';

/** The format of the bytes if it is accepted, from the bytes alone; null otherwise. */
export function acceptedFormat(bytes: Uint8Array): AcceptedFormat | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 2048));
  const basic = detectMediaType(head);
  if (basic === 'application/pdf') return { mediaType: basic, kind: 'pdf', converter: 'none', extension: '.pdf' };
  if (basic === 'image/png') return { mediaType: basic, kind: 'image', converter: 'none', extension: '.png' };
  if (basic === 'image/jpeg') return { mediaType: basic, kind: 'image', converter: 'none', extension: '.jpg' };
  const sheet = detectSpreadsheet(bytes);
  if (sheet) return { mediaType: sheet, kind: 'spreadsheet', converter: 'spreadsheet', extension: sheet.includes('macroEnabled') ? '.xlsm' : '.xlsx' };
  const email = detectEmail(bytes);
  if (email) return { mediaType: email, kind: 'email', converter: 'email', extension: email === 'message/rfc822' ? '.eml' : '.msg' };
  return null;
}

export interface ConvertLimits {
  maxPages: number;
  maxDecompressedBytes?: number;
}

export interface Converted {
  rendition: Rendition | null;
  attachments: EmailAttachment[];
}

/** The pages of an accepted upload (null rendition: its own bytes are its pages) and, for an e-mail, its attachments. */
export async function convertAccepted(bytes: Uint8Array, format: AcceptedFormat, limits: ConvertLimits): Promise<Converted> {
  switch (format.converter) {
    case 'none':
      return { rendition: null, attachments: [] };
    case 'spreadsheet':
      return {
        rendition: await convertSpreadsheet(bytes, { maxPages: limits.maxPages, maxDecompressedBytes: limits.maxDecompressedBytes ?? DEFAULT_MAX_DECOMPRESSED_BYTES }),
        attachments: [],
      };
    case 'email': {
      const { rendition, attachments } = await convertEmail(bytes, format.mediaType as EmailMediaType, { maxPages: limits.maxPages });
      return { rendition, attachments };
    }
  }
}
