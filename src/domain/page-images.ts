// A stored file's pages as images, as the model sees them: PDF pages rendered by the render pool
// with the jobs' settings (SERVICE_RENDER_DPI, SERVICE_RENDER_MAX_PIXELS), an image as it is
// (scaled down past the pixel cap, as for a job). Used by the studio to show pages beside results.
import type { Config } from '../config/index.js';
import { detectMediaType, inspectDocumentInPool, isDocumentError, prepareImageInPool, renderPage } from '../documents/index.js';
import { ApiError, notFound } from '../http/errors.js';
import type { Db } from '../storage/db.js';
import { postgresFileStore } from '../storage/file-store.js';
import type { FileRecord } from './files.js';

export interface PageImage {
  mediaType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  pageCount: number;
}

/** What identifies a page image: the file's bytes, the page and the render settings. */
export function pageImageTag(file: Pick<FileRecord, 'sha256'>, page: number, config: Pick<Config, 'renderDpi' | 'renderMaxPixels'>): string {
  return `"${file.sha256.slice(0, 32)}-p${page}-${config.renderDpi}dpi-${config.renderMaxPixels}px"`;
}

/**
 * File bytes and page counts of recently viewed files. A file never changes once stored, so entries
 * need no invalidation; a deleted file is refused by getFile before its entry is looked at. Bounded
 * by bytes, least recently used first out. Bytes live in shared memory, so render threads read
 * them without a copy.
 */
class RecentDocuments {
  private readonly entries = new Map<string, { bytes: Buffer; pageCount?: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  async get(db: Db, fileId: string): Promise<{ bytes: Buffer; pageCount?: number }> {
    const hit = this.entries.get(fileId);
    if (hit) {
      this.entries.delete(fileId);
      this.entries.set(fileId, hit);
      return hit;
    }
    const stored = await postgresFileStore(db).get(fileId);
    if (!stored) throw notFound('File content', fileId);
    const bytes = Buffer.from(new SharedArrayBuffer(stored.length));
    stored.copy(bytes);
    const entry = { bytes };
    this.entries.set(fileId, entry);
    this.total += bytes.length;
    for (const [id, e] of this.entries) {
      if (this.total <= this.maxBytes || id === fileId) break;
      this.entries.delete(id);
      this.total -= e.bytes.length;
    }
    return entry;
  }
}

const recent = new RecentDocuments(128 * 1024 * 1024);

/** Page `page` (1-based) of a stored file as an image; 404 past the last page, 400 for a document that cannot be read. */
export async function renderFilePage(db: Db, config: Config, file: FileRecord, page: number): Promise<PageImage> {
  const entry = await recent.get(db, file.id);
  const kind = detectMediaType(entry.bytes.subarray(0, 2048));
  if (!kind) throw new ApiError(400, 'unsupported_media_type', `File '${file.id}' is not a PDF, PNG or JPEG`);
  const limits = { dpi: config.renderDpi, maxPixels: config.renderMaxPixels, maxPages: config.maxPages };
  try {
    entry.pageCount ??= (await inspectDocumentInPool(entry.bytes, kind, limits)).pageCount;
    if (page > entry.pageCount) {
      throw new ApiError(404, 'not_found', `File '${file.id}' has ${entry.pageCount} page${entry.pageCount === 1 ? '' : 's'}; there is no page ${page}`);
    }
    if (kind === 'application/pdf') {
      const rendered = await renderPage(entry.bytes, page - 1, limits);
      return { mediaType: 'image/png', bytes: rendered.png, pageCount: entry.pageCount };
    }
    const image = await prepareImageInPool(entry.bytes, kind, { maxPixels: config.renderMaxPixels });
    return { mediaType: image.mediaType, bytes: image.data, pageCount: 1 };
  } catch (err) {
    // The same codes a job fails with: the document, not the request, is at fault.
    if (isDocumentError(err)) throw new ApiError(400, err.code, err.message);
    throw err;
  }
}
