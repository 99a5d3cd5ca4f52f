// PowerPoint (PPTX) without LibreOffice: one page per slide, in the deck's order, at the slide's
// size; each shape's text where the slide puts it (positions and sizes from the slide's XML, a
// placeholder's from its layout or master), pictures drawn in their frames, tables as grids.
// Speaker notes are not on the page. Lost against PowerPoint: the theme (backgrounds, fills,
// fonts and colours of the theme), shapes' outlines, charts and SmartArt, the layout's and master's
// decorations, animations.
import { DocumentError } from '../errors.js';
import { child, children, descendants, num, Package, type XmlNode } from './ooxml.js';
import { layoutRuns, linesHeight, PdfCanvas, type LaidLine, type Run } from './page-canvas.js';

const EMU_PER_PT = 12_700;

export interface OfficeLimits {
  maxPages: number;
  maxUnpackedBytes: number;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Maps a position in a shape tree's coordinates (EMU) to the page (points). */
type Place = (x: number, y: number, w: number, h: number) => Box;
const TOP: Place = (x, y, w, h) => ({ x: x / EMU_PER_PT, y: y / EMU_PER_PT, w: w / EMU_PER_PT, h: h / EMU_PER_PT });

interface Placeholder {
  xfrm?: XmlNode;
  anchor?: string;
}

const tooMany = (maxPages: number) => (pages: number) =>
  new DocumentError('document_too_many_pages', `The document has more than ${pages - 1} pages; at most ${maxPages} are accepted.`);

export function convertPptx(bytes: Uint8Array, limits: OfficeLimits): { pdf: Uint8Array; pageCount: number } {
  const pkg = new Package(bytes, limits.maxUnpackedBytes);
  const presentation = child(pkg.xml('ppt/presentation.xml') ?? undefined, 'presentation');
  if (!presentation) throw new DocumentError('document_corrupt', 'The PowerPoint file has no presentation part (ppt/presentation.xml).');
  const size = child(presentation, 'sldSz');
  const width = num(size?.attrs.cx, 9_144_000) / EMU_PER_PT;
  const height = num(size?.attrs.cy, 6_858_000) / EMU_PER_PT;
  const rels = pkg.rels('ppt/presentation.xml');
  const slides = children(child(presentation, 'sldIdLst'), 'sldId')
    .map((s) => rels.get(s.attrs['r:id'] ?? ''))
    .filter((r) => r && !r.external)
    .map((r) => r!.target);
  if (slides.length === 0) throw new DocumentError('document_empty', 'The presentation has no slides.');
  const canvas = new PdfCanvas(limits.maxPages, tooMany(limits.maxPages));
  try {
    for (const path of slides) {
      canvas.beginPage(width, height);
      const slide = pkg.xml(path);
      if (!slide) continue; // a slide part missing from the package: an empty page keeps the numbering
      new SlideDrawer(pkg, path, canvas).draw(child(slide, 'sld', 'cSld', 'spTree'));
    }
    const pageCount = canvas.pageCount;
    return { pdf: canvas.finish(), pageCount };
  } catch (err) {
    canvas.destroy();
    throw err;
  }
}

class SlideDrawer {
  private readonly rels;
  private readonly layout: { path: string; tree: XmlNode | undefined } | null;
  private readonly master: { path: string; tree: XmlNode | undefined; styles: XmlNode | undefined } | null;

  constructor(private readonly pkg: Package, path: string, private readonly canvas: PdfCanvas) {
    this.rels = pkg.rels(path);
    const layoutPath = [...this.rels.values()].find((r) => r.type.endsWith('/slideLayout') && !r.external)?.target;
    this.layout = layoutPath ? { path: layoutPath, tree: child(pkg.xml(layoutPath) ?? undefined, 'sldLayout', 'cSld', 'spTree') } : null;
    const masterPath = layoutPath ? [...pkg.rels(layoutPath).values()].find((r) => r.type.endsWith('/slideMaster') && !r.external)?.target : undefined;
    const masterXml = masterPath ? child(pkg.xml(masterPath) ?? undefined, 'sldMaster') : undefined;
    this.master = masterPath ? { path: masterPath, tree: child(masterXml, 'cSld', 'spTree'), styles: child(masterXml, 'txStyles') } : null;
  }

  draw(tree: XmlNode | undefined, place: Place = TOP): void {
    for (const node of tree?.children ?? []) {
      if (node.name === 'sp') this.shape(node, place);
      else if (node.name === 'pic') this.picture(node, place);
      else if (node.name === 'graphicFrame') this.table(node, place);
      else if (node.name === 'grpSp') this.draw(node, groupPlace(child(node, 'grpSpPr', 'xfrm'), place));
      else if (node.name === 'AlternateContent') this.draw(child(node, 'Fallback') ?? child(node, 'Choice'), place);
    }
  }

