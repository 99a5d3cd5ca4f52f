// Outlook messages (.msg, a Compound File with MAPI properties) through @kenjiuno/msgreader.
import msgreader, { type FieldsData } from '@kenjiuno/msgreader';
import { DocumentError } from '../errors.js';
import { formatMailbox, type EmailAttachment, type EmailMessage } from './email-message.js';

// The package is CommonJS: seen from ESM, its class is the default export's `default`.
type Reader = { getFileData(): FieldsData; getAttachment(a: FieldsData): { fileName: string; content: Uint8Array } };
const MsgReader = ((msgreader as unknown as { default?: unknown }).default ?? msgreader) as new (data: ArrayBuffer) => Reader;

type Fields = FieldsData;

function sender(d: Fields): string {
  const smtp = (d as { senderSmtpAddress?: string }).senderSmtpAddress;
  // An Exchange sender's own address is an X.500 path, not something a reader can use.
  const address = smtp ?? (d.senderEmail && !d.senderEmail.startsWith('/') ? d.senderEmail : '');
  return formatMailbox(d.senderName, address);
}

function recipients(d: Fields, type: 'to' | 'cc'): string {
  return (d.recipients ?? [])
    .filter((r) => (r.recipType ?? 'to') === type)
    .map((r) => {
      const smtp = (r as { smtpAddress?: string }).smtpAddress;
      const address = smtp ?? (r.email && !r.email.startsWith('/') ? r.email : '');
      return formatMailbox(r.name?.replace(/^'(.*)'$/, '$1'), address);
    })
    .filter(Boolean)
    .join(', ');
}

function htmlBody(d: Fields): string | null {
  if (d.bodyHtml) return d.bodyHtml;
  if (d.html && d.html.length > 0) return new TextDecoder('utf-8').decode(d.html);
  return null;
}

export function parseMsg(bytes: Uint8Array): EmailMessage {
  let reader: Reader;
  let d: Fields;
  try {
    const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    reader = new MsgReader(copy);
    d = reader.getFileData();
  } catch (err) {
    throw new DocumentError('document_corrupt', `The Outlook message cannot be read: ${(err as Error).message}`, { cause: err });
  }
  if ((d as { error?: string }).error) throw new DocumentError('document_corrupt', `The Outlook message cannot be read: ${(d as { error?: string }).error}`);
  const attachments: EmailAttachment[] = (d.attachments ?? []).map((a) => {
    const filename = a.fileName ?? a.fileNameShort ?? a.name ?? '';
    try {
      const data = reader.getAttachment(a);
      // An attached Outlook item is rebuilt as a .msg of its own by the reader.
      const name = data.fileName || filename;
      return { filename: name, mediaType: a.innerMsgContent ? 'application/vnd.ms-outlook' : (a.attachMimeTag ?? 'application/octet-stream'), content: data.content };
    } catch (err) {
      return { filename, mediaType: a.attachMimeTag ?? 'application/octet-stream', content: new Uint8Array(), unreadable: `the attachment cannot be read: ${(err as Error).message}` };
    }
  });
  return {
    from: sender(d),
    to: recipients(d, 'to'),
    cc: recipients(d, 'cc'),
    date: d.clientSubmitTime ?? d.messageDeliveryTime ?? d.creationTime ?? '',
    subject: d.subject ?? '',
    text: d.body ?? null,
    html: htmlBody(d),
    attachments,
  };
}
