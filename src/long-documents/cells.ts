// Spreadsheet provenance: a value found on a page drawn from a workbook names the cells it was
// found in (`cells: [{sheet, cell}]` beside `boxes`), from where the rendition drew each cell.
import type { CellRef } from '../documents/formats/types.js';
import type { Box, Provenance } from './provenance.js';

export interface CellCite {
  sheet: string;
  cell: string;
}

/** The cells (drawn on `box.page`) that hold the centre of each box, each cell once, in box order. */
export function cellsAt(boxes: Box[], byPage: Map<number, CellRef[]>): CellCite[] {
  const out: CellCite[] = [];
  const seen = new Set<string>();
  for (const b of boxes) {
    const cx = (b.x0 + b.x1) / 2;
    const cy = (b.y0 + b.y1) / 2;
    for (const c of byPage.get(b.page) ?? []) {
      if (cx < c.box.x0 || cx > c.box.x1 || cy < c.box.y0 || cy > c.box.y1) continue;
      const key = `${c.sheet}\u0000${c.cell}`;
      if (!seen.has(key)) out.push({ sheet: c.sheet, cell: c.cell });
      seen.add(key);
    }
  }
  return out;
}

/** The pages the provenance's boxes lie on, each once. */
export function boxPages(provenance: Record<string, Provenance>): number[] {
  const pages = new Set<number>();
  for (const p of Object.values(provenance)) for (const b of p.boxes ?? []) pages.add(b.page);
  return [...pages];
}

/** The provenance with `cells` added to every value whose boxes lie in spreadsheet cells. */
export function withCells(provenance: Record<string, Provenance>, cells: CellRef[]): Record<string, Provenance> {
  if (cells.length === 0) return provenance;
  const byPage = new Map<number, CellRef[]>();
  for (const c of cells) {
    const list = byPage.get(c.page);
    if (list) list.push(c);
    else byPage.set(c.page, [c]);
  }
  const out: Record<string, Provenance> = {};
  for (const [pointer, p] of Object.entries(provenance)) {
    const found = p.boxes ? cellsAt(p.boxes, byPage) : [];
    out[pointer] = found.length > 0 ? { ...p, cells: found } : p;
  }
  return out;
}