  /** The layout's (else the master's) placeholder a slide's placeholder inherits from. */
  private placeholder(ph: XmlNode): Placeholder & { type: string } {
    const type = ph.attrs.type ?? 'body';
    const idx = ph.attrs.idx;
    const general = (t: string) => (t === 'ctrTitle' ? 'title' : t === 'subTitle' || t === 'obj' ? 'body' : t);
    const find = (tree: XmlNode | undefined, byIdx: boolean) =>
      descendants(tree, 'sp').find((sp) => {
        const p = child(sp, 'nvSpPr', 'nvPr', 'ph');
        if (!p) return false;
        if (byIdx) return idx !== undefined && p.attrs.idx === idx;
        return general(p.attrs.type ?? 'body') === general(type);
      });
    const fromLayout = find(this.layout?.tree, true) ?? find(this.layout?.tree, false);
    const fromMaster = find(this.master?.tree, false);
    const xfrm = child(fromLayout, 'spPr', 'xfrm') ?? child(fromMaster, 'spPr', 'xfrm');
    const anchor = child(fromLayout, 'txBody', 'bodyPr')?.attrs.anchor ?? child(fromMaster, 'txBody', 'bodyPr')?.attrs.anchor;
    return { xfrm, anchor, type: general(type) };
  }

  private shape(sp: XmlNode, place: Place): void {
    const ph = child(sp, 'nvSpPr', 'nvPr', 'ph');
    const inherited = ph ? this.placeholder(ph) : null;
    const box = boxOf(child(sp, 'spPr', 'xfrm') ?? inherited?.xfrm, place);
    const body = child(sp, 'txBody');
    if (!box || !body) return;
    const kind = inherited?.type ?? 'other';
    const bodyPr = child(body, 'bodyPr');
    const anchor = bodyPr?.attrs.anchor ?? inherited?.anchor ?? (kind === 'title' ? 'ctr' : 't');
    const defaultSize = this.defaultSize(kind);
    const inset = (name: string, fallback: number) => num(bodyPr?.attrs[name], fallback) / EMU_PER_PT;
    const inner: Box = { x: box.x + inset('lIns', 91_440), y: box.y + inset('tIns', 45_720), w: box.w - inset('lIns', 91_440) - inset('rIns', 91_440), h: box.h - inset('tIns', 45_720) - inset('bIns', 45_720) };
    this.textBox(children(body, 'p'), inner, anchor, defaultSize, kind === 'body');
  }

  private defaultSize(kind: string): number {
    const style = child(this.master?.styles, kind === 'title' ? 'titleStyle' : kind === 'body' ? 'bodyStyle' : 'otherStyle');
    const sz = child(style, 'lvl1pPr', 'defRPr')?.attrs.sz;
    return sz ? num(sz, 1800) / 100 : kind === 'title' ? 40 : 18;
  }

  /** Paragraphs laid out in the box (shrunk until they fit, as PowerPoint's autofit does), anchored top, middle or bottom. */
  private textBox(paragraphs: XmlNode[], box: Box, anchor: string, defaultSize: number, bullets: boolean): void {
    if (!(box.w > 0)) return;
    let scale = 1;
    let laid: Array<{ lines: LaidLine[]; align: 'left' | 'center' | 'right' }> = [];
    for (;;) {
      laid = paragraphs.map((p) => {
        const pPr = child(p, 'pPr');
        const runs = paragraphRuns(p, defaultSize * scale, scale);
        const hasText = runs.some((r) => r.text.trim() !== '');
        if (bullets && hasText && !child(pPr, 'buNone')) runs.unshift({ text: '• ', size: runs[0]?.size ?? defaultSize * scale });
        const indent = num(pPr?.attrs.lvl, 0) * 18 * scale;
        const lines = layoutRuns(runs, box.w - indent, defaultSize * scale);
        if (indent) for (const l of lines) for (const piece of l.pieces) piece.x += indent;
        const algn = pPr?.attrs.algn;
        return { lines, align: algn === 'ctr' ? 'center' : algn === 'r' ? 'right' : 'left' };
      });
      const total = laid.reduce((h, p) => h + linesHeight(p.lines), 0);
      if (total <= box.h || scale <= 0.4) {
        let y = anchor === 'ctr' ? box.y + (box.h - total) / 2 : anchor === 'b' ? box.y + box.h - total : box.y;
        for (const p of laid) y += this.canvas.drawLines(p.lines, box.x, y, box.w, p.align);
        return;
      }
      scale -= 0.1;
    }
  }

  private picture(pic: XmlNode, place: Place): void {
    const box = boxOf(child(pic, 'spPr', 'xfrm'), place);
    const embed = descendants(child(pic, 'blipFill'), 'blip')[0]?.attrs['r:embed'];
    const rel = embed ? this.rels.get(embed) : undefined;
    if (!box) return;
    // An external picture is never fetched: its frame stands in.
    const bytes = rel && !rel.external ? this.pkg.bytes(rel.target) : undefined;
    if (bytes) this.canvas.drawImage(bytes, box.x, box.y, box.w, box.h);
    else this.canvas.strokeRect(box.x, box.y, box.w, box.h, 0.7);
  }

