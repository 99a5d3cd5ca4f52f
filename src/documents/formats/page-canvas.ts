// A small page-drawing kit over mupdf's DocumentWriter for the built-in Office converters
// (docx-pages.ts, pptx-pages.ts): pages of a given size, runs of styled text laid out in lines
// within a width, lines, rectangles and pictures. What is drawn is what the text layer reads, so
// words are where the page shows them. Text uses the base-14 Helvetica faces (no font of the
// document is embedded).
import * as mupdf from 'mupdf';

export interface TextStyle {
  size: number;
  bold?: boolean;
  italic?: boolean;
  /** RGB 0..1; black when absent. */
  color?: [number, number, number];
}

export interface Run extends TextStyle {
  text: string;
}

export interface LaidLine {
  width: number;
  /** Height of the line (its tallest run × line spacing). */
  height: number;
  /** Distance from the line's top to its baseline. */
  ascent: number;
  pieces: Array<{ text: string; x: number; style: TextStyle }>;
}

const IDENTITY: mupdf.Matrix = [1, 0, 0, 1, 0, 0];
const LINE_SPACING = 1.2;

let faces: Record<string, mupdf.Font> | null = null;
function font(style: TextStyle): mupdf.Font {
  faces ??= {
    r: new mupdf.Font('Helvetica'),
    b: new mupdf.Font('Helvetica-Bold'),
    i: new mupdf.Font('Helvetica-Oblique'),
    bi: new mupdf.Font('Helvetica-BoldOblique'),
  };
  return faces[(style.bold ? 'b' : '') + (style.italic ? 'i' : '') || 'r']!;
}

const advances = new WeakMap<mupdf.Font, Map<number, number>>();
export function measure(text: string, style: TextStyle): number {
  const f = font(style);
  let known = advances.get(f);
  if (!known) advances.set(f, (known = new Map()));
  let w = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    let advance = known.get(code);
    if (advance === undefined) known.set(code, (advance = f.advanceGlyph(f.encodeCharacter(code), 0)));
    w += advance;
  }
  return w * style.size;
}

/**
 * Runs laid out in lines no wider than `width`, broken at spaces (inside a word only when one word
 * is wider than the line); '\n' in a run breaks the line. An empty paragraph is one empty line.
 */
export function layoutRuns(runs: Run[], width: number, defaultSize: number): LaidLine[] {
  const lines: LaidLine[] = [];
  let line: LaidLine = newLine(defaultSize);
  const push = () => {
    lines.push(line);
    line = newLine(defaultSize);
  };
  for (const run of runs) {
    const style: TextStyle = { size: run.size, bold: run.bold, italic: run.italic, color: run.color };
    run.text.split('\n').forEach((segment, s) => {
      if (s > 0) push();
      for (const token of segment.split(/(?<= )/)) {
        if (token === '') continue;
        let piece = token;
        let w = measure(piece, style);
        if (line.width + measure(piece.trimEnd(), style) > width && line.pieces.length > 0) push();
        // A word wider than the whole line: cut where it stops fitting.
        while (w > width && [...piece].length > 1) {
          const chars = [...piece];
          let fit = 1;
          while (fit < chars.length && measure(chars.slice(0, fit + 1).join(''), style) <= width) fit++;
          add(line, chars.slice(0, fit).join(''), style);
          push();
          piece = chars.slice(fit).join('');
          w = measure(piece, style);
        }
        add(line, piece, style);
      }
    });
  }
  if (line.pieces.length > 0 || lines.length === 0) lines.push(line);
  return lines;
}

function newLine(size: number): LaidLine {
  return { width: 0, height: size * LINE_SPACING, ascent: size * 0.95, pieces: [] };
}

function add(line: LaidLine, text: string, style: TextStyle): void {
  if (line.pieces.length === 0) text = text.trimStart();
  if (text === '') return;
  line.pieces.push({ text, x: line.width, style });
  line.width += measure(text, style);
  line.height = Math.max(line.height, style.size * LINE_SPACING);
  line.ascent = Math.max(line.ascent, style.size * 0.95);
}

export const linesHeight = (lines: LaidLine[]) => lines.reduce((h, l) => h + l.height, 0);

/** A PDF being drawn page by page. */
export class PdfCanvas {
  private readonly buffer = new mupdf.Buffer();
  private readonly writer = new mupdf.DocumentWriter(this.buffer, 'pdf', 'compress,compress-images');
  private device: mupdf.Device | null = null;
  private text: mupdf.Text | null = null;
  pageCount = 0;

