// Provenance: where each non-null leaf value of the merged data came from. Every value gets the
// pages of the window that produced it; where the document has a text layer and the value's
// text is found on those pages, the exact pages and boxes (page fractions, origin top-left).
import { leafPointers } from './merge.js';

export interface Box {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Provenance {
  pages: number[];
  boxes?: Box[];
  /** Spreadsheets: the cells the boxes lie in (src/long-documents/cells.ts). */
  cells?: { sheet: string; cell: string }[];
}

/** Finds a text on some pages of the document: the boxes of its occurrences (empty when absent). */
export type TextLocator = (text: string, pages: number[]) => Box[];

/** Most boxes reported for one value: a short value may occur many times on a page. */
export const MAX_BOXES_PER_VALUE = 20;

/** The texts a value may be printed as: a string as it is, a number as written and with two decimals. */
export function searchTexts(value: unknown): string[] {
  if (typeof value === 'string') {
    const t = value.trim();
    return t.length >= 2 ? [t] : [];
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    const plain = String(value);
    const fixed = value.toFixed(2);
    // A one-character number ("7") would be found anywhere on a page: only its two-decimal form counts.
    const texts = plain.length >= 2 ? [plain] : [];
    if (fixed !== plain) texts.push(fixed);
    return texts;
  }
  return [];
}

/** Every text buildProvenance may search for among the leaf values of `data`, each once. */
export function leafSearchTexts(data: unknown): string[] {
  const texts = new Set<string>();
  for (const { value } of leafPointers(data)) for (const text of searchTexts(value)) texts.add(text);
  return [...texts];
}

/** One key per search (a text on some pages), for caching a TextLocator's answers. */
export function searchKey(text: string, pages: number[]): string {
  return `${pages.join(',')}\u0000${text}`;
}

export function buildProvenance(
  data: unknown,
  origins: Map<string, number[]>,
  locate: TextLocator | null,
): Record<string, Provenance> {
  const out: Record<string, Provenance> = {};
  for (const { pointer, value } of leafPointers(data)) {
    const pages = origins.get(pointer);
    if (!pages) continue;
    let boxes: Box[] = [];
    if (locate) {
      for (const text of searchTexts(value)) {
        boxes = locate(text, pages);
        if (boxes.length > 0) break;
      }
    }
    if (boxes.length > 0) {
      const found = [...new Set(boxes.map((b) => b.page))].sort((a, b) => a - b);
      out[pointer] = { pages: found, boxes: boxes.slice(0, MAX_BOXES_PER_VALUE) };
    } else {
      out[pointer] = { pages: [...pages] };
    }
  }
  return out;
}