  private table(frame: XmlNode, place: Place): void {
    const box = boxOf(child(frame, 'xfrm'), place);
    const tbl = descendants(frame, 'tbl')[0];
    if (!box || !tbl) return;
    const scale = place(0, 0, EMU_PER_PT, EMU_PER_PT).w; // points per point of the tree
    const cols = children(child(tbl, 'tblGrid'), 'gridCol').map((c) => (num(c.attrs.w, 0) / EMU_PER_PT) * scale);
    const xs = [box.x];
    for (const w of cols) xs.push(xs[xs.length - 1]! + w);
    let y = box.y;
    for (const tr of children(tbl, 'tr')) {
      const cells: Array<{ x: number; w: number; lines: LaidLine[][]; aligns: Array<'left' | 'center' | 'right'> }> = [];
      let col = 0;
      for (const tc of children(tr, 'tc')) {
        const span = Math.max(1, num(tc.attrs.gridSpan, 1));
        const x = xs[Math.min(col, cols.length)] ?? box.x;
        const w = (xs[Math.min(col + span, cols.length)] ?? x) - x;
        col += 1;
        if (tc.attrs.hMerge === '1' || tc.attrs.vMerge === '1') continue; // covered by a merged cell
        const paragraphs = children(child(tc, 'txBody'), 'p');
        const laid = paragraphs.map((p) => layoutRuns(paragraphRuns(p, 18, 1), Math.max(1, w - 14.4), 18));
        const aligns = paragraphs.map((p) => (child(p, 'pPr')?.attrs.algn === 'ctr' ? 'center' : child(p, 'pPr')?.attrs.algn === 'r' ? 'right' : 'left') as 'left' | 'center' | 'right');
        cells.push({ x, w, lines: laid, aligns });
      }
      const content = Math.max(0, ...cells.map((c) => c.lines.reduce((h, l) => h + linesHeight(l), 0)));
      const h = Math.max((num(tr.attrs.h, 0) / EMU_PER_PT) * scale, content + 7.2);
      for (const c of cells) {
        let ty = y + 3.6;
        c.lines.forEach((lines, i) => (ty += this.canvas.drawLines(lines, c.x + 7.2, ty, c.w - 14.4, c.aligns[i])));
        this.canvas.strokeRect(c.x, y, c.w, h, 0.3);
      }
      y += h;
    }
  }
}

function boxOf(xfrm: XmlNode | undefined, place: Place): Box | null {
  const off = child(xfrm, 'off');
  const ext = child(xfrm, 'ext');
  if (!off || !ext) return null;
  return place(num(off.attrs.x, 0), num(off.attrs.y, 0), num(ext.attrs.cx, 0), num(ext.attrs.cy, 0));
}

/** A group's children are in its own coordinates (chOff, chExt), scaled into its frame (off, ext). */
function groupPlace(xfrm: XmlNode | undefined, outer: Place): Place {
  const off = child(xfrm, 'off');
  const ext = child(xfrm, 'ext');
  const chOff = child(xfrm, 'chOff');
  const chExt = child(xfrm, 'chExt');
  if (!off || !ext || !chOff || !chExt) return outer;
  const sx = num(chExt.attrs.cx, 0) > 0 ? num(ext.attrs.cx, 0) / num(chExt.attrs.cx, 1) : 1;
  const sy = num(chExt.attrs.cy, 0) > 0 ? num(ext.attrs.cy, 0) / num(chExt.attrs.cy, 1) : 1;
  return (x, y, w, h) =>
    outer(num(off.attrs.x, 0) + (x - num(chOff.attrs.x, 0)) * sx, num(off.attrs.y, 0) + (y - num(chOff.attrs.y, 0)) * sy, w * sx, h * sy);
}

/** The runs of a DrawingML paragraph (`a:p`): text runs, fields and line breaks, with size and weight. */
function paragraphRuns(p: XmlNode, defaultSize: number, scale: number): Run[] {
  const runs: Run[] = [];
  const base = child(p, 'pPr', 'defRPr');
  for (const node of p.children) {
    if (node.name === 'br') runs.push({ text: '\n', size: defaultSize });
    else if (node.name === 'r' || node.name === 'fld') {
      const rPr = child(node, 'rPr') ?? base;
      const text = children(node, 't').map((t) => t.text).join('');
      if (text === '') continue;
      // An explicit size is shrunk with the rest when the box's text is shrunk to fit.
      const size = rPr?.attrs.sz ? (num(rPr.attrs.sz, 1800) / 100) * scale : defaultSize;
      runs.push({ text, size, bold: rPr?.attrs.b === '1' || rPr?.attrs.b === 'true', italic: rPr?.attrs.i === '1' || rPr?.attrs.i === 'true', color: srgb(rPr) });
    }
  }
  return runs;
}

function srgb(rPr: XmlNode | undefined): [number, number, number] | undefined {
  const hex = child(rPr, 'solidFill', 'srgbClr')?.attrs.val;
  if (!hex || !/^[0-9a-fA-F]{6}$/.test(hex)) return undefined;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}
