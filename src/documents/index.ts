// Document handling: type detection for uploads, page inspection and rendering for jobs.
export { DocumentError, isDocumentError, type DocumentErrorCode } from './errors.js';
export { SNIFF_BYTES, checkDeclaredType, detectMediaType, type SupportedMediaType, type TypeCheck } from './sniff.js';
export { DEFAULT_MAX_IMAGE_PIXELS, DEFAULT_MIN_DPI, planPageRender, type RenderLimits, type RenderPlan } from './geometry.js';
// Every mupdf call of the service runs in the render pool (./pool.ts): what runs mupdf on the
// calling thread is exported by ./this-thread.ts, for the threads' own code, tests and benchmarks.
export {
  type DocumentInfo,
  type ImageMediaType,
  type InspectLimits,
  type MupdfLogSink,
  type PreparedImage,
  type RenderedPage,
} from './render.js';
export { NATIVE_PNG_LEVEL, PNG_PAGES, pageImageFormat, pageMediaType, type PageImageFormat } from './page-codec.js';
export type { PageText, PageWord, TextBox, TextLayer, TextQuery } from './text-layer.js';
export type { Word } from './page-words.js';
export { describeUnreadable, reportUnreadableText, setUnreadableTextSink, type UnreadableText, type UnreadableTextSink } from './reader-log.js';
export { FORMATS, ORIGINAL_PAGES, type ConvertedFormatId, type FormatId, type FormatInfo, type PageSource } from './formats/catalog.js';
export { CONVERTERS, libreOfficeMissing, type ConvertContext, type Converter } from './formats/registry.js';
export { findLibreOffice } from './formats/libreoffice.js';
export type { CellRef, FileKind, PageBox, Rendition } from './formats/types.js';
export { declaredTypeAgrees, needsConversion, sniffFormat, type UploadHints } from './sniff.js';
export {
  DEFAULT_RENDER_POOL,
  closeRenderPool,
  configureRenderPool,
  findTextInPool,
  inspectDocumentInPool,
  convertInPool,
  emailInPool,
  pageTextInPool,
  pageWordsInPool,
  pagesWithTextInPool,
  plainTextInPool,
  searchablePdfInPool,
  readFormInPool,
  prepareImageInPool,
  renderPage,
  warmRenderPool,
  renderPoolStats,
  type RenderPoolSettings,
} from './pool.js';
export type { FormField, FormFieldType, FormReading } from './pdf-form.js';
export { OcrPool, closeOcr, configureOcr, ocrDataDir, ocrEnabled, ocrPageImage, type OcrResult, type OcrSettings, type OcrWord } from './ocr.js';
export { findInWords, type BoxedWord, type WordHit } from './word-search.js';
export type { SearchablePage, SearchableWord } from './searchable-pdf.js';
