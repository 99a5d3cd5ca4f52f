// Media type from the bytes' signature; the declared type is only cross-checked against it.
// detectMediaType names the three formats whose bytes are their own pages (PDF, PNG, JPEG);
// sniffFormat names every accepted format from the whole file (formats/catalog.ts, the registry),
// for an upload and an e-mail's attachment alike (its filename and declared type are the hints).
import { FORMATS, type FormatId } from './formats/catalog.js';
import { compoundFileFormat, zipFormat } from './formats/containers.js';

export type SupportedMediaType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** Bytes a caller must supply to detectMediaType for a reliable answer. */
export const SNIFF_BYTES = 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const PDF_MARKER = Buffer.from('%PDF-', 'latin1');

/**
 * Detects PDF, PNG or JPEG from the first bytes of a file (at least SNIFF_BYTES if available).
 * PDF readers accept `%PDF-` anywhere in the first 1024 bytes (leading junk from mail gateways
 * and old generators), so we do too; image signatures must be at offset 0 and win over a
 * `%PDF-` that happens to appear inside image metadata.
 */
export function detectMediaType(head: Buffer): SupportedMediaType | null {
  if (startsWith(head, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(head, JPEG_SIGNATURE)) return 'image/jpeg';
  const window = head.subarray(0, SNIFF_BYTES);
  if (window.indexOf(PDF_MARKER) !== -1) return 'application/pdf';
  return null;
}

function startsWith(buf: Buffer, sig: Buffer): boolean {
  return buf.length >= sig.length && buf.compare(sig, 0, sig.length, 0, sig.length) === 0;
}

const ALIASES: Record<string, SupportedMediaType> = {
  'application/pdf': 'application/pdf',
  'application/x-pdf': 'application/pdf',
  'image/png': 'image/png',
  'image/x-png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
};

// Clients that do not know the type send these; the signature then decides alone.
const UNKNOWN_DECLARED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

export type TypeCheck =
  | { ok: true; mediaType: SupportedMediaType }
  | { ok: false; code: 'unsupported_media_type'; detail: string };

/**
 * Accepts the upload when its bytes are a supported type and the declared media type (if it
 * says anything) names the same type. The upload route answers a failure with 400.
 */
export function checkDeclaredType(declared: string | undefined, detected: SupportedMediaType | null): TypeCheck {
  const essence = normalizeMediaType(declared);
  if (detected === null) {
    return {
      ok: false,
      code: 'unsupported_media_type',
      detail: 'The file is not a PDF, PNG or JPEG (its content has none of their signatures).',
    };
  }
  if (UNKNOWN_DECLARED.has(essence)) return { ok: true, mediaType: detected };
  const claimed = ALIASES[essence];
  if (claimed === detected) return { ok: true, mediaType: detected };
  return {
    ok: false,
    code: 'unsupported_media_type',
    detail: claimed
      ? `The declared media type ${essence} does not match the file content, which is ${detected}.`
      : `The declared media type ${essence} is not supported; upload a PDF, PNG or JPEG.`,
  };
}

/** `Image/JPEG; charset=binary` → `image/jpeg`. */
function normalizeMediaType(declared: string | undefined): string {
  return (declared ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

const TIFF_LE = Buffer.from([0x49, 0x49, 0x2a, 0x00]);
const TIFF_BE = Buffer.from([0x4d, 0x4d, 0x00, 0x2a]);
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
const UTF16BE_BOM = Buffer.from([0xfe, 0xff]);

/** What the client said besides the bytes; consulted only where the bytes are ambiguous (text). */
export interface UploadHints {
  declaredType?: string | null;
  filename?: string | null;
}

/**
 * The format of a whole file, from its bytes. Containers are looked into (a ZIP's
 * [Content_Types].xml or mimetype entry, an OLE2 file's stream names); text is told apart by its
 * content (HTML, e-mail) and only then by the hints (Markdown, CSV). Null: none we accept.
 * Throws DocumentError for a container that is encrypted, corrupt, or a zip bomb.
 */
export function sniffFormat(bytes: Buffer, hints: UploadHints = {}, maxUnpackedBytes?: number): FormatId | null {
  const media = detectMediaType(bytes.subarray(0, SNIFF_BYTES));
  if (media === 'image/png') return 'png';
  if (media === 'image/jpeg') return 'jpeg';
  if (startsWith(bytes, ZIP_SIGNATURE)) return zipFormat(bytes, maxUnpackedBytes);
  if (startsWith(bytes, CFB_SIGNATURE)) return compoundFileFormat(bytes);
  if (media === 'application/pdf') return 'pdf';
  if (startsWith(bytes, TIFF_LE) || startsWith(bytes, TIFF_BE)) return 'tiff';
  if (bytes.length > 26 && bytes.toString('latin1', 0, 2) === 'BM' && bytes.readUInt32LE(14) >= 12) return 'bmp';
  if (/^GIF8[79]a/.test(bytes.toString('latin1', 0, 6))) return 'gif';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('latin1', 0, 5) === '{\\rtf') return 'rtf';
  const text = decodeText(bytes);
  return text === null ? null : textFormat(text, hints);
}

/**
 * The characters of a text file: UTF-16 with its BOM, or UTF-8 (BOM optional). Null for bytes
 * that are not text: invalid UTF-8, or NUL characters (binary data).
 */
export function decodeText(bytes: Uint8Array): string | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text: string;
  try {
    if (startsWith(buf, UTF16LE_BOM)) text = new TextDecoder('utf-16le', { fatal: true }).decode(buf.subarray(2));
    else if (startsWith(buf, UTF16BE_BOM)) text = new TextDecoder('utf-16be', { fatal: true }).decode(buf.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true }).decode(startsWith(buf, UTF8_BOM) ? buf.subarray(3) : buf);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (text.includes('\u0000') || /[\u0001-\u0008\u000e-\u001a]/.test(text.slice(0, 4096))) return null;
  return text;
}

const HTML_START = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype\s+html|<html[\s>])/i;
const HTML_ANYWHERE = /<(html|head|body)[\s>]/i;
// RFC 5322 headers at the very start: at least two of these, before the first blank line.
const MAIL_HEADERS = /^(from|to|subject|date|received|return-path|message-id|mime-version|delivered-to|reply-to|cc):/gim;
// The envelope line an mbox puts before each message ("From alice@example.com Thu Nov 26 10:00:00
// 2026"): kept by many mail clients when they save one message as .eml.
const MBOX_FROM_LINE = /^From \S+[^\r\n]*\r?\n/;

