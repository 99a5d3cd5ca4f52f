// Word (DOCX) without LibreOffice: the body laid out on the section's page size and margins,
// with explicit page breaks, "page break before" and section breaks starting new pages; tables
// drawn as grids (the cells of a row side by side, borders where the table or its style has
// them); inline and anchored pictures drawn in the flow at their size; the section's header and
// footer on every page. Lost against Word: the document's fonts (Helvetica stands in), exact line
// breaking (so page breaks Word makes by itself fall elsewhere), floating positions (anchored
// pictures and text boxes are placed in the flow), numbering formats (list items get a bullet),
// footnotes, comments, tracked deletions, shapes and charts.
import { DocumentError } from '../errors.js';
import { child, children, descendants, num, Package, type XmlNode } from './ooxml.js';
import { layoutRuns, linesHeight, PdfCanvas, type LaidLine, type Run, type TextStyle } from './page-canvas.js';
import type { OfficeLimits } from './pptx-pages.js';

const TWIP = 1 / 20; // points per twip
const EMU_PER_PT = 12_700;
const CELL_PAD = 4;

type Align = 'left' | 'center' | 'right';
interface Para {
  kind: 'p';
  runs: Run[];
  align: Align;
  before: number;
  after: number;
  indent: number;
  pageBreakBefore: boolean;
  defaultSize: number;
}
interface Picture {
  kind: 'img';
  bytes: Uint8Array | null;
  w: number;
  h: number;
}
interface Cell {
  span: number;
  blocks: Flow[];
  /** A cell continuing the merged cell above it (vMerge): drawn empty, without a top border. */
  continued: boolean;
}
interface Table {
  kind: 'tbl';
  cols: number[];
  rows: Array<{ cells: Cell[]; minHeight: number }>;
  borders: boolean;
}
type Flow = Para | Picture | Table | { kind: 'break' };

interface Section {
  blocks: Flow[];
  sectPr: XmlNode | undefined;
}

const on = (node: XmlNode | undefined) => node !== undefined && !['0', 'false', 'off'].includes(node.attrs['w:val'] ?? node.attrs.val ?? 'true');
const val = (node: XmlNode | undefined) => node?.attrs['w:val'] ?? node?.attrs.val;
const tooMany = (maxPages: number) => (pages: number) =>
  new DocumentError('document_too_many_pages', `The document has more than ${pages - 1} pages; at most ${maxPages} are accepted.`);

interface StyleProps {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  color?: [number, number, number];
  align?: Align;
  before?: number;
  after?: number;
  borders?: boolean;
}

class DocxReader {
  private readonly styles = new Map<string, XmlNode>();
  readonly defaultSize: number;
  readonly defaultAfter: number;

  constructor(private readonly pkg: Package, private readonly part: string) {
    const styles = child(pkg.xml('word/styles.xml') ?? undefined, 'styles');
    for (const s of children(styles, 'style')) if (s.attrs.styleId) this.styles.set(s.attrs.styleId, s);
    const defaults = child(styles, 'docDefaults');
    this.defaultSize = num(val(child(defaults, 'rPrDefault', 'rPr', 'sz')), 22) / 2;
    this.defaultAfter = num(child(defaults, 'pPrDefault', 'pPr', 'spacing')?.attrs.after, 0) * TWIP;
  }

  /** A style's properties, its basedOn chain's beneath them. */
  style(id: string | undefined, depth = 0): StyleProps {
    const s = id ? this.styles.get(id) : undefined;
    if (!s || depth > 8) return {};
    const base = this.style(val(child(s, 'basedOn')), depth + 1);
    return { ...base, ...runProps(child(s, 'rPr')), ...paraProps(child(s, 'pPr')), ...(hasBorders(child(s, 'tblPr', 'tblBorders')) ? { borders: true } : {}) };
  }

  rels() {
    return this.pkg.rels(this.part);
  }

