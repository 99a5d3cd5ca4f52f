// Flags: the leaves of a result a human should look at, each with why.
import { shapeOf } from '../providers/schema-shape.js';
import type { JsonSchema } from '../providers/types.js';
import { childPointer } from '../long-documents/pointer.js';
import { leaves } from './leaves.js';
import type { ConfidenceMap } from './token-confidence.js';

export const FLAG_REASONS = ['low_confidence', 'required_missing', 'conflict', 'not_grounded'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
/** A failed rule of the extractor names the value (docs/rules.md); after the fixed reasons. */
export type RuleFlagReason = `rule:${string}`;

export interface Flag {
  path: string;
  reasons: Array<FlagReason | RuleFlagReason>;
  confidence: number | null;
}

export interface FlagInputs {
  data: unknown;
  schema: JsonSchema;
  confidence: ConfidenceMap | null;
  /**
   * The extractor's review threshold, or the threshold of each pointer's field
   * (`thresholdResolver`); null: no value is low.
   */
  threshold: number | null | ((pointer: string) => number | null);
  /** Pointers of values two windows disagreed on (`result.conflicts`). */
  conflicts: string[];
  /** Pointers of values whose text was not found on their pages although those pages have a text layer. */
  notGrounded: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Pointers of properties the schema requires whose value is null. */
export function requiredMissing(schema: JsonSchema, data: unknown, path = ''): string[] {
  const shape = shapeOf(schema ?? {});
  if (shape.kind === 'object' && isObject(data)) {
    const out: string[] = [];
    for (const [key, child] of Object.entries(shape.properties)) {
      const pointer = childPointer(path, key);
      const v = data[key];
      if (v === null && shape.required.has(key)) out.push(pointer);
      else if (v !== undefined && v !== null) out.push(...requiredMissing(child, v, pointer));
    }
    return out;
  }
  if (shape.kind === 'array' && Array.isArray(data)) return data.flatMap((v, i) => requiredMissing(shape.items, v, childPointer(path, i)));
  return [];
}

/** Every leaf with at least one reason, in document order. */
export function buildFlags(inputs: FlagInputs): Flag[] {
  const reasons = new Map<string, Set<FlagReason>>();
  const add = (pointer: string, reason: FlagReason) => {
    let set = reasons.get(pointer);
    if (!set) reasons.set(pointer, (set = new Set()));
    set.add(reason);
  };
  const all = leaves(inputs.data);
  const { threshold } = inputs;
  if (threshold !== null && inputs.confidence) {
    const thresholdOf = typeof threshold === 'number' ? () => threshold : threshold;
    for (const { pointer } of all) {
      const p = inputs.confidence[pointer];
      const t = thresholdOf(pointer);
      if (p !== undefined && t !== null && p < t) add(pointer, 'low_confidence');
    }
  }
  for (const pointer of requiredMissing(inputs.schema, inputs.data)) add(pointer, 'required_missing');
  const leafSet = new Set(all.map((l) => l.pointer));
  // A conflict names a leaf, or (for a value that is itself a list or object) every leaf under it.
  for (const c of inputs.conflicts) {
    const path = c === '/' ? '' : c;
    for (const p of leafSet) if (p === path || p.startsWith(`${path}/`)) add(p, 'conflict');
  }
  for (const p of inputs.notGrounded) if (leafSet.has(p)) add(p, 'not_grounded');
  return all
    .filter((l) => reasons.has(l.pointer))
    .map((l) => ({
      path: l.pointer,
      reasons: FLAG_REASONS.filter((r) => reasons.get(l.pointer)!.has(r)),
      confidence: inputs.confidence?.[l.pointer] ?? null,
    }));
}
