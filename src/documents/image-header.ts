// PNG dimensions read from the IHDR chunk without decoding. mupdf decodes a whole PNG as soon
// as it is opened, so a tiny, highly compressed "PNG bomb" must be rejected before that.

/** Width and height from a PNG's IHDR chunk, or null when the header is malformed. */
export function readPngSize(bytes: Buffer): { width: number; height: number } | null {
  // 8-byte signature, then the first chunk: length (4), type "IHDR" (4), width (4), height (4).
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * Whether a JPEG's bytes reach the end of its image: the marker segments before the scan are
 * whole, and an end-of-image marker (FFD9) follows the first scan. mupdf decodes a JPEG cut short
 * without complaint (the missing rows come out grey), so a truncated upload would otherwise be
 * sent to the model. Inside entropy-coded data 0xFF is always stuffed (FF00) or a restart marker,
 * so FFD9 after the scan is the real end; data a camera appends after it does not matter.
 */
export function jpegIsComplete(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let pos = 2;
  while (pos + 1 < bytes.length) {
    if (bytes[pos] !== 0xff) return false;
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return false; // end of image before any scan
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2; // markers without a length
      continue;
    }
    if (pos + 4 > bytes.length) return false;
    const end = pos + 2 + bytes.readUInt16BE(pos + 2);
    if (end > bytes.length) return false;
    if (marker === 0xda) return bytes.indexOf(Buffer.from([0xff, 0xd9]), end) !== -1;
    pos = end;
  }
  return false;
}