  /** The body's blocks, split into sections (each sectPr closes one). */
  sections(body: XmlNode | undefined): Section[] {
    const sections: Section[] = [];
    let blocks: Flow[] = [];
    const rels = this.pkg.rels(this.part);
    const visit = (nodes: XmlNode[]) => {
      for (const node of nodes) {
        if (node.name === 'p') {
          blocks.push(...this.paragraph(node, rels));
          const sectPr = child(node, 'pPr', 'sectPr');
          if (sectPr) {
            sections.push({ blocks, sectPr });
            blocks = [];
          }
        } else if (node.name === 'tbl') blocks.push(this.table(node, rels));
        else if (node.name === 'sdt') visit(child(node, 'sdtContent')?.children ?? []);
        else if (node.name === 'sectPr') {
          sections.push({ blocks, sectPr: node });
          blocks = [];
        }
      }
    };
    visit(body?.children ?? []);
    if (blocks.length > 0 || sections.length === 0) sections.push({ blocks, sectPr: sections.at(-1)?.sectPr });
    return sections;
  }

  /** Blocks of a part made of paragraphs and tables (a header, a footer, a cell). */
  blocks(nodes: XmlNode[], rels: ReturnType<Package['rels']>, depth = 0): Flow[] {
    const out: Flow[] = [];
    for (const node of nodes) {
      if (node.name === 'p') out.push(...this.paragraph(node, rels).filter((b) => b.kind !== 'break'));
      else if (node.name === 'tbl' && depth < 4) out.push(this.table(node, rels, depth + 1));
      else if (node.name === 'sdt') out.push(...this.blocks(child(node, 'sdtContent')?.children ?? [], rels, depth));
    }
    return out;
  }

  /** A paragraph: its text, and pictures and page breaks where they occur in it. */
  paragraph(p: XmlNode, rels: ReturnType<Package['rels']>): Flow[] {
    const pPr = child(p, 'pPr');
    const style = { ...this.style('Normal'), ...this.style(val(child(pPr, 'pStyle'))) };
    const direct = paraProps(pPr);
    const props = { ...style, ...direct };
    const defaultSize = props.size ?? this.defaultSize;
    const out: Flow[] = [];
    let runs: Run[] = [];
    const numbered = child(pPr, 'numPr') !== undefined;
    const para = (first: boolean): Para => ({
      kind: 'p',
      runs: numbered && first ? [{ text: '•  ', size: defaultSize }, ...runs] : runs,
      align: props.align ?? 'left',
      before: props.before ?? 0,
      after: props.after ?? this.defaultAfter,
      indent: num(child(pPr, 'ind')?.attrs['w:left'] ?? child(pPr, 'ind')?.attrs['w:start'], 0) * TWIP,
      pageBreakBefore: first && on(child(pPr, 'pageBreakBefore')),
      defaultSize,
    });
    let first = true;
    const flush = (force: boolean) => {
      if (runs.length > 0 || force) out.push(para(first));
      first = false;
      runs = [];
    };
    const visit = (nodes: XmlNode[]) => {
      for (const node of nodes) {
        if (node.name === 'r') {
          const rStyle = this.style(val(child(child(node, 'rPr'), 'rStyle')));
          const rp = { ...style, ...rStyle, ...runProps(child(node, 'rPr')) };
          const textStyle: TextStyle = { size: rp.size ?? defaultSize, bold: rp.bold, italic: rp.italic, color: rp.color };
          for (const c of node.children) {
            if (c.name === 't') runs.push({ text: c.text, ...textStyle });
            else if (c.name === 'tab' || c.name === 'ptab') runs.push({ text: '    ', ...textStyle });
            else if (c.name === 'cr' || (c.name === 'br' && (c.attrs['w:type'] ?? c.attrs.type) !== 'page' && (c.attrs['w:type'] ?? c.attrs.type) !== 'column')) runs.push({ text: '\n', ...textStyle });
            else if (c.name === 'br' && (c.attrs['w:type'] ?? c.attrs.type) === 'page') {
              flush(true);
              out.push({ kind: 'break' });
            } else if (c.name === 'drawing' || c.name === 'pict' || c.name === 'object') {
              for (const pic of this.pictures(c, rels)) {
                flush(false);
                out.push(pic);
              }
            } else if (c.name === 'AlternateContent') visit([{ ...c, name: 'r', children: child(c, 'Fallback')?.children ?? child(c, 'Choice')?.children ?? [] }]);
          }
        } else if (node.name === 'del' || node.name === 'pPr' || node.name === 'moveFrom') continue;
        else if (node.name === 'fldSimple' || node.name === 'hyperlink' || node.name === 'ins' || node.name === 'smartTag' || node.name === 'customXml' || node.name === 'moveTo') visit(node.children);
        else if (node.name === 'sdt') visit(child(node, 'sdtContent')?.children ?? []);
      }
    };
    visit(p.children);
    if (runs.length > 0 || out.length === 0 || out.at(-1)!.kind === 'break') flush(true);
    return out;
  }

