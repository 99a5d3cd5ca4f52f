// Chunks for retrieval: the blocks of every page, in order, packed into chunks of at most
// `maxTokens` cl100k_base tokens. A heading starts a new chunk and sets the heading path; a block
// too long for a chunk is split at sentence ends, then at words (a table by rows, its header row
// repeated in each part); page headers and footers are left out. With `overlapTokens` a chunk
// that continues a section starts with the last tokens of the section's previous chunk.
import { isFurniture } from './page-furniture.js';
import { tableMarkdown, tableRowMarkdown } from './tables.js';
import { countTokens, detokenize, tokenize } from './tokens.js';
import type { Block, BlockPage, PageBox } from './types.js';

export const MIN_CHUNK_TOKENS = 32;
export const MAX_CHUNK_TOKENS = 8192;

export interface ChunkOptions {
  maxTokens: number;
  overlapTokens: number;
}

export interface Chunk {
  index: number;
  text: string;
  heading_path: string[];
  pages: number[];
  boxes: PageBox[];
  token_count: number;
}

/** A block, or part of one, that goes into a chunk whole. */
interface Piece {
  text: string;
  tokens: number;
  page: number;
  block: Block;
  /** A later part of a split block: joined to the part before with a space, not a blank line. */
  continues: boolean;
}

const BLOCK_SEPARATOR = '\n\n';
/** Below this many tokens from the limit, a sum of counts is checked by counting the joined text. */
const SLACK = 8;

export function chunkPages(pages: BlockPage[], options: ChunkOptions): Chunk[] {
  const { maxTokens, overlapTokens } = options;
  // Room for any piece in a chunk that starts with the overlap and a separator.
  const pieceBudget = maxTokens - overlapTokens - 2;
  const chunks: Chunk[] = [];
  let headings: Array<{ level: number; text: string }> = [];
  let headingPath: string[] = [];
  let pieces: Piece[] = [];
  let prefix = ''; // the overlap that starts the current chunk
  let estimate = 0;

  const textOf = (ps: Piece[], start = prefix) =>
    ps.reduce((text, p, i) => (i === 0 && !start ? p.text : text + (p.continues ? ' ' : BLOCK_SEPARATOR) + p.text), start);

  const flush = (startsSection: boolean) => {
    if (pieces.length === 0) return;
    const text = textOf(pieces);
    chunks.push(makeChunk(chunks.length, text, headingPath, pieces));
    pieces = [];
    estimate = 0;
    prefix = !startsSection && overlapTokens > 0 ? lastTokens(text, overlapTokens) : '';
  };

  const add = (piece: Piece) => {
    if (pieces.length > 0 || prefix) {
      const sum = estimate + 1 + piece.tokens;
      const fits = sum <= maxTokens - SLACK || countTokens(textOf([...pieces, piece])) <= maxTokens;
      if (!fits) {
        flush(false);
        // The overlap and the piece must fit: the piece is within pieceBudget, so this is rare.
        while (prefix && countTokens(textOf([piece])) > maxTokens) prefix = lastTokens(prefix, Math.floor(countTokens(prefix) / 2));
      }
    }
    if (pieces.length === 0) estimate = prefix ? countTokens(prefix) + 1 : 0;
    pieces.push(piece);
    estimate += piece.tokens + 1;
  };

  for (const page of pages) {
    for (const block of page.blocks) {
      if (isFurniture(block)) continue;
      if (block.type === 'heading') {
        flush(true);
        prefix = '';
        const level = block.level ?? 1;
        headings = [...headings.filter((h) => h.level < level), { level, text: block.text }];
        headingPath = headings.map((h) => h.text);
      }
      for (const piece of splitBlock(block, page.page_number, pieceBudget)) add(piece);
    }
  }
  flush(true);
  return chunks;
}

