// Pure sizing rules for rasterising a page: one place decides the pixel size, so inspection
// (fail early) and rendering (do it) can never disagree.
import { DocumentError } from './errors.js';

export interface RenderLimits {
  /** Target resolution in dots per inch. */
  dpi: number;
  /** Upper bound on width * height of any produced image. */
  maxPixels: number;
  /**
   * Lowest effective resolution accepted when a page must be scaled down to fit maxPixels.
   * Below it text is illegible to any model, so we fail clearly instead of sending a blur that
   * invites hallucinated output. Capped at `dpi`. Default DEFAULT_MIN_DPI.
   */
  minDpi?: number;
}

/**
 * 24 DPI keeps every real paper size (4A0 included) renderable under the default 4 MP cap,
 * while a 200 × 200 inch page (14400 pt, the PDF maximum without UserUnit) is rejected.
 */
/**
 * Largest image (in pixels) we agree to decode. A decoded PNG is held whole in WASM memory as
 * RGBA, so 100 MP is ~400 MB; anything bigger is a decompression bomb or not a document scan.
 */
export const DEFAULT_MAX_IMAGE_PIXELS = 100_000_000;

export const DEFAULT_MIN_DPI = 24;

export interface RenderPlan {
  /** Points-to-pixels factor to apply after moving the page origin to (0, 0). */
  scale: number;
  width: number;
  height: number;
  /** True when the page was scaled below `dpi` to respect `maxPixels`. */
  downscaled: boolean;
}

const POINTS_PER_INCH = 72;

/**
 * Size of the pixmap for a page of `widthPt` × `heightPt` points. The page is rendered at `dpi`
 * unless that exceeds `maxPixels`, in which case it is scaled so that even after rounding each
 * side up to whole pixels, width * height ≤ maxPixels.
 * Throws DocumentError document_page_too_large when the fitted page falls below the minimum DPI.
 */
export function planPageRender(widthPt: number, heightPt: number, limits: RenderLimits, pageNumber: number): RenderPlan {
  if (!(Number.isFinite(widthPt) && Number.isFinite(heightPt) && widthPt > 0 && heightPt > 0)) {
    throw new DocumentError('document_corrupt', `Page ${pageNumber} has no drawable area.`);
  }
  const nominal = limits.dpi / POINTS_PER_INCH;
  const nominalW = toPixels(widthPt * nominal);
  const nominalH = toPixels(heightPt * nominal);
  if (nominalW * nominalH <= limits.maxPixels) {
    return { scale: nominal, width: nominalW, height: nominalH, downscaled: false };
  }
  // Largest s with (w·s + 1)(h·s + 1) ≤ maxPixels, since ceil(x) ≤ x + 1: the positive root of
  // w·h·s² + (w + h)·s + (1 − maxPixels) = 0. The tiny margin absorbs mupdf's float32 rounding.
  const a = widthPt * heightPt;
  const b = widthPt + heightPt;
  const c = 1 - limits.maxPixels;
  const scale = ((-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a)) * 0.9999;
  const minDpi = Math.min(limits.minDpi ?? DEFAULT_MIN_DPI, limits.dpi);
  if (!(scale > 0) || scale * POINTS_PER_INCH < minDpi) {
    const inches = (pt: number) => (pt / POINTS_PER_INCH).toFixed(1);
    throw new DocumentError(
      'document_page_too_large',
      `Page ${pageNumber} measures ${inches(widthPt)} × ${inches(heightPt)} inches; within the limit of ` +
        `${limits.maxPixels} pixels it would render below ${minDpi} DPI and be illegible.`,
    );
  }
  return {
    scale,
    width: toPixels(widthPt * scale),
    height: toPixels(heightPt * scale),
    downscaled: true,
  };
}

/**
 * Whole pixels covering `x`, rounded like mupdf's fz_round_rect (which ignores a 0.001 overshoot,
 * so 792 pt at 150 DPI is 1650 pixels, not 1651). Never more than x + 1, which the cap relies on.
 */
function toPixels(x: number): number {
  return Math.max(1, Math.ceil(x - 0.001));
}

/** Pixel size of an image scaled to fit maxPixels, keeping its aspect ratio as far as whole pixels allow. */
export function fitImage(width: number, height: number, maxPixels: number): { width: number; height: number } {
  if (width * height <= maxPixels) return { width, height };
  const s = Math.sqrt(maxPixels / (width * height));
  // Degenerate aspect ratios would round a side to 0 or push the product over the cap.
  const h = Math.min(Math.max(1, Math.floor(height * s)), maxPixels);
  const w = Math.min(Math.max(1, Math.floor(width * s)), Math.floor(maxPixels / h));
  return { width: w, height: h };
}