  /** The pictures in a drawing (inline or anchored), each at its size; an external one is never fetched. */
  private pictures(drawing: XmlNode, rels: ReturnType<Package['rels']>): Picture[] {
    return [...descendants(drawing, 'inline'), ...descendants(drawing, 'anchor')].flatMap((frame) => {
      const extent = child(frame, 'extent');
      const blip = descendants(frame, 'blip')[0];
      if (!extent || !blip) return [];
      const rel = rels.get(blip.attrs['r:embed'] ?? '');
      return [{ kind: 'img' as const, bytes: rel && !rel.external ? (this.pkg.bytes(rel.target) ?? null) : null, w: num(extent.attrs.cx, 0) / EMU_PER_PT, h: num(extent.attrs.cy, 0) / EMU_PER_PT }];
    });
  }

  table(tbl: XmlNode, rels: ReturnType<Package['rels']>, depth = 0): Table {
    const tblPr = child(tbl, 'tblPr');
    const styled = this.style(val(child(tblPr, 'tblStyle'))).borders === true;
    const cols = children(child(tbl, 'tblGrid'), 'gridCol').map((c) => num(c.attrs['w:w'] ?? c.attrs.w, 0) * TWIP);
    const rows = children(tbl, 'tr').map((tr) => ({
      minHeight: num(child(tr, 'trPr', 'trHeight')?.attrs['w:val'], 0) * TWIP,
      cells: children(tr, 'tc').map((tc) => {
        const tcPr = child(tc, 'tcPr');
        const merge = child(tcPr, 'vMerge');
        return {
          span: Math.max(1, num(val(child(tcPr, 'gridSpan')), 1)),
          continued: merge !== undefined && val(merge) !== 'restart',
          blocks: this.blocks(tc.children, rels, depth),
        };
      }),
    }));
    return { kind: 'tbl', cols, rows, borders: hasBorders(child(tblPr, 'tblBorders')) || styled };
  }
}

function runProps(rPr: XmlNode | undefined): StyleProps {
  if (!rPr) return {};
  const out: StyleProps = {};
  if (child(rPr, 'b')) out.bold = on(child(rPr, 'b'));
  if (child(rPr, 'i')) out.italic = on(child(rPr, 'i'));
  const sz = val(child(rPr, 'sz'));
  if (sz) out.size = num(sz, 22) / 2;
  const color = val(child(rPr, 'color'));
  if (color && /^[0-9a-fA-F]{6}$/.test(color)) out.color = [0, 2, 4].map((i) => parseInt(color.slice(i, i + 2), 16) / 255) as [number, number, number];
  return out;
}

function paraProps(pPr: XmlNode | undefined): StyleProps {
  if (!pPr) return {};
  const out: StyleProps = {};
  const jc = val(child(pPr, 'jc'));
  if (jc) out.align = jc === 'center' ? 'center' : jc === 'right' || jc === 'end' ? 'right' : 'left';
  const spacing = child(pPr, 'spacing');
  if (spacing?.attrs['w:before'] !== undefined) out.before = num(spacing.attrs['w:before'], 0) * TWIP;
  if (spacing?.attrs['w:after'] !== undefined) out.after = num(spacing.attrs['w:after'], 0) * TWIP;
  return out; // the paragraph mark's own run properties (pPr/rPr) style no text
}

function hasBorders(borders: XmlNode | undefined): boolean {
  return (borders?.children ?? []).some((b) => !['none', 'nil'].includes(val(b) ?? 'none'));
}

interface PageSetup {
  width: number;
  height: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
  header: number;
  footer: number;
}

function pageSetup(sectPr: XmlNode | undefined): PageSetup {
  const size = child(sectPr, 'pgSz');
  const mar = child(sectPr, 'pgMar');
  const m = (name: string, fallback: number) => Math.abs(num(mar?.attrs[`w:${name}`], fallback)) * TWIP;
  const width = num(size?.attrs['w:w'], 11_906) * TWIP;
  const height = num(size?.attrs['w:h'], 16_838) * TWIP;
  const setup = { width, height, top: m('top', 1440), bottom: m('bottom', 1440), left: m('left', 1440), right: m('right', 1440), header: m('header', 720), footer: m('footer', 720) };
  // Margins that leave no room (a damaged file) fall back to an inch each.
  if (setup.left + setup.right > width - 72 || setup.top + setup.bottom > height - 72) return { ...setup, top: 72, bottom: 72, left: 72, right: 72 };
  return setup;
}

