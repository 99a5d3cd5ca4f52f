// GET /v1/files/{id}/searchable.pdf (issue 54): the file's pages as a PDF in which every page read
// with OCR carries its words as invisible text over its image; pages with their own text pass
// through unchanged. Pages not read yet are read now (once per file page, each bounded by
// SERVICE_OCR_TIMEOUT_S).
import type { Config } from '../config/index.js';
import { isDocumentError, searchablePdfInPool, type SearchablePage } from '../documents/index.js';
import { serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import type { FileRecord } from './files.js';
import { fileDocument } from './page-images.js';
import { pageImageForOcr } from './page-layer.js';
import { asServiceError } from './document-errors.js';

export async function fileSearchablePdf(db: Db, config: Config, file: FileRecord): Promise<Buffer> {
  const doc = await fileDocument(db, file.id);
  const kind = doc.pageType;
  if (!kind) throw serviceError('unsupported_media_type', `File '${file.id}' has no pages that can be read`);
  try {
    const pageCount = await doc.pageCount(config);
    const pages: SearchablePage[] = [];
    for (let n = 1; n <= pageCount; n++) {
      const layer = await doc.pageLayer(config, n);
      if (kind === 'application/pdf' && layer.source !== 'ocr') {
        pages.push({ kind: 'keep', index: n - 1 });
        continue;
      }
      // The page image as served: PDF pages rendered at SERVICE_RENDER_DPI keep their size in points.
      pages.push({ kind: 'image', image: await pageImageForOcr(doc.bytes, kind, n, config), pointsPerPixel: 72 / config.renderDpi, words: layer.words });
    }
    // Built in a render thread: a long file's pages copied and drawn would hold the API's event loop.
    return await searchablePdfInPool(kind === 'application/pdf' ? doc.bytes : null, pages);
  } catch (err) {
    throw asServiceError(err);
  }
}
