// The built-in PNG encoder, used where the native codec (page-codec.ts: sharp) cannot be loaded,
// and the reference its PNGs are compared with (test/unit/page-codec.test.ts).
// PNG encoding in Node rather than in mupdf: mupdf's asPNG() deflates inside WASM (~120 ms of a
// 150 DPI page, measured), Node's zlib takes ~40 ms at level 3. It runs synchronously on the calling
// thread, which is a render thread (src/documents/pool.ts): not libuv's thread pool, whose threads
// the whole process shares (file system, DNS) and whose malloc arenas keep what a 6 MB page input
// made them grow.
import zlib from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * zlib level for IDAT. Measured on a 1275 × 1650 text page: level 3 ≈ 15 ms and 484 KiB, level 6
 * ≈ 36 ms and 448 KiB (mupdf's own PNG: 411 KiB). The model is billed by pixels, not bytes. On the
 * mixed bench pages level 1 was no faster than 3; Z_RLE was ~40 % faster but 32 % larger (a page's
 * bytes go over the network to the model, so size is not free).
 */
const DEFLATE_LEVEL = 3;

/** Colour types we write: 8-bit greyscale or truecolour, no alpha. */
const COLOR_TYPE_BY_COMPONENTS: Record<number, number> = { 1: 0, 3: 2 };

/** Pixel rows of a raster image, already copied out of WASM memory and prefixed per PNG scanline. */
export interface FilteredScanlines {
  width: number;
  height: number;
  /** Components per pixel: 1 (grey) or 3 (RGB). */
  components: number;
  /** height × (1 + width × components) bytes: filter type 0 (None) then the row's samples. */
  data: Buffer;
}

/**
 * Copies `height` rows of `width × components` bytes from `samples` (rows `stride` bytes apart,
 * e.g. a view of mupdf's pixmap memory) into PNG scanlines with filter type None; `samples` may be
 * released as soon as it returns. `scratch`, when large enough, is written instead of a new
 * buffer (a render thread reuses one for every page rather than allocating 6 MB each time).
 */
export function toScanlines(
  samples: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  stride: number,
  components: number,
  scratch?: Buffer,
): FilteredScanlines {
  if (COLOR_TYPE_BY_COMPONENTS[components] === undefined) {
    throw new Error(`Cannot write a PNG with ${components} components per pixel`);
  }
  const rowBytes = width * components;
  if (!(width > 0 && height > 0) || stride < rowBytes || samples.length < stride * (height - 1) + rowBytes) {
    throw new Error(`Pixel buffer of ${samples.length} bytes does not hold ${width} × ${height} × ${components} (stride ${stride})`);
  }
  const src = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  const size = height * (rowBytes + 1);
  const data = scratch && scratch.length >= size ? scratch.subarray(0, size) : Buffer.allocUnsafe(size);
  for (let y = 0, out = 0, at = 0; y < height; y++, out += rowBytes + 1, at += stride) {
    data[out] = 0; // filter type None
    data.set(src.subarray(at, at + rowBytes), out + 1);
  }
  return { width, height, components, data };
}

/** encodePngSync, for callers that prefer a promise. */
export async function encodePng(lines: FilteredScanlines): Promise<Buffer> {
  return encodePngSync(lines);
}

/** A standard PNG (signature, IHDR, one IDAT, IEND) from filtered scanlines, deflated on this thread. */
export function encodePngSync(lines: FilteredScanlines): Buffer {
  const colorType = COLOR_TYPE_BY_COMPONENTS[lines.components];
  if (colorType === undefined) throw new Error(`Cannot write a PNG with ${lines.components} components per pixel`);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(lines.width, 0);
  ihdr.writeUInt32BE(lines.height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colorType;
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method: adaptive (per-row filter bytes)
  ihdr[12] = 0; // no interlace
  // One output chunk for a typical page (zlib's default 16 KiB chunks are concatenated afterwards).
  const idat = zlib.deflateSync(lines.data, { level: DEFLATE_LEVEL, chunkSize: 1 << 20 });
  // One copy into the result, in a buffer of its own (never Node's shared pool), so a render
  // thread can transfer it to the main thread instead of copying it.
  const parts = [PNG_SIGNATURE, ...chunk('IHDR', ihdr), ...chunk('IDAT', idat), ...chunk('IEND', Buffer.alloc(0))];
  const png = Buffer.allocUnsafeSlow(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) at += p.copy(png, at);
  return png;
}

function chunk(type: string, body: Buffer): Buffer[] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  // The CRC covers the chunk type and data, not the length.
  tail.writeUInt32BE(crc32(body, crc32(head.subarray(4))), 0);
  return [head, body, tail];
}

/** zlib.crc32 exists from Node 20.15; package.json allows any Node 20, so keep a table fallback. */
const crc32: (data: Uint8Array, value?: number) => number =
  typeof zlib.crc32 === 'function' ? (data, value) => zlib.crc32(data, value) >>> 0 : tableCrc32;

let crcTable: Uint32Array | undefined;

export function tableCrc32(data: Uint8Array, value = 0): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = ~value >>> 0;
  for (let i = 0; i < data.length; i++) c = crcTable[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
