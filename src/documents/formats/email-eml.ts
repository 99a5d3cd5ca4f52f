// RFC 822 / MIME messages (.eml) through postal-mime.
import PostalMime, { type Address } from 'postal-mime';
import { DocumentError } from '../errors.js';
import { formatMailbox, type EmailMessage } from './email-message.js';

const addresses = (list: Address[] | Address | undefined): string =>
  (list === undefined ? [] : Array.isArray(list) ? list : [list])
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((m) => formatMailbox(m.name, m.address))
    .filter(Boolean)
    .join(', ');

export async function parseEml(bytes: Uint8Array): Promise<EmailMessage> {
  let email;
  try {
    // An attached message stays an attachment (stored as a file of its own), never merged into this body.
    email = await PostalMime.parse(bytes, { forceRfc822Attachments: true, attachmentEncoding: 'arraybuffer', maxNestingDepth: 50 });
  } catch (err) {
    throw new DocumentError('document_corrupt', `The e-mail cannot be read: ${(err as Error).message}`, { cause: err });
  }
  return {
    from: addresses(email.from),
    to: addresses(email.to),
    cc: addresses(email.cc),
    date: email.date ?? '',
    subject: email.subject ?? '',
    text: email.text ?? null,
    html: email.html ?? null,
    attachments: email.attachments.map((a) => ({
      filename: a.filename ?? '',
      mediaType: a.mimeType || 'application/octet-stream',
      content: typeof a.content === 'string' ? new TextEncoder().encode(a.content) : new Uint8Array(a.content as ArrayBuffer),
    })),
  };
}
