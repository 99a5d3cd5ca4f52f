// Document handling: type detection for uploads, page inspection and rendering for jobs.
export { DocumentError, isDocumentError, type DocumentErrorCode } from './errors.js';
export { SNIFF_BYTES, checkDeclaredType, detectMediaType, type SupportedMediaType, type TypeCheck } from './sniff.js';
export { DEFAULT_MIN_DPI, planPageRender, type RenderLimits, type RenderPlan } from './geometry.js';
export {
  DEFAULT_MAX_IMAGE_PIXELS,
  inspectDocument,
  prepareImage,
  renderPage,
  setMupdfLogSink,
  type DocumentInfo,
  type ImageMediaType,
  type InspectLimits,
  type MupdfLogSink,
  type PreparedImage,
  type RenderedPage,
} from './render.js';
export { openTextLayer, type TextBox, type TextLayer } from './text-layer.js';
