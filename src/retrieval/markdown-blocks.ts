// A page's Markdown (the model's transcription) read as typed blocks, with marked's GFM lexer:
// headings, paragraphs, list items flattened with their nesting depth, tables as rows of cells,
// fenced code, formulas ($$…$$, \[…\] or a math fence) and figures (a picture description in
// square brackets, or an image). Boxes are filled later from the text layer (./align.ts).
import { Lexer, type Token, type Tokens } from 'marked';
import type { Block } from './types.js';

const FORMULA = /^(\$\$[\s\S]*\$\$|\\\[[\s\S]*\\\])$/;
/** `[a description]` alone (not a link: no `(` or `[` right after), or an image alone. */
const FIGURE = /^(\[[^\]]*\]|!\[[^\]]*\]\([^)]*\))$/;
const MATH_FENCES = new Set(['math', 'latex', 'tex', 'katex']);
const HTML_COMMENT = /^<!--[\s\S]*-->$/;

export function markdownToBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  readTokens(new Lexer({ gfm: true }).lex(markdown), blocks, 0);
  return blocks;
}

const block = (type: Block['type'], text: string, level: number | null = null): Block => ({ type, text, level, box: null, table: null });

function readTokens(tokens: Token[], out: Block[], listDepth: number): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'hr':
      case 'def':
        break;
      case 'heading': {
        const t = token as Tokens.Heading;
        if (t.text.trim()) out.push(block('heading', t.text.trim(), t.depth));
        break;
      }
      case 'code': {
        const t = token as Tokens.Code;
        const lang = (t.lang ?? '').trim().toLowerCase();
        out.push(block(MATH_FENCES.has(lang) ? 'formula' : 'code', t.raw.trim()));
        break;
      }
      case 'table':
        out.push(tableBlock(token as Tokens.Table));
        break;
      case 'list':
        for (const item of (token as Tokens.List).items) readListItem(item, out, listDepth + 1);
        break;
      case 'blockquote':
        readTokens((token as Tokens.Blockquote).tokens, out, listDepth);
        break;
      case 'html': {
        const raw = token.raw.trim();
        if (raw && !HTML_COMMENT.test(raw)) out.push(block('paragraph', raw));
        break;
      }
      default: {
        // paragraph, text and anything a later marked adds: its own Markdown as a paragraph.
        const raw = token.raw.trim();
        if (!raw) break;
        if (FORMULA.test(raw)) out.push(block('formula', raw));
        else if (FIGURE.test(raw)) out.push(block('figure', raw));
        else out.push(block('paragraph', raw));
      }
    }
  }
}

/** A list item is its own text (nested lists become items of their own, one level deeper). */
function readListItem(item: Tokens.ListItem, out: Block[], depth: number): void {
  const own = item.tokens.filter((t) => t.type !== 'list' && t.type !== 'space');
  const text = own.map((t) => t.raw).join('').trim();
  const task = item.task ? `[${item.checked ? 'x' : ' '}] ` : '';
  if (text || task) out.push(block('list_item', text.startsWith('[') && task ? text : task + text, depth));
  for (const t of item.tokens) {
    if (t.type === 'list') for (const sub of (t as Tokens.List).items) readListItem(sub, out, depth + 1);
  }
}

function tableBlock(t: Tokens.Table): Block {
  const header = t.header.map((c) => c.text.trim());
  const rows = t.rows.map((r) => header.map((_, i) => (r[i]?.text ?? '').trim()));
  return { ...block('table', t.raw.trim()), table: { rows: [header, ...rows], header_rows: 1 } };
}