/**
 * Text: HTML, e-mail, or by the hints Markdown, CSV or plain text. This is the service's one
 * e-mail detector (an upload and an attachment alike): RFC 5322 headers from the first line, an
 * mbox envelope line before them allowed.
 */
function textFormat(text: string, hints: UploadHints): FormatId {
  if (HTML_START.test(text)) return 'html';
  // Before HTML found anywhere: a short HTML e-mail has <html> within its first kilobyte.
  const head = text.slice(0, 8192).replace(MBOX_FROM_LINE, '').split(/\r?\n\r?\n/, 1)[0]!;
  if (/^[\x21-\x39\x3b-\x7e]+:/.test(head) && (head.match(MAIL_HEADERS)?.length ?? 0) >= 2) return 'eml';
  if (HTML_ANYWHERE.test(text.slice(0, 1024))) return 'html';
  const declared = normalizeMediaType(hints.declaredType ?? undefined);
  const extension = /\.([a-z0-9]+)$/i.exec(hints.filename ?? '')?.[1]?.toLowerCase();
  for (const format of TEXT_BY_HINT) {
    const info = FORMATS[format];
    if (declared === info.mediaType || info.aliases?.includes(declared) || (extension !== undefined && info.extensions.includes(extension))) return format;
  }
  return 'text';
}

/** Text formats named by a declared type or a file name (Markdown, CSV), in the registry's order. */
const TEXT_BY_HINT = (Object.keys(FORMATS) as FormatId[]).filter((f) => FORMATS[f].textByHint);

/**
 * Whether the declared media type may stand beside the detected format: unknown or generic types
 * always, the format's own names always, anything else only where the bytes are ambiguous (a ZIP
 * container, text), where the bytes win.
 */
export function declaredTypeAgrees(declared: string | null | undefined, format: FormatId): boolean {
  const essence = normalizeMediaType(declared ?? undefined);
  const info = FORMATS[format];
  if (UNKNOWN_DECLARED.has(essence) || info.ambiguous) return true;
  return essence === info.mediaType || (info.aliases ?? []).includes(essence);
}

/** True when the first bytes are not of a format stored as it is (PDF, PNG, JPEG): the upload is read whole to convert it. */
export function needsConversion(head: Buffer): boolean {
  if (startsWith(head, ZIP_SIGNATURE) || startsWith(head, CFB_SIGNATURE)) return true;
  return detectMediaType(head.subarray(0, SNIFF_BYTES)) === null;
}