export function convertDocx(bytes: Uint8Array, limits: OfficeLimits): { pdf: Uint8Array; pageCount: number } {
  const pkg = new Package(bytes, limits.maxUnpackedBytes);
  const main = [...pkg.rels('').values()].find((r) => r.type.endsWith('/officeDocument') && !r.external)?.target ?? 'word/document.xml';
  const document = child(pkg.xml(main) ?? undefined, 'document');
  if (!document) throw new DocumentError('document_corrupt', 'The Word file has no document part (word/document.xml).');
  const reader = new DocxReader(pkg, main);
  const sections = reader.sections(child(document, 'body'));
  const canvas = new PdfCanvas(limits.maxPages, tooMany(limits.maxPages));
  try {
    const layout = new FlowLayout(canvas, reader, pkg, main);
    sections.forEach((section, i) => layout.section(section, i === 0 || val(child(section.sectPr, 'type')) !== 'continuous'));
    layout.finishPage();
    const pageCount = canvas.pageCount;
    return { pdf: canvas.finish(), pageCount };
  } catch (err) {
    canvas.destroy();
    throw err;
  }
}

class FlowLayout {
  private setup: PageSetup = pageSetup(undefined);
  private header: Flow[] = [];
  private footer: Flow[] = [];
  private y = 0;
  private started = false;

  constructor(private readonly canvas: PdfCanvas, private readonly reader: DocxReader, private readonly pkg: Package, private readonly part: string) {}

  section(section: Section, newPage: boolean): void {
    this.setup = pageSetup(section.sectPr);
    // A section without a header or footer of its own keeps the previous section's.
    const part = (kind: 'headerReference' | 'footerReference'): Flow[] | null => {
      const refs = children(section.sectPr, kind);
      const ref = refs.find((r) => (r.attrs['w:type'] ?? 'default') === 'default') ?? refs[0];
      const rel = ref ? this.reader.rels().get(ref.attrs['r:id'] ?? '') : undefined;
      if (!rel || rel.external) return null;
      const xml = this.pkg.xml(rel.target);
      const root = xml?.children.find((c) => c.name === 'hdr' || c.name === 'ftr');
      return root ? this.reader.blocks(root.children, this.pkg.rels(rel.target)) : null;
    };
    this.header = part('headerReference') ?? this.header;
    this.footer = part('footerReference') ?? this.footer;
    if (newPage || !this.started) this.newPage();
    for (const block of section.blocks) this.block(block);
  }

  private get contentWidth(): number {
    return this.setup.width - this.setup.left - this.setup.right;
  }

  private get bottom(): number {
    return this.setup.height - this.setup.bottom;
  }

  private newPage(): void {
    this.finishPage();
    const s = this.setup;
    this.canvas.beginPage(s.width, s.height);
    this.started = true;
    // The header from its distance to the page's top; the footer when the page is done (reading order).
    this.drawBlocks(this.header, s.left, s.header, this.contentWidth);
    this.y = s.top;
  }

  /** The page's footer, ending at its distance from the bottom. */
  finishPage(): void {
    if (!this.started) return;
    const s = this.setup;
    const footerHeight = this.measureBlocks(this.footer, this.contentWidth);
    this.drawBlocks(this.footer, s.left, s.height - s.footer - footerHeight, this.contentWidth);
  }

  private block(block: Flow): void {
    const s = this.setup;
    if (block.kind === 'break') return this.newPage();
    if (block.kind === 'img') {
      const scale = Math.min(1, this.contentWidth / Math.max(1, block.w), (this.bottom - s.top) / Math.max(1, block.h));
      const [w, h] = [block.w * scale, block.h * scale];
      if (this.y + h > this.bottom && this.y > s.top) this.newPage();
      if (block.bytes) this.canvas.drawImage(block.bytes, s.left, this.y, w, h);
      else this.canvas.strokeRect(s.left, this.y, w, h, 0.7);
      this.y += h;
      return;
    }
    if (block.kind === 'p') {
      if (block.pageBreakBefore && this.y > s.top) this.newPage();
      this.y += block.before;
      const width = this.contentWidth - block.indent;
      for (const line of layoutRuns(block.runs, width, block.defaultSize)) {
        if (this.y + line.height > this.bottom && this.y > s.top) this.newPage();
        this.y += this.canvas.drawLines([line], s.left + block.indent, this.y, width, block.align);
      }
      this.y += block.after;
      return;
    }
    this.table(block);
  }

