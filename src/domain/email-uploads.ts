// Storing an upload that is converted into pages (a workbook, an e-mail): the file, its rendition,
// and for an e-mail the files of its attachments, all in one transaction (src/storage/file-tree.ts)
// — an upload is stored whole or not at all.
import { createHash } from 'node:crypto';
import type { Config } from '../config/index.js';
import { serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { insertFileTree } from '../storage/file-tree.js';
import { attachmentFiles, type PendingFile } from './email-attachments.js';
import { newId } from './ids.js';
import { acceptedFormats } from './file-conversion.js';
import { acceptedFormat, convertAccepted } from './upload-formats.js';

export interface TreeLimits {
  maxAttachments: number;
}

/** Stores the upload (and its attachments' files); answers the upload's file id. */
export async function storeUploadTree(db: Db, config: Config, bytes: Buffer, filename: string, limits: TreeLimits): Promise<string> {
  const format = acceptedFormat(bytes);
  if (!format) {
    throw serviceError('unsupported_media_type', `The file is none of the accepted formats (${acceptedFormats()}): its bytes have none of their signatures`);
  }
  // Refusals come as the codes a job would fail with, as a 400 (convertAccepted answers ServiceErrors).
  const converted = await convertAccepted(bytes, format, config);
  const root: PendingFile = {
    id: newId('file'),
    filename,
    mediaType: format.mediaType,
    kind: format.kind,
    pageCount: converted.pageCount,
    bytes,
    rendition: converted.rendition,
    parentId: null,
    attachmentIndex: null,
    attachmentFilename: null,
    skipped: [],
  };
  const files = [root, ...(await attachmentFiles(root, converted.attachments, { maxAttachments: limits.maxAttachments, config }))];
  await insertFileTree(
    db,
    files.map((file) => {
      const content = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
      return {
        row: {
          id: file.id,
          filename: file.filename,
          media_type: file.mediaType,
          kind: file.kind,
          page_count: file.pageCount,
          converter: file.rendition?.converter ?? null,
          size_bytes: content.length,
          sha256: createHash('sha256').update(content).digest('hex'),
          parent_file_id: file.parentId,
          attachment_filename: file.attachmentFilename,
          attachment_index: file.attachmentIndex,
          skipped_attachments: file.skipped,
        },
        content,
        rendition: file.rendition,
      };
    }),
  );
  return root.id;
}
