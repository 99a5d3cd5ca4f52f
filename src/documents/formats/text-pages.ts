// Text formats become HTML that mupdf lays out: plain text as it is (line breaks kept, long lines
// wrapped), Markdown rendered (CSV is drawn as a grid: csv-pages.ts). The characters come from the
// sniffer's decoding (UTF-8, or UTF-16 with its BOM), so the page's text layer holds them exactly.
import { Marked } from 'marked';
import { DocumentError } from '../errors.js';
import { decodeText } from '../sniff.js';

const STYLE = `
body { font-family: sans-serif; font-size: 10pt; margin: 0; }
pre { font-family: monospace; font-size: 9pt; white-space: pre-wrap; }
table { border-collapse: collapse; }
td, th { border: 0.5pt solid #555; padding: 1pt 3pt; font-size: 8pt; vertical-align: top; }
th { background: #eee; }
`;

export type TextFormat = 'text' | 'markdown' | 'html';

/** The text file as one UTF-8 HTML document. */
export function textToHtml(bytes: Uint8Array, format: TextFormat): string {
  const text = decodeText(bytes);
  if (text === null) throw new DocumentError('document_corrupt', 'The text is neither UTF-8 nor UTF-16 with a byte order mark.');
  switch (format) {
    case 'html':
      // Re-encoded as UTF-8 whatever it was (UTF-16 included): mupdf reads the characters as written.
      return text.replace(/<meta[^>]*charset[^>]*>/gi, '');
    case 'markdown':
      return page(new Marked({ async: false }).parse(text) as string);
    default:
      return page(`<pre>${escapeHtml(text)}</pre>`);
  }
}

function page(body: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
