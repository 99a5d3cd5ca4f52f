// What one render thread runs (bundled by src/documents/pool.ts and loaded by render-thread.mjs):
// every mupdf operation of the service, on the thread's own WASM instance, with failures turned
// into plain data, since an Error's own fields (a DocumentError's `code`) do not cross threads.
import { isDocumentError, type DocumentErrorCode } from './errors.js';
import type { RenderLimits } from './geometry.js';
import {
  inspectDocument,
  prepareImage,
  releaseMupdfCaches,
  renderPageOnThisThread,
  setMupdfLogSink,
  type DocumentInfo,
  type ImageMediaType,
  type InspectLimits,
  type PreparedImage,
  type RenderedPage,
} from './render.js';
import type { SupportedMediaType } from './sniff.js';

export type RenderTask =
  | { op: 'render'; bytes: Uint8Array; pageIndex: number; limits: RenderLimits }
  | { op: 'inspect'; bytes: Uint8Array; mediaType: SupportedMediaType; limits: InspectLimits }
  | { op: 'prepare'; bytes: Uint8Array; mediaType: ImageMediaType; limits: { maxPixels: number; maxImagePixels?: number } };

export type TaskFailure =
  | { kind: 'document'; code: DocumentErrorCode; message: string }
  | { kind: 'range'; message: string }
  | { kind: 'error'; message: string; stack?: string };

export type TaskOutcome = (
  | { ok: true; op: 'render'; value: RenderedPage }
  | { ok: true; op: 'inspect'; value: DocumentInfo }
  | { ok: true; op: 'prepare'; value: PreparedImage }
  | { ok: false; failure: TaskFailure }
) & {
  /** mupdf's warnings during the task, for the caller's log sink. */
  warnings: Array<{ level: 'warning' | 'error'; message: string }>;
};

/** A view of the same memory (no copy): structured clone hands Buffers over as Uint8Arrays. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function runTask(task: RenderTask): Promise<TaskOutcome> {
  const warnings: TaskOutcome['warnings'] = [];
  setMupdfLogSink((level, message) => warnings.length < 20 && warnings.push({ level, message }));
  try {
    const bytes = asBuffer(task.bytes);
    switch (task.op) {
      case 'render':
        return { ok: true, op: 'render', value: await renderPageOnThisThread(bytes, task.pageIndex, task.limits), warnings };
      case 'inspect':
        return { ok: true, op: 'inspect', value: inspectDocument(bytes, task.mediaType, task.limits), warnings };
      case 'prepare': {
        const image = prepareImage(bytes, task.mediaType, task.limits);
        // Unchanged images come back as the input itself: send a copy, not a view of shared memory.
        return { ok: true, op: 'prepare', value: { ...image, data: image.data === bytes ? Buffer.from(bytes) : image.data }, warnings };
      }
    }
  } catch (err) {
    if (isDocumentError(err)) return { ok: false, failure: { kind: 'document', code: err.code, message: err.message }, warnings };
    if (err instanceof RangeError) return { ok: false, failure: { kind: 'range', message: err.message }, warnings };
    const e = err as Error;
    return { ok: false, failure: { kind: 'error', message: e?.message ?? String(err), stack: e?.stack }, warnings };
  } finally {
    setMupdfLogSink(null);
    releaseMupdfCaches();
  }
}
