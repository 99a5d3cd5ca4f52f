// The pages of an e-mail: a header block (From, To, Cc, Date, Subject) and the body — the text
// part, or the HTML part when there is no text part — laid out by mupdf's HTML engine and written
// as a PDF. Nothing the message references is ever fetched: mupdf (WebAssembly) has no network,
// and every reference to anything outside the message is removed before layout besides.
import * as mupdf from 'mupdf';
import type { EmailMessage } from './email-message.js';

const A4: [number, number] = [595, 842];
const FONT_SIZE = 10;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Removes from an e-mail's HTML every element and attribute that could load something (images,
 * style sheets, frames, objects, scripts, CSS url()/@import), keeping data: images and the text.
 */
export function withoutRemoteReferences(html: string): string {
  return html
    .replace(/<(script|iframe|object|embed|frame|frameset|applet|audio|video|svg)\b[\s\S]*?(<\/\1\s*>|$)/gi, '')
    .replace(/<(link|meta|base|source|track)\b[^>]*>/gi, '')
    .replace(/\s(src|srcset|href|background|poster|data|action|formaction|xlink:href|lowsrc|dynsrc)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, (whole, _name: string, value: string) =>
      /^["']?\s*data:image\//i.test(value) && /^\s*src/i.test(whole) ? whole : '',
    )
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\s*\([^)]*\)/gi, 'none');
}

/** The body of an HTML document (its own <style> blocks kept), for embedding below the header block. */
function htmlBodyContent(html: string): string {
  const styles = [...html.matchAll(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi)].map((m) => m[0]).join('\n');
  const body = /<body\b[^>]*>([\s\S]*?)(<\/body\s*>|$)/i.exec(html);
  return styles + (body ? body[1]! : html.replace(/<\/?(html|head)\b[^>]*>/gi, '').replace(/<title\b[\s\S]*?<\/title\s*>/gi, ''));
}

/** The message as one HTML document: the header block, a rule, the body. */
export function emailHtml(message: EmailMessage): string {
  const headers: [string, string][] = [
    ['From', message.from],
    ['To', message.to],
    ['Cc', message.cc],
    ['Date', message.date],
    ['Subject', message.subject],
  ];
  const rows = headers
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `<tr><th>${name}:</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const body =
    message.text !== null && message.text.trim() !== ''
      ? `<pre class="text">${escapeHtml(message.text)}</pre>`
      : message.html !== null
        ? `<div class="html">${htmlBodyContent(withoutRemoteReferences(message.html))}</div>`
        : '';
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: sans-serif; font-size: ${FONT_SIZE}pt; margin: 0; }
table.headers { border-collapse: collapse; margin-bottom: 6pt; }
table.headers th { text-align: left; padding: 1pt 8pt 1pt 0; vertical-align: top; font-weight: bold; }
table.headers td { padding: 1pt 0; }
pre.text { font-family: sans-serif; white-space: pre-wrap; margin: 0; }
</style></head><body><table class="headers">${rows}</table><hr>${body}</body></html>`;
}

/** Lays the message out on A4 pages and writes them as a PDF. */
export function drawEmailPdf(message: EmailMessage): { pdf: Uint8Array; pageCount: number } {
  const html = new mupdf.Buffer(emailHtml(message));
  const doc = mupdf.Document.openDocument(html, 'text/html');
  const out = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(out, 'pdf', 'compress');
  try {
    // 40 pt margins: the layout box is the page less the margins, drawn translated.
    doc.layout(A4[0] - 80, A4[1] - 80, FONT_SIZE);
    const pageCount = doc.countPages();
    for (let i = 0; i < pageCount; i++) {
      const page = doc.loadPage(i);
      const device = writer.beginPage([0, 0, A4[0], A4[1]]);
      page.run(device, [1, 0, 0, 1, 40, 40]);
      writer.endPage();
      page.destroy();
    }
    writer.close();
    return { pdf: new Uint8Array(out.asUint8Array()), pageCount };
  } finally {
    writer.destroy();
    out.destroy();
    doc.destroy();
    html.destroy();
  }
}
