// E-mail (.eml and Outlook .msg) as pages: the message's header block and body become the file's
// pages; its attachments are handed back to be stored as files of their own (the domain decides
// which formats are accepted and how deep attached messages go). Which bytes are an e-mail is the
// sniffer's to say (sniff.ts: eml; formats/containers.ts: msg), as for every other format.
import { DocumentError } from '../errors.js';
import { parseEml } from './email-eml.js';
import type { EmailAttachment } from './email-message.js';
import { parseMsg } from './email-msg.js';
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
