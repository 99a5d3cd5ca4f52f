// The native image codec for page images: sharp (libvips, zlib-ng, mozjpeg), an optional
// dependency loaded at run time. PNG from it decodes to exactly the pixels of the built-in
// encoder's PNG (png-encode.ts; test/unit/page-codec.test.ts compares them), for ~40 % less CPU a
// page. Where it cannot be loaded (no prebuilt binary for the platform), pages are encoded as
// before: PNG by png-encode.ts, JPEG by mupdf.
import type { default as SharpFactory } from 'sharp';

/** sharp's factory function (its default export). */
export type NativeCodec = typeof SharpFactory;

/** The image format of rendered pages (SERVICE_RENDER_FORMAT, SERVICE_RENDER_JPEG_QUALITY). */
export type PageImageFormat = { format: 'png' } | { format: 'jpeg'; quality: number };

export const PNG_PAGES: PageImageFormat = { format: 'png' };

export function pageMediaType(format: PageImageFormat): 'image/png' | 'image/jpeg' {
  return format.format === 'jpeg' ? 'image/jpeg' : 'image/png';
}

/** The format from the config's settings. */
export function pageImageFormat(config: { renderFormat: 'png' | 'jpeg'; renderJpegQuality: number }): PageImageFormat {
  return config.renderFormat === 'jpeg' ? { format: 'jpeg', quality: config.renderJpegQuality } : PNG_PAGES;
}

/**
 * zlib level of the native PNG encoder. Measured on the bench's mixed pages (1275 × 1650): level 1
 * ~15 ms and 893 KiB, level 2 ~20 ms and 761 KiB, level 3 ~22 ms and 753 KiB, against the built-in
 * encoder's ~35 ms and 776 KiB (Node's zlib, level 3, CPU time including the scanline copy).
 * Level 2 is the fastest that sends no more bytes than before.
 */
export const NATIVE_PNG_LEVEL = 2;

/** Rows of pixels, packed (no padding between rows), `components` bytes a pixel. */
export interface RawPixels {
  width: number;
  height: number;
  /** 1 (grey), 3 (RGB), or 2 / 4 with alpha. */
  components: number;
  data: Buffer;
}

let codec: NativeCodec | null = null;
let tried: Promise<string | null> | undefined;

/** The codec loaded on this thread, or null (not loaded, or unavailable). */
export function nativeCodec(): NativeCodec | null {
  return codec;
}

/**
 * Loads the native codec on this thread (once; later calls share the answer): null when loaded,
 * else why it is unavailable.
 */
export function loadNativeCodec(): Promise<string | null> {
  tried ??= (async () => {
    try {
      const sharp = ((await import('sharp')) as unknown as { default: NativeCodec }).default;
      // Each call encodes a buffer it is handed once: libvips's operation cache would only hold memory.
      sharp.cache(false);
      codec = sharp;
      return null;
    } catch (err) {
      return (err as Error)?.message?.split('\n')[0] ?? String(err);
    }
  })();
  return tried;
}

/** Sets (or with null, removes) this thread's codec; for tests that compare encoders. */
export function setNativeCodec(next: NativeCodec | null): void {
  codec = next;
}

/**
 * Encodes packed pixels as PNG (8 bits a sample, no filtering, no palette, no metadata: the same
 * samples as png-encode.ts writes) or JPEG at the format's quality. The result is a buffer of its
 * own (the caller may reuse `pixels.data` once it resolves).
 */
export async function encodeNative(sharp: NativeCodec, pixels: RawPixels, format: PageImageFormat): Promise<Buffer> {
  const image = sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: pixels.components as 1 | 2 | 3 | 4 },
    limitInputPixels: false,
  });
  // libvips writes one-channel raw input as RGB unless told to keep it grey (same values, 3× the samples).
  if (pixels.components <= 2) image.toColourspace('b-w');
  // JPEG without optimised Huffman tables: measured on the bench pages at quality 85, ~8 ms a page
  // instead of ~22 ms, for 287 KiB instead of 265 KiB (PNG: 761 KiB).
  return format.format === 'jpeg'
    ? image.jpeg({ quality: format.quality, optimiseCoding: false }).toBuffer()
    : image.png({ compressionLevel: NATIVE_PNG_LEVEL, adaptiveFiltering: false, palette: false }).toBuffer();
}
