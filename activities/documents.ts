import type { Config } from '../src/config/index.js';
import { detectMediaType, inspectDocument, prepareImage, renderPage } from '../src/documents/index.js';
import type { ImageInput } from '../src/providers/types.js';
import type { Db } from '../src/storage/db.js';
import { postgresFileStore } from '../src/storage/file-store.js';
import { jobFailure } from './failures.js';

/**
 * File bytes by id, with a small in-process cache: a parse job's page activities all read the
 * same document, and reading 50 MiB from Postgres once per page would dominate the work.
 */
export class DocumentCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly db: Db,
    private readonly maxBytes = 256 * 1024 * 1024,
  ) {}

  async get(fileId: string): Promise<Buffer> {
    const hit = this.entries.get(fileId);
    if (hit) {
      this.entries.delete(fileId); // refresh its place in the LRU order
      this.entries.set(fileId, hit);
      return hit;
    }
    const bytes = await postgresFileStore(this.db).get(fileId);
    if (!bytes) throw jobFailure('file_missing', `File '${fileId}' has no stored content`);
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

export type DocumentKind = 'application/pdf' | 'image/png' | 'image/jpeg';

export function documentKind(bytes: Buffer): DocumentKind {
  const kind = detectMediaType(bytes.subarray(0, 2048));
  if (!kind) throw jobFailure('unsupported_media_type', 'The file is not a PDF, PNG or JPEG');
  return kind;
}

const limits = (config: Config) => ({ dpi: config.renderDpi, maxPixels: config.renderMaxPixels, maxPages: config.maxPages });

/** Number of pages (1 for an image); fails with a document_* code for unusable documents. */
export function countPages(bytes: Buffer, config: Config): number {
  return inspectDocument(bytes, documentKind(bytes), limits(config)).pageCount;
}

/** One page as an image for the model: a rendered PDF page, or the image itself (scaled past the cap). */
export async function pageImage(bytes: Buffer, pageNumber: number, config: Config): Promise<ImageInput> {
  const kind = documentKind(bytes);
  if (kind === 'application/pdf') {
    const page = await renderPage(bytes, pageNumber - 1, limits(config));
    return { mediaType: 'image/png', base64: page.png.toString('base64') };
  }
  const image = prepareImage(bytes, kind, { maxPixels: config.renderMaxPixels });
  return { mediaType: image.mediaType, base64: image.data.toString('base64') };
}

/**
 * Every page of a document as images, in page order (for extraction, which reads the whole
 * document). Two pages are in flight at a time: the next page renders on the JS thread while the
 * previous one's PNG is compressed on the thread pool, and at most two pages' pixels are held.
 */
export async function allPageImages(bytes: Buffer, config: Config): Promise<ImageInput[]> {
  const pages = countPages(bytes, config);
  // Every page goes into one model request: bound it, as no model reads hundreds of images at once.
  if (pages > config.extractionMaxPages) {
    throw jobFailure(
      'document_too_many_pages',
      `The document has ${pages} pages; extraction reads at most ${config.extractionMaxPages} (SERVICE_EXTRACTION_MAX_PAGES)`,
    );
  }
  const images: ImageInput[] = [];
  let previous: Promise<ImageInput> | undefined;
  for (let n = 1; n <= pages; n++) {
    const current = pageImage(bytes, n, config);
    // Awaited below (or abandoned after an earlier page failed); never an unhandled rejection.
    current.catch(() => {});
    if (previous) images.push(await previous);
    previous = current;
  }
  if (previous) images.push(await previous);
  return images;
}
