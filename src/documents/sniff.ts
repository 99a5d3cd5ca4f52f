// Media type from the bytes' signature; the declared type is only cross-checked against it.

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
