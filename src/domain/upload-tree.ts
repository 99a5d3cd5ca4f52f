// Storing an upload read whole (every format but a PDF, PNG or JPEG, which are streamed in:
// files.ts): its format and pages from the upload dispatcher (upload-formats.ts), and for an
// e-mail the files of its attachments, all in one transaction (src/storage/file-tree.ts) — an
// upload is stored whole or not at all.
import { createHash } from 'node:crypto';
import type { Config } from '../config/index.js';
import type { UploadHints } from '../documents/index.js';
import type { Db } from '../storage/db.js';
import { insertFileTree } from '../storage/file-tree.js';
import { attachmentFiles, type PendingFile } from './email-attachments.js';
import { cleanFilename } from './file-names.js';
import { newId } from './ids.js';
import { convertAccepted, uploadFormat } from './upload-formats.js';

export interface TreeLimits {
  maxAttachments: number;
}

/** Stores the upload (and its attachments' files); answers the upload's file id. Refusals are 400 ServiceErrors, with nothing stored. */
export async function storeUploadTree(db: Db, config: Config, bytes: Buffer, hints: UploadHints, limits: TreeLimits): Promise<string> {
  const format = uploadFormat(bytes, hints);
  const converted = await convertAccepted(bytes, format, config);
  const root: PendingFile = {
    id: newId('file'),
    filename: cleanFilename(hints.filename),
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
  const files = [root, ...(format.attachments ? await attachmentFiles(root, converted.attachments, { maxAttachments: limits.maxAttachments, config }) : [])];
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
