// E-mail (.eml and Outlook .msg) as pages: the message's header block and body become the file's
// pages; its attachments are handed back to be stored as files of their own (the domain decides
// which formats are accepted and how deep attached messages go).
import { DocumentError } from '../errors.js';
import { parseEml } from './email-eml.js';
import type { EmailAttachment } from './email-message.js';
import { isOutlookMsg, parseMsg } from './email-msg.js';
import { drawEmailPdf } from './email-pages.js';
import type { Rendition } from './types.js';

export type EmailMediaType = 'message/rfc822' | 'application/vnd.ms-outlook';
export type { EmailAttachment } from './email-message.js';

export interface EmailOptions {
  /** Most pages the message itself may have (document_too_many_pages past it). */
  maxPages: number;
}

export interface EmailConversion {
  rendition: Rendition;
  /** The attachments in the message's order. */
  attachments: EmailAttachment[];
}

// Header names an RFC 822 message starts with; two of them in the header block make it an e-mail.
const MAIL_HEADERS = new Set(['from', 'to', 'cc', 'subject', 'date', 'message-id', 'mime-version', 'received', 'return-path', 'reply-to', 'sender', 'delivered-to', 'x-mailer', 'in-reply-to', 'references', 'dkim-signature', 'authentication-results', 'x-received', 'content-type']);
const HEADER_LINE = /^([!-9;-~]+):/;

/** True when the bytes begin as an RFC 822 message: a block of header lines, among them at least two mail headers one of which is From, To, Subject or Date. */
export function looksLikeEml(head: Uint8Array): boolean {
  const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 16 * 1024)).toString('latin1');
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') break;
    if (/^[ \t]/.test(line) && i > 0) continue; // a folded continuation
    const m = HEADER_LINE.exec(line);
    if (!m) return false;
    const name = m[1]!.toLowerCase();
    if (MAIL_HEADERS.has(name)) seen.add(name);
  }
  return seen.size >= 2 && ['from', 'to', 'subject', 'date'].some((h) => seen.has(h));
}

/** The e-mail media type of the bytes, or null when they are not an e-mail. */
export function detectEmail(bytes: Uint8Array): EmailMediaType | null {
  if (isOutlookMsg(bytes)) return 'application/vnd.ms-outlook';
  if (looksLikeEml(bytes)) return 'message/rfc822';
  return null;
}

export async function convertEmail(bytes: Uint8Array, mediaType: EmailMediaType, opts: EmailOptions): Promise<EmailConversion> {
  const message = mediaType === 'application/vnd.ms-outlook' ? parseMsg(bytes) : await parseEml(bytes);
  let drawn;
  try {
    drawn = drawEmailPdf(message);
  } catch (err) {
    throw new DocumentError('document_corrupt', `The e-mail's body cannot be laid out: ${(err as Error).message}`, { cause: err });
  }
  if (drawn.pageCount > opts.maxPages) {
    throw new DocumentError('document_too_many_pages', `The e-mail makes ${drawn.pageCount} pages; at most ${opts.maxPages} are accepted`);
  }
  return { rendition: { kind: 'email', pdf: drawn.pdf, pageCount: drawn.pageCount }, attachments: message.attachments };
}
