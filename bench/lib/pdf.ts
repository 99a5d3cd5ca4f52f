// A deterministic "mixed" PDF like real scanned-and-born-digital reports: dense text pages,
// text pages with a photo-like raster image, and vector-graphics pages (charts, shapes).
// Built with mupdf in a few hundred milliseconds, so no binary fixture lives in the repo.
import * as mupdf from 'mupdf';

const WIDTH = 612; // US Letter, points
const HEIGHT = 792;
const IMAGE_VARIANTS = 4;

export type PageKind = 'text' | 'image' | 'graphics';

/** Page i's kind: text, text + image, vector graphics, repeating. */
export const pageKind = (i: number): PageKind => (['text', 'image', 'graphics'] as const)[i % 3]!;

export function makeMixedPdf(pageCount: number): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = new mupdf.Font('Helvetica');
  try {
    const fontRef = doc.addSimpleFont(font);
    // A few distinct images shared by many pages, as logos and photos are in real files;
    // each page still decodes its image when rendered.
    const images = Array.from({ length: IMAGE_VARIANTS }, (_, v) => {
      const image = new mupdf.Image(photoLikePixmap(900, 600, v));
      try {
        return doc.addImage(image);
      } finally {
        image.destroy();
      }
    });
    for (let i = 0; i < pageCount; i++) {
      const kind = pageKind(i);
      const resources = doc.addObject(
        kind === 'image' ? { Font: { F1: fontRef }, XObject: { Im0: images[i % IMAGE_VARIANTS] } } : { Font: { F1: fontRef } },
      );
      const contents = kind === 'text' ? textContent(i, 45, 36) : kind === 'image' ? imagePageContent(i) : graphicsContent(i);
      doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, resources, contents));
    }
    const out = doc.saveToBuffer('compress');
    try {
      return Buffer.from(out.asUint8Array()); // copy out of WASM memory
    } finally {
      out.destroy();
    }
  } finally {
    font.destroy();
    doc.destroy();
  }
}

function escape(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** `lines` lines of 11 pt body text, starting `top` points below the top edge. */
function textContent(page: number, lines: number, top: number): string {
  const body = Array.from(
    { length: lines },
    (_, l) => `(${escape(`Page ${page + 1}, line ${l + 1}: The quick brown fox jumps over the lazy dog 0123456789.`)}) Tj T*`,
  );
  return `BT /F1 11 Tf 14 TL 36 ${HEIGHT - top - 11} Td ${body.join(' ')} ET`;
}

function imagePageContent(page: number): string {
  // A 6 × 4 inch picture in the upper half, 18 lines of text below it.
  return `q 432 0 0 288 90 450 cm /Im0 Do Q ${textContent(page, 18, 370)}`;
}

/** A bar chart, a line plot with Bézier curves, filled circles and a grid: many small paths. */
function graphicsContent(page: number): string {
  const ops: string[] = ['0.5 w'];
  // Grid
  ops.push('0.8 0.8 0.8 RG');
  for (let x = 72; x <= 540; x += 18) ops.push(`${x} 400 m ${x} 720 l S`);
  for (let y = 400; y <= 720; y += 16) ops.push(`72 ${y} m 540 ${y} l S`);
  // Bars
  for (let b = 0; b < 24; b++) {
    const h = 40 + ((page * 37 + b * 53) % 260);
    ops.push(`${(b % 3) * 0.3} ${0.4 + (b % 5) * 0.1} ${0.9 - (b % 4) * 0.2} rg ${76 + b * 19} 400 14 ${h} re f`);
  }
  // Curves
  ops.push('2 w 0.8 0.1 0.1 RG 72 420 m');
  for (let s = 0; s < 12; s++) {
    const x = 72 + s * 39;
    ops.push(`${x + 13} ${500 + ((s * 71 + page) % 200)} ${x + 26} ${430 + ((s * 29 + page) % 250)} ${x + 39} ${460 + ((s * 53) % 220)} c`);
  }
  ops.push('S');
  // Circles (four Béziers each), semi-randomly placed in the lower half
  for (let c = 0; c < 40; c++) {
    const cx = 90 + ((c * 97 + page * 13) % 430);
    const cy = 80 + ((c * 61 + page * 7) % 280);
    const r = 6 + (c % 7) * 3;
    const k = r * 0.5523;
    ops.push(
      `${(c % 7) / 7} ${(c % 3) / 3} ${(c % 5) / 5} rg ${cx + r} ${cy} m ` +
        `${cx + r} ${cy + k} ${cx + k} ${cy + r} ${cx} ${cy + r} c ${cx - k} ${cy + r} ${cx - r} ${cy + k} ${cx - r} ${cy} c ` +
        `${cx - r} ${cy - k} ${cx - k} ${cy - r} ${cx} ${cy - r} c ${cx + k} ${cy - r} ${cx + r} ${cy - k} ${cx + r} ${cy} c f`,
    );
  }
  return `${ops.join('\n')}\n0 g BT /F1 14 Tf 72 740 Td (${escape(`Figure ${page + 1}: quarterly figures`)}) Tj ET`;
}

/** Smooth gradients plus fine deterministic noise: compresses like a photo, not like a flat fill. */
function photoLikePixmap(width: number, height: number, variant: number): mupdf.Pixmap {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], false);
  const px = pixmap.getPixels();
  const stride = pixmap.getStride();
  let seed = 12345 + variant * 7919;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >> 16) % 24;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * stride + x * 3;
      px[at] = (x * 255) / width + noise() - 12;
      px[at + 1] = (y * 255) / height + noise() - 12;
      px[at + 2] = 128 + 100 * Math.sin((x + y + variant * 50) / 40) + noise() - 12;
    }
  }
  return pixmap;
}
