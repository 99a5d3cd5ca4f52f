// Running headers and footers: in a document of three pages or more, a page's first (last) block
// that is one line and repeats on most pages becomes a page_header (page_footer). Digits count as
// equal ("Page 3 of 9" repeats as "Page 4 of 9"), so page numbers are found too. A page's only
// block is its content, never furniture (a document of one-line pages keeps every line).
import type { Block, BlockPage } from './types.js';

export const MIN_PAGES_FOR_FURNITURE = 3;

const FURNITURE_CANDIDATES = new Set<Block['type']>(['paragraph', 'heading']);

function furnitureKey(page: BlockPage, at: number): string | null {
  const block = page.blocks[at];
  if (!block || page.blocks.length < 2 || !FURNITURE_CANDIDATES.has(block.type) || block.text.includes('\n')) return null;
  const key = block.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
  return key || null;
}

/** Keys seen on more than half the pages. */
function repeatedKeys(keys: Array<string | null>, pageCount: number): Set<string> {
  const counts = new Map<string, number>();
  for (const k of keys) if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n * 2 > pageCount).map(([k]) => k));
}

/** The pages with repeated first and last lines typed as page headers and footers (new objects). */
export function markPageFurniture(pages: BlockPage[]): BlockPage[] {
  if (pages.length < MIN_PAGES_FOR_FURNITURE) return pages;
  const headers = repeatedKeys(pages.map((p) => furnitureKey(p, 0)), pages.length);
  const footers = repeatedKeys(pages.map((p) => furnitureKey(p, p.blocks.length - 1)), pages.length);
  return pages.map((page) => {
    const blocks = page.blocks.slice();
    const first = furnitureKey(page, 0);
    let headerAt = -1;
    if (first && headers.has(first)) {
      headerAt = 0;
      blocks[0] = { ...blocks[0]!, type: 'page_header', level: null };
    }
    const lastAt = blocks.length - 1;
    const last = furnitureKey(page, lastAt);
    if (lastAt > headerAt && last && footers.has(last)) blocks[lastAt] = { ...blocks[lastAt]!, type: 'page_footer', level: null };
    return { page_number: page.page_number, blocks };
  });
}

export const isFurniture = (b: Block) => b.type === 'page_header' || b.type === 'page_footer';
