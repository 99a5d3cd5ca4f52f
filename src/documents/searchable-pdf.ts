// A searchable PDF of a file (issue 54): pages with their own text pass through unchanged; a page
// read with OCR becomes its page image with the OCR words over it as invisible text (text render
// mode 3), each word placed and stretched onto its box, so a viewer can search and copy it.
// Runs mupdf on the calling thread.
import * as mupdf from 'mupdf';

export interface SearchableWord {
  text: string;
  /** Page fractions (0..1, origin top-left). */
  box: { x0: number; y0: number; x1: number; y1: number };
}

export type SearchablePage =
  | { kind: 'keep'; index: number }
  | { kind: 'image'; image: Buffer; pointsPerPixel: number; words: SearchableWord[] };

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/** PDF string of `text` in the font's WinAnsi-like single-byte encoding; characters it lacks become '?'. */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const c = code < 32 || code > 255 ? '?' : ch;
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `(${out})`;
}

/** The pages in order: `keep` pages copied from `source` (a PDF; zero-based index), `image` pages built. */
export function buildSearchablePdf(source: Buffer | null, pages: SearchablePage[]): Buffer {
  const out = new mupdf.PDFDocument();
  const src = source && pages.some((p) => p.kind === 'keep') ? (mupdf.Document.openDocument(source, 'application/pdf') as mupdf.PDFDocument) : null;
  const font = new mupdf.Font('Helvetica');
  try {
    const fontRef = out.addSimpleFont(font, 'Latin');
    for (const page of pages) {
      if (page.kind === 'keep') {
        out.graftPage(-1, src!, page.index);
        continue;
      }
      const image = new mupdf.Image(page.image);
      try {
        const imageRef = out.addImage(image);
        const resources = out.addObject({ Font: { F1: fontRef }, XObject: { Im0: imageRef } });
        const W = image.getWidth() * page.pointsPerPixel;
        const H = image.getHeight() * page.pointsPerPixel;
        const ops = [`q ${num(W)} 0 0 ${num(H)} 0 0 cm /Im0 Do Q`, 'BT 3 Tr'];
        for (const w of page.words) {
          const text = w.text.trim();
          if (!text) continue;
          const boxW = (w.box.x1 - w.box.x0) * W;
          const boxH = (w.box.y1 - w.box.y0) * H;
          if (!(boxW > 0 && boxH > 0)) continue;
          const size = Math.max(1, boxH * 0.9);
          const advance = [...text].reduce((sum, ch) => sum + font.advanceGlyph(font.encodeCharacter(ch)), 0) * size;
          const stretch = advance > 0 ? (100 * boxW) / advance : 100;
          // Baseline a fifth of the box above its bottom (descenders), in PDF space (origin bottom-left).
          const baseline = H - w.box.y1 * H + boxH * 0.2;
          ops.push(`/F1 ${num(size)} Tf ${num(stretch)} Tz 1 0 0 1 ${num(w.box.x0 * W)} ${num(baseline)} Tm ${pdfString(text)} Tj`);
        }
        ops.push('ET');
        out.insertPage(-1, out.addPage([0, 0, W, H], 0, resources, ops.join('\n')));
      } finally {
        image.destroy();
      }
    }
    const buffer = out.saveToBuffer('compress,garbage');
    try {
      return Buffer.from(buffer.asUint8Array());
    } finally {
      buffer.destroy();
    }
  } finally {
    font.destroy();
    src?.destroy();
    out.destroy();
  }
}
