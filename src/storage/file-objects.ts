// The bucket's objects of files being deleted (a file's bytes and rendition, and those of an
// e-mail's attachments, which go with it by cascade). Their keys are read before the rows go and
// the objects removed after the delete commits: a failed delete keeps rows and objects together,
// and a failed object removal leaves only an orphan (no row names it).
import type { Db } from './db.js';
import { objectStore } from './object-store.js';

/** The object keys of these files, their attachments' (recursively) included; [] with bytes in Postgres. */
export async function objectKeysOfFileTrees(db: Db, fileIds: string[]): Promise<string[]> {
  if (!objectStore()) return [];
  const keys: string[] = [];
  const seen = new Set<string>();
  let level = [...new Set(fileIds)];
  while (level.length > 0) {
    level.forEach((id) => seen.add(id));
    const [files, renditions, children] = await Promise.all([
      db('files').whereIn('id', level).whereNotNull('object_key').select('object_key'),
      db('file_renditions').whereIn('file_id', level).whereNotNull('pdf_key').select('pdf_key'),
      db('files').whereIn('parent_file_id', level).select('id'),
    ]);
    keys.push(...files.map((r: { object_key: string }) => r.object_key), ...renditions.map((r: { pdf_key: string }) => r.pdf_key));
    level = children.map((r: { id: string }) => r.id).filter((id: string) => !seen.has(id));
  }
  return keys;
}

/** Remove objects whose rows are gone; resolves to the error when the bucket refused (the objects stay as orphans). */
export async function removeObjects(keys: string[]): Promise<unknown> {
  const objects = objectStore();
  if (!objects || keys.length === 0) return undefined;
  try {
    await objects.delete(keys);
    return undefined;
  } catch (err) {
    return err;
  }
}
