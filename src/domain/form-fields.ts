// A stored PDF's form fields (GET /v1/files/{id}/form-fields): each AcroForm field's name, type,
// value and box, read from the file's own bytes in the render pool. Any other file, or a PDF
// without a form (or one that cannot be read), has none.
import { isDocumentError, readFormInPool, type FormField } from '../documents/index.js';
import type { Db } from '../storage/db.js';
import { fileStore } from '../storage/file-store.js';
import { notFound } from '../errors.js';
import { getFile } from './files.js';

export async function fileFormFields(db: Db, id: string): Promise<FormField[]> {
  const file = await getFile(db, id);
  if (file.media_type !== 'application/pdf') return [];
  const bytes = await fileStore(db).get(id);
  if (!bytes) throw notFound('File content', id);
  try {
    return (await readFormInPool(bytes, false)).fields;
  } catch (err) {
    if (isDocumentError(err)) return [];
    throw err;
  }
}
