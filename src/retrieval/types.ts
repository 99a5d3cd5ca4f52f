// The shapes of retrieval: a page's Markdown read as typed blocks with boxes, chunks and tables.

/** A rectangle in page fractions (0..1, origin top-left), as provenance boxes. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A box on a page (one-based). */
export interface PageBox extends Box {
  page: number;
}

export const BLOCK_TYPES = [
  'heading',
  'paragraph',
  'list_item',
  'table',
  'figure',
  'formula',
  'code',
  'page_header',
  'page_footer',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export interface TableData {
  /** Every row, header rows first; each row holds one cell text per column. */
  rows: string[][];
  header_rows: number;
}

export interface Block {
  type: BlockType;
  /** The block's Markdown (a heading's or list item's text without its marker; a table's Markdown). */
  text: string;
  /** Heading level 1–6, list nesting depth from 1, else null. */
  level: number | null;
  /** Encloses the text-layer words matching the block's text; null when there are none to match. */
  box: Box | null;
  /** Tables only. */
  table: TableData | null;
}

/** One word of a page's text layer, in reading order. */
export interface PageWord extends Box {
  text: string;
}

/** A page of a completed parse job with its blocks. */
export interface BlockPage {
  page_number: number;
  blocks: Block[];
}
