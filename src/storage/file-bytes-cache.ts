import type { Db } from './db.js';
import { getPageSourceBytes } from './file-renditions.js';

/**
 * The bytes a file's pages are read from (its PDF rendition when it was converted at upload, else
 * its own bytes: file-renditions.ts) by file id, least recently used out past `maxBytes`. A stored file never
 * changes, so entries need no invalidation. Bytes are in shared memory: render threads read them
 * without a copy (and may keep such a document open between pages, see src/documents/pool.ts).
 */
export class FileBytesCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The file's page bytes, or undefined when it has no stored content. */
  async get(db: Db, fileId: string): Promise<Buffer | undefined> {
    const hit = this.entries.get(fileId);
    if (hit) {
      this.entries.delete(fileId); // refresh its place in the LRU order
      this.entries.set(fileId, hit);
      return hit;
    }
    const stored = await getPageSourceBytes(db, fileId);
    if (!stored) return undefined;
    const bytes = Buffer.from(new SharedArrayBuffer(stored.length));
    stored.copy(bytes);
    this.entries.set(fileId, bytes);
    this.bytes += bytes.length;
    for (const [id, b] of this.entries) {
      if (this.bytes <= this.maxBytes || id === fileId) break;
      this.entries.delete(id);
      this.bytes -= b.length;
    }
    return bytes;
  }
}
