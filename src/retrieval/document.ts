// The whole document of a parse job in one file: Markdown (pages joined by a page-break comment),
// HTML (a section per page, tables as real <table> elements), plain text, or the blocks as JSON.
import { Marked, marked, type Token, type Tokens } from 'marked';
import { isFurniture } from './page-furniture.js';
import type { BlockPage } from './types.js';

export const DOCUMENT_FORMATS = ['markdown', 'html', 'text', 'json'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const DOCUMENT_MEDIA_TYPES: Record<DocumentFormat, string> = {
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
};
export const DOCUMENT_EXTENSIONS: Record<DocumentFormat, string> = { markdown: 'md', html: 'html', text: 'txt', json: 'json' };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Raw HTML in a transcription is shown as text, never passed through (the file may be opened in a browser). */
const html = new Marked({ gfm: true, renderer: { html: ({ text }: { text: string }) => escapeHtml(text) } });

export function renderDocument(pages: Array<BlockPage & { content: string }>, format: DocumentFormat, pageBreak: string, title: string): string {
  switch (format) {
    case 'markdown':
      return pages.map((p) => p.content).join(pageBreak);
    case 'html':
      return [
        '<!DOCTYPE html>',
        `<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>`,
        ...pages.map((p) => `<section data-page="${p.page_number}">\n${html.parse(p.content, { async: false })}</section>`),
        '</body></html>',
        '',
      ].join('\n');
    case 'text':
      // Pages apart by a form feed; a table's rows as tab-separated lines.
      return pages
        .map((p) =>
          p.blocks
            .filter((b) => !isFurniture(b))
            .map((b) => (b.table ? b.table.rows.map((r) => r.map(plainText).join('\t')).join('\n') : plainText(b.text)))
            .filter(Boolean)
            .join('\n\n'),
        )
        .join('\n\f\n');
    case 'json':
      return JSON.stringify({ pages: pages.map((p) => ({ page_number: p.page_number, blocks: p.blocks })) });
  }
}

/** A block's Markdown without its marks: what a reader sees. */
export function plainText(markdown: string): string {
  return marked
    .lexer(markdown, { gfm: true })
    .map((t) => textOf(t))
    .join('\n')
    .trim();
}

function textOf(token: Token): string {
  switch (token.type) {
    case 'code':
      return (token as Tokens.Code).text;
    case 'html':
      return '';
    case 'br':
      return '\n';
    case 'space':
      return '';
    case 'image':
      return (token as Tokens.Image).text;
    default: {
      const t = token as { tokens?: Token[]; text?: string; items?: Tokens.ListItem[] };
      if (t.items) return t.items.map((i) => textOf(i)).join('\n');
      if (t.tokens) return t.tokens.map(textOf).join('');
      return t.text !== undefined ? unescapeEntities(t.text) : '';
    }
  }
}

const unescapeEntities = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
