// Confidence of every leaf of a job's result from its windows: a value takes the probabilities of
// the window that produced it (a merged list keeps each item's own window), found through the
// merge's `sources` (merged pointer → window and the pointer in that window's answer).
import type { ConfidenceMap } from './token-confidence.js';
import { leaves } from './leaves.js';
import type { LeafSource } from '../long-documents/merge.js';

export type { LeafSource };

/**
 * JSON Pointer of every leaf of `data` → its confidence; null when no window has token
 * probabilities. A leaf without a known source (added when the data was put in the schema's
 * shape) takes the first window's confidence at the same pointer, if any.
 */
export function jobConfidence(
  data: unknown,
  sources: Map<string, LeafSource>,
  windows: Array<ConfidenceMap | null>,
): ConfidenceMap | null {
  if (windows.every((w) => w === null)) return null;
  const out: ConfidenceMap = {};
  for (const { pointer } of leaves(data)) {
    const source = sources.get(pointer);
    let p: number | undefined;
    if (source) p = windows[source.window]?.[source.pointer];
    else p = windows.find((w) => w && w[pointer] !== undefined)?.[pointer];
    if (p !== undefined) out[pointer] = p;
  }
  return out;
}