  constructor(private readonly maxPages: number, private readonly onTooMany: (pages: number) => Error) {}

  beginPage(width: number, height: number): void {
    this.endPage();
    if (++this.pageCount > this.maxPages) throw this.onTooMany(this.pageCount);
    this.device = this.writer.beginPage([0, 0, width, height]);
    this.text = new mupdf.Text();
  }

  /** Lines drawn from (x, top), each aligned within `width`; returns the height used. */
  drawLines(lines: LaidLine[], x: number, top: number, width: number, align: 'left' | 'center' | 'right' = 'left'): number {
    let y = top;
    for (const line of lines) {
      const shift = align === 'center' ? (width - line.width) / 2 : align === 'right' ? width - line.width : 0;
      for (const p of line.pieces) this.showText(p.text, x + Math.max(0, shift) + p.x, y + line.ascent, p.style);
      y += line.height;
    }
    return y - top;
  }

  /** The colour of the text gathered so far: text is drawn in reading order, a colour change draws what is gathered. */
  private textColor: [number, number, number] = [0, 0, 0];

  private showText(text: string, x: number, baseline: number, style: TextStyle): void {
    const color = style.color ?? [0, 0, 0];
    if (color.some((c, i) => c !== this.textColor[i])) {
      this.flushText();
      this.textColor = color;
    }
    this.text!.showString(font(style), [style.size, 0, 0, -style.size, x, baseline], text);
  }

  private flushText(): void {
    this.device!.fillText(this.text!, IDENTITY, mupdf.ColorSpace.DeviceRGB, this.textColor, 1);
    this.text!.destroy();
    this.text = new mupdf.Text();
  }

  strokeRect(x: number, y: number, w: number, h: number, gray = 0, lineWidth = 0.5): void {
    const path = new mupdf.Path();
    path.rect(x, y, x + w, y + h);
    this.stroke(path, gray, lineWidth);
  }

  line(x0: number, y0: number, x1: number, y1: number, gray = 0, lineWidth = 0.5): void {
    const path = new mupdf.Path();
    path.moveTo(x0, y0);
    path.lineTo(x1, y1);
    this.stroke(path, gray, lineWidth);
  }

  fillRect(x: number, y: number, w: number, h: number, rgb: [number, number, number]): void {
    const path = new mupdf.Path();
    path.rect(x, y, x + w, y + h);
    this.device!.fillPath(path, false, IDENTITY, mupdf.ColorSpace.DeviceRGB, rgb, 1);
    path.destroy();
  }

  private stroke(path: mupdf.Path, gray: number, lineWidth: number): void {
    const stroke = new mupdf.StrokeState({ lineWidth, lineCap: 'Butt', lineJoin: 'Miter', miterLimit: 10 });
    this.device!.strokePath(path, stroke, IDENTITY, mupdf.ColorSpace.DeviceGray, [gray], 1);
    path.destroy();
  }

  /** A picture in the box; false when mupdf cannot read it (EMF, WMF, a damaged image): a frame stands in. */
  drawImage(bytes: Uint8Array, x: number, y: number, w: number, h: number): boolean {
    if (!(w > 0 && h > 0)) return false;
    let image: mupdf.Image | null = null;
    try {
      image = new mupdf.Image(bytes);
      this.device!.fillImage(image, [w, 0, 0, h, x, y], 1);
      return true;
    } catch {
      this.strokeRect(x, y, w, h, 0.7);
      return false;
    } finally {
      image?.destroy();
    }
  }

  endPage(): void {
    if (!this.device) return;
    this.flushText();
    this.text!.destroy();
    this.writer.endPage();
    this.device = null;
    this.text = null;
  }

  finish(): Uint8Array {
    this.endPage();
    this.writer.close();
    const pdf = new Uint8Array(this.buffer.asUint8Array());
    this.writer.destroy();
    this.buffer.destroy();
    return pdf;
  }

  destroy(): void {
    try {
      if (this.device) this.writer.endPage();
    } catch {
      // a page left open by a failure
    }
    try {
      this.writer.close();
    } catch {
      // closed already (finish)
    }
    try {
      this.writer.destroy();
      this.buffer.destroy();
    } catch {
      // already freed
    }
  }
}
