// Boxes for blocks: each block's words are found, in reading order, among the page's text-layer
// words, and its box is the union of the words matched. Markdown marks, link targets and case
// do not count; a block whose words are mostly not found (less than half) gets no box.
import type { Block, Box, PageWord } from './types.js';

/** How far past the last match the next word of a block is looked for. */
const LOOKAHEAD = 12;
const MIN_MATCHED = 0.5;

/** Lower-case letters and digits of a word: what the text layer and the Markdown share. */
export function normalizeWord(word: string): string {
  return word.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The words of a block as they would be printed: no link targets, no Markdown marks. */
export function blockWords(block: Block): string[] {
  const text = block.table
    ? block.table.rows.flat().join(' ')
    : block.text
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text only
        .replace(/^```[^\n]*$/gm, ''); // fence lines
  return text.split(/\s+/).map(normalizeWord).filter(Boolean);
}

/** Sets `box` on the blocks of one page (new objects); every block keeps null without words. */
export function alignBlocks(blocks: Block[], words: PageWord[]): Block[] {
  if (words.length === 0) return blocks.map((b) => ({ ...b, box: null }));
  const page = words.map((w) => normalizeWord(w.text));
  const used = new Array<boolean>(page.length).fill(false);
  let cursor = 0;
  return blocks.map((block) => {
    const wanted = blockWords(block);
    if (wanted.length === 0) return { ...block, box: null };
    const start = findStart(page, used, wanted, cursor);
    if (start < 0) return { ...block, box: null };
    const matched: number[] = [];
    let at = start;
    for (const w of wanted) {
      const end = Math.min(page.length, at + LOOKAHEAD);
      for (let j = at; j < end; j++) {
        if (!used[j] && page[j] === w) {
          matched.push(j);
          at = j + 1;
          break;
        }
      }
    }
    if (matched.length < wanted.length * MIN_MATCHED) return { ...block, box: null };
    for (const j of matched) used[j] = true;
    cursor = matched[matched.length - 1]! + 1;
    return { ...block, box: unionBox(matched.map((j) => words[j]!)) };
  });
}

/** Where a block's first words occur, preferring after the previous block (reading order). */
function findStart(page: string[], used: boolean[], wanted: string[], cursor: number): number {
  const anchor = wanted.slice(0, Math.min(2, wanted.length));
  const at = (j: number) => !used[j] && anchor.every((w, k) => page[j + k] === w);
  for (let j = cursor; j < page.length; j++) if (at(j)) return j;
  for (let j = 0; j < cursor; j++) if (at(j)) return j;
  // The first words may be missing from the layer (a bullet, a symbol): any later word will do.
  for (let k = 1; k < Math.min(wanted.length, 4); k++) {
    for (let j = cursor; j < page.length; j++) if (!used[j] && page[j] === wanted[k]) return j;
  }
  return -1;
}

const r5 = (n: number) => Math.round(n * 1e5) / 1e5;

export function unionBox(boxes: Box[]): Box {
  return {
    x0: r5(Math.min(...boxes.map((b) => b.x0))),
    y0: r5(Math.min(...boxes.map((b) => b.y0))),
    x1: r5(Math.max(...boxes.map((b) => b.x1))),
    y1: r5(Math.max(...boxes.map((b) => b.y1))),
  };
}
