// Parse results for retrieval: blocks from each page's Markdown with boxes from the text layer,
// chunks, tables joined across pages, the whole document in one file. Pure functions.
import { alignBlocks } from './align.js';
import { markdownToBlocks } from './markdown-blocks.js';
import { markPageFurniture } from './page-furniture.js';
import type { BlockPage, PageWord } from './types.js';

export { chunkPages, MAX_CHUNK_TOKENS, MIN_CHUNK_TOKENS, type Chunk, type ChunkOptions } from './chunker.js';
export { DOCUMENT_EXTENSIONS, DOCUMENT_FORMATS, DOCUMENT_MEDIA_TYPES, renderDocument, type DocumentFormat } from './document.js';
export { documentTables, type DocumentTable } from './tables.js';
export { TOKENIZER, countTokens } from './tokens.js';
export * from './types.js';

/**
 * The blocks of every page of a document: each page's Markdown read as blocks, running headers
 * and footers marked (they repeat across pages), boxes found among the page's words (`words[i]`
 * are page i + 1's; none for a page without a text layer).
 */
export function documentBlocks(pages: Array<{ page_number: number; content: string }>, words: PageWord[][]): BlockPage[] {
  const read = pages.map((p) => ({ page_number: p.page_number, blocks: markdownToBlocks(p.content) }));
  return markPageFurniture(read).map((p) => ({ page_number: p.page_number, blocks: alignBlocks(p.blocks, words[p.page_number - 1] ?? []) }));
}
