// Document handling: type detection for uploads, page inspection and rendering for jobs.
export { DocumentError, isDocumentError, type DocumentErrorCode } from './errors.js';
export { SNIFF_BYTES, checkDeclaredType, detectMediaType, type SupportedMediaType, type TypeCheck } from './sniff.js';
export { DEFAULT_MIN_DPI, planPageRender, type RenderLimits, type RenderPlan } from './geometry.js';
export {
  DEFAULT_MAX_IMAGE_PIXELS,
  inspectDocument,
  prepareImage,
  renderPageOnThisThread,
  setMupdfLogSink,
  type DocumentInfo,
  type ImageMediaType,
  type InspectLimits,
  type MupdfLogSink,
  type PreparedImage,
  type RenderedPage,
} from './render.js';
export { NATIVE_PNG_LEVEL, PNG_PAGES, pageImageFormat, pageMediaType, type PageImageFormat } from './page-codec.js';
export { openTextLayer, type PageText, type PageWord, type TextBox, type TextLayer, type TextQuery } from './text-layer.js';
export { readPageWords, readPageWordsWithin, type Word } from './page-words.js';
export { documentPlainText } from './plain-text.js';
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
  readFormInPool,
  prepareImageInPool,
  renderPage,
  warmRenderPool,
  renderPoolStats,
  type RenderPoolSettings,
} from './pool.js';
export { pageTextForRequest } from './page-text.js';
export type { FormField, FormFieldType, FormReading } from './pdf-form.js';
export { OcrPool, closeOcr, configureOcr, ocrDataDir, ocrEnabled, ocrPageImage, type OcrResult, type OcrSettings, type OcrWord } from './ocr.js';
export { findInWords, type BoxedWord, type WordHit } from './word-search.js';
export { buildSearchablePdf, type SearchablePage, type SearchableWord } from './searchable-pdf.js';
