// Image dimensions read from the header without decoding. mupdf decodes a whole PNG as soon as it
// is opened (and throws on a TIFF it cannot allocate), so a tiny, highly compressed image bomb must
// be refused from its header before any decoder runs (issue 48): `checkImageHeader` reads PNG, JPEG,
// TIFF (every page), BMP, GIF (the screen and every frame) and WEBP.
import { DocumentError } from './errors.js';

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

export type ImageHeaderFormat = 'png' | 'jpeg' | 'tiff' | 'bmp' | 'gif' | 'webp';

export interface ImageHeaderSize {
  format: ImageHeaderFormat;
  width: number;
  height: number;
}

/**
 * The largest pixel size an image's header claims (for a TIFF, its largest page; for a GIF, its
 * screen or largest frame), or null when the bytes are none of these formats or the header cannot
 * be read (the decoder then judges the file, as before).
 */
export function readImageHeader(bytes: Uint8Array): ImageHeaderSize | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) {
    const size = readPngSize(b);
    return size ? { format: 'png', ...size } : null;
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return withFormat('jpeg', readJpegSize(b));
  const head = b.toString('latin1', 0, 4);
  if (head === 'II*\0' || head === 'MM\0*') return withFormat('tiff', readTiffSize(b));
  if (head.startsWith('BM')) return withFormat('bmp', readBmpSize(b));
  if (/^GIF8[79]a/.test(b.toString('latin1', 0, 6))) return withFormat('gif', readGifSize(b));
  if (head === 'RIFF' && b.length >= 12 && b.toString('latin1', 8, 12) === 'WEBP') return withFormat('webp', readWebpSize(b));
  return null;
}

/**
 * Refuses an image whose header claims more than `maxPixels` pixels with `document_too_large`,
 * before anything decodes it; returns what the header says (null: no readable header).
 */
export function checkImageHeader(bytes: Uint8Array, maxPixels: number): ImageHeaderSize | null {
  const size = readImageHeader(bytes);
  if (size && size.width * size.height > maxPixels) {
    throw new DocumentError(
      'document_too_large',
      `The image is ${size.width} × ${size.height} pixels (by its ${size.format.toUpperCase()} header); at most ${maxPixels} pixels are accepted.`,
    );
  }
  return size;
}

type Size = { width: number; height: number };

const withFormat = (format: ImageHeaderFormat, size: Size | null): ImageHeaderSize | null => (size && size.width > 0 && size.height > 0 ? { format, ...size } : null);

const larger = (a: Size | null, b: Size): Size => (!a || b.width * b.height > a.width * a.height ? b : a);

/** The first start-of-frame segment (SOF0-SOF15 but DHT, JPG, DAC): height, then width. */
function readJpegSize(b: Buffer): Size | null {
  let pos = 2;
  while (pos + 3 < b.length) {
    if (b[pos] !== 0xff) return null;
    const marker = b[pos + 1]!;
    if (marker === 0xff) {
      pos += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // no frame header before the scan
    const length = b.readUInt16BE(pos + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (pos + 9 > b.length) return null;
      return { height: b.readUInt16BE(pos + 5), width: b.readUInt16BE(pos + 7) };
    }
    pos += 2 + length;
  }
  return null;
}

/** Every IFD (page) of a TIFF, its ImageWidth (256) and ImageLength (257): the largest page. */
function readTiffSize(b: Buffer): Size | null {
  if (b.length < 8) return null;
  const le = b[0] === 0x49;
  const u16 = (at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
  let best: Size | null = null;
  let ifd = u32(4);
  const seen = new Set<number>();
  // Bounded: a loop of IFDs, or more pages than any accepted document has, ends the walk.
  while (ifd !== 0 && ifd + 2 <= b.length && !seen.has(ifd) && seen.size < 10_000) {
    seen.add(ifd);
    const count = u16(ifd);
    let width = 0;
    let height = 0;
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (entry + 12 > b.length) break;
      const tag = u16(entry);
      if (tag !== 256 && tag !== 257) continue;
      const type = u16(entry + 2);
      const value = type === 3 ? u16(entry + 8) : type === 4 ? u32(entry + 8) : 0;
      if (tag === 256) width = value;
      else height = value;
    }
    if (width > 0 && height > 0) best = larger(best, { width, height });
    const next = ifd + 2 + count * 12;
    if (next + 4 > b.length) break;
    ifd = u32(next);
  }
  return best;
}

/** BITMAPCOREHEADER (12 bytes: 16-bit sides) or a later info header (32-bit, height signed). */
function readBmpSize(b: Buffer): Size | null {
  if (b.length < 26) return null;
  const headerSize = b.readUInt32LE(14);
  if (headerSize === 12) return { width: b.readUInt16LE(18), height: b.readUInt16LE(20) };
  if (headerSize < 16 || b.length < 26) return null;
  return { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
}

/** The logical screen, and every frame's image descriptor (a frame may claim more than the screen). */
function readGifSize(b: Buffer): Size | null {
  if (b.length < 13) return null;
  let best: Size | null = { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  const flags = b[10]!;
  let pos = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const skipBlocks = () => {
    while (pos < b.length) {
      const n = b[pos]!;
      pos += 1 + n;
      if (n === 0) return;
    }
  };
  while (pos < b.length) {
    const kind = b[pos]!;
    if (kind === 0x3b) break; // trailer
    if (kind === 0x21) {
      pos += 2; // extension introducer and label, then sub-blocks
      skipBlocks();
    } else if (kind === 0x2c) {
      if (pos + 10 > b.length) break;
      best = larger(best, { width: b.readUInt16LE(pos + 5), height: b.readUInt16LE(pos + 7) });
      const local = b[pos + 9]!;
      pos += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0);
      pos += 1; // LZW minimum code size
      skipBlocks();
    } else {
      break;
    }
  }
  return best;
}

/** VP8X (the canvas), VP8L (lossless) or VP8 (lossy key frame). */
function readWebpSize(b: Buffer): Size | null {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  return null;
}