function makeChunk(index: number, text: string, headingPath: string[], pieces: Piece[]): Chunk {
  const pages = [...new Set(pieces.map((p) => p.page))].sort((a, b) => a - b);
  const boxes: PageBox[] = [];
  const seen = new Set<Block>();
  for (const p of pieces) {
    if (!p.block.box || seen.has(p.block)) continue;
    seen.add(p.block);
    boxes.push({ page: p.page, ...p.block.box });
  }
  return { index, text, heading_path: headingPath, pages, boxes, token_count: countTokens(text) };
}

/** The text of the last `n` tokens of `text`. */
function lastTokens(text: string, n: number): string {
  if (n <= 0) return '';
  const tokens = tokenize(text);
  return detokenize(tokens.slice(Math.max(0, tokens.length - n))).trimStart();
}

/** A block as pieces of at most `budget` tokens each (one piece when it fits). */
export function splitBlock(block: Block, page: number, budget: number): Piece[] {
  const tokens = countTokens(block.text);
  if (tokens <= budget) return [{ text: block.text, tokens, page, block, continues: false }];
  if (block.type === 'table' && block.table && block.table.rows.length > 1) {
    return splitTable(block.table.rows, budget).map((text) => ({ text, tokens: countTokens(text), page, block, continues: false }));
  }
  return splitText(block.text, budget).map((text, i) => ({ text, tokens: countTokens(text), page, block, continues: i > 0 }));
}

/** Rows packed into tables of at most `budget` tokens, each with the header row first. */
function splitTable(rows: string[][], budget: number): string[] {
  const header = rows[0]!;
  const headerTokens = countTokens(tableMarkdown([header]));
  const parts: string[] = [];
  let current: string[][] = [];
  let estimate = headerTokens;
  for (const row of rows.slice(1)) {
    const rowTokens = countTokens(tableRowMarkdown(row)) + 1;
    if (current.length > 0 && (estimate + rowTokens > budget - SLACK && countTokens(tableMarkdown([header, ...current, row])) > budget)) {
      parts.push(tableMarkdown([header, ...current]));
      current = [];
      estimate = headerTokens;
    }
    current.push(row);
    estimate += rowTokens;
  }
  if (current.length > 0) parts.push(tableMarkdown([header, ...current]));
  // A row too long for a table part of its own is split as text.
  return parts.flatMap((part) => (countTokens(part) <= budget ? [part] : splitText(part, budget)));
}

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });
const words = new Intl.Segmenter('en', { granularity: 'word' });

/** Text split at sentence ends, sentences too long at words, words too long at tokens. */
export function splitText(text: string, budget: number): string[] {
  const segments = [...sentences.segment(text)].map((s) => s.segment);
  const fitting = segments.flatMap((s) => (countTokens(s) <= budget ? [s] : splitWords(s, budget)));
  return pack(fitting, budget);
}

function splitWords(text: string, budget: number): string[] {
  const segments = [...words.segment(text)].map((s) => s.segment);
  const fitting = segments.flatMap((s) => (countTokens(s) <= budget ? [s] : tokenParts(s, budget)));
  return pack(fitting, budget);
}

/** Consecutive segments (each within the budget) joined into as few parts as fit, trimmed. */
function pack(segments: string[], budget: number): string[] {
  const parts: string[] = [];
  let current = '';
  let estimate = 0;
  for (const segment of segments) {
    const tokens = countTokens(segment);
    if (current && estimate + tokens > budget - SLACK && countTokens((current + segment).trim()) > budget) {
      parts.push(current);
      current = '';
      estimate = 0;
    }
    current += segment;
    estimate += tokens;
  }
  parts.push(current);
  // Counts of pieces add up to the count of their join almost always; where not, cut at tokens.
  return parts.map((p) => p.trim()).filter(Boolean).flatMap((p) => (countTokens(p) <= budget ? [p] : tokenParts(p, budget)));
}

function tokenParts(text: string, budget: number): string[] {
  const tokens = tokenize(text);
  const parts: string[] = [];
  for (let i = 0; i < tokens.length; i += budget) parts.push(detokenize(tokens.slice(i, i + budget)));
  return parts;
}
