// A stored file's pages as images, as the model sees them: PDF pages rendered by the render pool
// with the jobs' settings (SERVICE_RENDER_DPI, SERVICE_RENDER_MAX_PIXELS, SERVICE_RENDER_FORMAT),
// an image as it is (scaled down past the pixel cap, as for a job). Used by the studio to show
// pages beside results. With SERVICE_RENDER_FORMAT=jpeg the page is served as the JPEG the model
// reads (its artefacts included), not a PNG the model never saw: provenance boxes are fractions of
// the page, the same in either format, and a viewer needs no other rendering than the jobs'.
import type { Config } from '../config/index.js';
import { isDocumentError, pageImageFormat, prepareImageInPool, renderPage } from '../documents/index.js';
import { notFound, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { FileBytesCache } from '../storage/file-bytes-cache.js';
import type { FileRecord } from './files.js';
import { asServiceError } from './document-errors.js';
import { filePageCount as storedPageCount, loadStoredDocument, StoredDocumentMissing, type StoredDocument } from './stored-document.js';

export interface PageImage {
  mediaType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  pageCount: number;
}

/**
 * What identifies a page image: the file's bytes, the page and the render settings (the format too,
 * when not the default PNG). A weak validator: the image is the same, its bytes need not be — the
 * native and the built-in PNG encoders write the same pixels in different files, and a JPEG's
 * bytes depend on the encoder that is loaded.
 */
export function pageImageTag(
  file: Pick<FileRecord, 'sha256'>,
  page: number,
  config: Pick<Config, 'renderDpi' | 'renderMaxPixels' | 'renderFormat' | 'renderJpegQuality'>,
): string {
  const format = config.renderFormat === 'jpeg' ? `-jpeg${config.renderJpegQuality}` : '';
  return `W/"${file.sha256.slice(0, 32)}-p${page}-${config.renderDpi}dpi-${config.renderMaxPixels}px${format}"`;
}

/** Bytes of recently viewed files (a deleted file is refused by getFile before they are looked at). */
const recent = new FileBytesCache(128 * 1024 * 1024);
/** A stored file as one object (./stored-document.ts), its pages from the cache of recently viewed files; 404 without content. */
export async function fileDocument(db: Db, fileId: string): Promise<StoredDocument> {
  try {
    return await loadStoredDocument(db, fileId, (id) => recent.get(db, id));
  } catch (err) {
    if (err instanceof StoredDocumentMissing) throw notFound('File content', fileId);
    throw err;
  }
}

const limitsOf = (config: Config) => ({ dpi: config.renderDpi, maxPixels: config.renderMaxPixels, maxPages: config.maxPages });

/** Page `page` (1-based) of a stored file as an image; 404 past the last page, 400 for a document that cannot be read. */
export async function renderFilePage(db: Db, config: Config, file: FileRecord, page: number): Promise<PageImage> {
  const doc = await fileDocument(db, file.id);
  const kind = doc.pageType;
  if (!kind) throw serviceError('unsupported_media_type', `File '${file.id}' is not a PDF, PNG or JPEG`);
  const limits = limitsOf(config);
  try {
    const pageCount = await doc.pageCount(config);
    if (page > pageCount) {
      throw serviceError('not_found', `File '${file.id}' has ${pageCount} page${pageCount === 1 ? '' : 's'}; there is no page ${page}`);
    }
    if (kind === 'application/pdf') {
      const rendered = await renderPage(doc.bytes, page - 1, limits, pageImageFormat(config));
      return { mediaType: rendered.mediaType, bytes: rendered.data, pageCount };
    }
    const image = await prepareImageInPool(doc.bytes, kind, { maxPixels: config.renderMaxPixels });
    return { mediaType: image.mediaType, bytes: image.data, pageCount: 1 };
  } catch (err) {
    throw asServiceError(err);
  }
}

/**
 * The number of pages of a stored file, or why it cannot be read (checked when a job asks for a
 * page range): the count stored at upload, without reading the file.
 */
export async function filePageCount(db: Db, config: Config, fileId: string): Promise<number | { unreadable: string }> {
  try {
    return await storedPageCount(db, config, fileId, (id) => recent.get(db, id));
  } catch (err) {
    if (err instanceof StoredDocumentMissing) throw notFound('File content', fileId);
    if (isDocumentError(err)) return { unreadable: err.message };
    throw err;
  }
}