  /** A table row by row: a row that does not fit on the page starts the next. */
  private table(t: Table): void {
    const s = this.setup;
    const xs = this.columns(t, s.left, this.contentWidth);
    for (const row of t.rows) {
      const cells = this.placeCells(row.cells, xs);
      const height = Math.max(row.minHeight, ...cells.map((c) => (c.continued ? 0 : this.measureBlocks(c.blocks, c.w - 2 * CELL_PAD) + 2 * CELL_PAD)));
      if (this.y + height > this.bottom && this.y > s.top) this.newPage();
      for (const c of cells) {
        if (!c.continued) this.drawBlocks(c.blocks, c.x + CELL_PAD, this.y + CELL_PAD, c.w - 2 * CELL_PAD);
        if (t.borders) {
          if (!c.continued) this.canvas.line(c.x, this.y, c.x + c.w, this.y);
          this.canvas.line(c.x, this.y + height, c.x + c.w, this.y + height);
          this.canvas.line(c.x, this.y, c.x, this.y + height);
          this.canvas.line(c.x + c.w, this.y, c.x + c.w, this.y + height);
        }
      }
      this.y += height;
    }
    this.y += 6;
  }

  /** Column edges: the grid's widths, scaled down to the text width when wider. */
  private columns(t: Table, left: number, width: number): number[] {
    const count = Math.max(t.cols.length, ...t.rows.map((r) => r.cells.reduce((n, c) => n + c.span, 0)));
    const cols = Array.from({ length: count }, (_, i) => t.cols[i] || 0);
    const known = cols.reduce((a, b) => a + b, 0);
    const fill = known > 0 ? 0 : width / Math.max(1, count);
    const widths = cols.map((w) => w || fill || width / Math.max(1, count));
    const total = widths.reduce((a, b) => a + b, 0);
    const scale = total > width ? width / total : 1;
    const xs = [left];
    for (const w of widths) xs.push(xs[xs.length - 1]! + w * scale);
    return xs;
  }

  private placeCells(cells: Cell[], xs: number[]): Array<Cell & { x: number; w: number }> {
    let col = 0;
    return cells.map((c) => {
      const x = xs[Math.min(col, xs.length - 1)]!;
      col += c.span;
      return { ...c, x, w: Math.max(8, xs[Math.min(col, xs.length - 1)]! - x) };
    });
  }

  /** Height of blocks laid out in `width` (a header, a footer, a cell). */
  private measureBlocks(blocks: Flow[], width: number): number {
    return this.blocksOf(blocks, width).reduce((h, b) => h + b.height, 0);
  }

  private drawBlocks(blocks: Flow[], x: number, top: number, width: number): void {
    let y = top;
    for (const b of this.blocksOf(blocks, width)) {
      b.draw(x, y);
      y += b.height;
    }
  }

  /** Blocks that do not break across pages (in a header, footer or table cell), measured and drawable. */
  private blocksOf(blocks: Flow[], width: number): Array<{ height: number; draw: (x: number, y: number) => void }> {
    return blocks.map((b) => {
      if (b.kind === 'p') {
        const lines: LaidLine[] = layoutRuns(b.runs, Math.max(1, width - b.indent), b.defaultSize);
        return { height: b.before + linesHeight(lines) + b.after, draw: (x, y) => void this.canvas.drawLines(lines, x + b.indent, y + b.before, width - b.indent, b.align) };
      }
      if (b.kind === 'img') {
        const scale = Math.min(1, width / Math.max(1, b.w));
        return { height: b.h * scale, draw: (x, y) => void (b.bytes ? this.canvas.drawImage(b.bytes, x, y, b.w * scale, b.h * scale) : this.canvas.strokeRect(x, y, b.w * scale, b.h * scale, 0.7)) };
      }
      if (b.kind === 'tbl') {
        // A table inside a cell: its rows' text one under another.
        const inner = b.rows.flatMap((r) => r.cells.flatMap((c) => c.blocks));
        const height = this.measureBlocks(inner, width);
        return { height, draw: (x, y) => this.drawBlocks(inner, x, y, width) };
      }
      return { height: 0, draw: () => {} };
    });
  }
}
