// An e-mail's attachments as files of their own: each accepted one converted like an upload
// (attached e-mails recursively, up to MAX_EMAIL_DEPTH), every other one listed on its e-mail's
// record as skipped with the reason — never dropped without a trace.
import type { Config } from '../config/index.js';
import { isDocumentError } from '../documents/errors.js';
import { ServiceError } from '../errors.js';
import type { EmailAttachment } from '../documents/formats/email.js';
import type { FileKind, Rendition } from '../documents/formats/types.js';
import { cleanFilename } from './file-names.js';
import { newId } from './ids.js';
import { acceptedFormat, convertAccepted } from './upload-formats.js';

/** Attached e-mails are opened down to this depth (the uploaded e-mail is depth 0). */
export const MAX_EMAIL_DEPTH = 3;

export interface SkippedAttachment {
  filename: string;
  media_type: string;
  /** unsupported_media_type, empty_file, too_many_attachments, nesting_too_deep, or the document_* code of a conversion that failed. */
  reason: string;
}

/** A file to store: the upload, or an attachment taken out of it. */
export interface PendingFile {
  id: string;
  filename: string;
  mediaType: string;
  kind: FileKind;
  /** Pages (of the rendition where there is one); null for a PDF that cannot be read. */
  pageCount: number | null;
  bytes: Uint8Array;
  rendition: Rendition | null;
  parentId: string | null;
  attachmentIndex: number | null;
  attachmentFilename: string | null;
  skipped: SkippedAttachment[];
}

export interface AttachmentLimits {
  /** Most attachment files out of one upload, nested e-mails' included. */
  maxAttachments: number;
  /** Conversion settings (SERVICE_MAX_PAGES, the render pool, LibreOffice, the timeout). */
  config: Config;
}

/**
 * The files to store for the attachments of `parent` (depth-first, each e-mail before its own
 * attachments), recording the skipped ones on their e-mail. `budget.left` counts down the
 * attachment files the upload may still make.
 */
export async function attachmentFiles(
  parent: PendingFile,
  attachments: EmailAttachment[],
  limits: AttachmentLimits,
  depth = 0,
  budget = { left: limits.maxAttachments },
): Promise<PendingFile[]> {
  const out: PendingFile[] = [];
  for (const [index, attachment] of attachments.entries()) {
    const skip = (reason: string) => parent.skipped.push({ filename: attachment.filename, media_type: attachment.mediaType, reason });
    if (attachment.unreadable) {
      skip('document_corrupt');
      continue;
    }
    if (attachment.content.byteLength === 0) {
      skip('empty_file');
      continue;
    }
    let format;
    try {
      // Sniffed as an upload is: its name and declared type are the hints (a CSV is a csv grid).
      format = acceptedFormat(attachment.content, { filename: attachment.filename, declaredType: attachment.mediaType });
    } catch (err) {
      // A container too damaged to tell its format (a truncated ZIP): listed with the document's code.
      if (!isDocumentError(err)) throw err;
      skip(err.code);
      continue;
    }
    if (!format) {
      skip('unsupported_media_type');
      continue;
    }
    if (format.attachments && depth + 1 > MAX_EMAIL_DEPTH) {
      skip('nesting_too_deep');
      continue;
    }
    if (budget.left <= 0) {
      skip('too_many_attachments');
      continue;
    }
    let converted;
    try {
      converted = await convertAccepted(attachment.content, format, limits.config);
    } catch (err) {
      // One unreadable attachment does not refuse the e-mail: it is listed with its reason (the
      // registry answers a refusal as the ServiceError an upload would get: its code is the reason).
      if (isDocumentError(err) || err instanceof ServiceError) {
        skip(err.code);
        continue;
      }
      throw err;
    }
    budget.left--;
    const name = attachment.filename.trim() ? cleanFilename(attachment.filename) : `attachment-${index + 1}${format.extension}`;
    const child: PendingFile = {
      id: newId('file'),
      filename: name,
      mediaType: format.mediaType,
      kind: format.kind,
      pageCount: converted.pageCount,
      bytes: attachment.content,
      rendition: converted.rendition,
      parentId: parent.id,
      attachmentIndex: index,
      attachmentFilename: attachment.filename.trim() || name,
      skipped: [],
    };
    out.push(child);
    if (converted.attachments.length > 0) out.push(...(await attachmentFiles(child, converted.attachments, limits, depth + 1, budget)));
  }
  return out;
}
