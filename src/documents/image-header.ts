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
