// Extractor and parser definitions kept as YAML files (one definition per YAML document) and
// applied idempotently: PUT by name only when the file differs from what the service holds, so a
// second `apply` of the same file changes nothing, not even `updated_at`.
import { isDeepStrictEqual } from 'node:util';
import YAML from 'yaml';
import type { Extractor, Parser } from '../../clients/typescript/index.js';

export type DefinitionKind = 'extractor' | 'parser';

/** Every YAML document of a file, as plain objects; a syntax error names its line. */
export function parseDefinitionsFile(text: string, file: string): Record<string, unknown>[] {
  const docs = YAML.parseAllDocuments(text);
  const out: Record<string, unknown>[] = [];
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const error = doc.errors[0];
    if (error) throw new DefinitionFileError(`${file}: ${error.message}`);
    const value = doc.toJS() as unknown;
    if (value === null || value === undefined) continue; // an empty document (e.g. a trailing ---)
    if (typeof value !== 'object' || Array.isArray(value)) throw new DefinitionFileError(`${file}: a definition must be a mapping`);
    const def = value as Record<string, unknown>;
    if (typeof def.name !== 'string' || !def.name) throw new DefinitionFileError(`${file}: every definition needs a 'name'`);
    out.push(def);
  }
  if (out.length === 0) throw new DefinitionFileError(`${file}: no definition in the file`);
  return out;
}

export class DefinitionFileError extends Error {}

/**
 * The fields a PUT of `desired` would change on `current`, with the service's defaults applied to
 * what the file leaves out (provider compatible_api, no reasoning effort, no examples, empty parser
 * instructions). A file without `model` for the compatible provider follows the service's default
 * model (SERVICE_LOCAL_MODEL), so it does not count as a change.
 */
export function changedFields(kind: DefinitionKind, desired: Record<string, unknown>, current: Extractor | Parser): string[] {
  const want = normalise(kind, desired);
  const have = normalise(kind, current as unknown as Record<string, unknown>);
  if (desired.model === undefined || desired.model === null) {
    if (want.provider_name === 'compatible_api') delete have.model, delete want.model;
  }
  return Object.keys(want).filter((k) => !isDeepStrictEqual(want[k], have[k]));
}

function normalise(kind: DefinitionKind, def: Record<string, unknown>): Record<string, unknown> {
  const common = {
    display_name: typeof def.display_name === 'string' ? def.display_name.trim() : def.display_name,
    reasoning_effort: def.reasoning_effort ?? null,
    provider_name: def.provider_name ?? 'compatible_api',
    model: def.model ?? null,
  };
  if (kind === 'parser') {
    return { ...common, output_format: def.output_format ?? 'markdown', instructions: def.instructions ?? '' };
  }
  const examples = Array.isArray(def.examples) ? def.examples : [];
  return {
    ...common,
    instructions: def.instructions,
    schema: def.schema,
    review_threshold: def.review_threshold ?? null,
    review_thresholds: def.review_thresholds ?? null,
    examples_strategy: def.examples_strategy ?? 'all',
    max_examples: def.max_examples ?? null,
    include_text_layer: def.include_text_layer ?? true,
    evaluation_set: def.evaluation_set ?? null,
    // Rules (docs/rules.md) go as written: the service checks them against the schema.
    rules: def.rules ?? [],
    examples: examples.map((ex: { input?: Record<string, unknown>; output?: unknown }) => ({
      input: { type: ex?.input?.type ?? 'text', text: ex?.input?.text ?? null, file_id: ex?.input?.file_id ?? null },
      output: ex?.output,
    })),
  };
}

/** The fields of a definition worth keeping in a file: what `get` prints and `apply` reads back. */
export function definitionOf(kind: DefinitionKind, item: Extractor | Parser): Record<string, unknown> {
  const keys =
    kind === 'extractor'
      ? ['name', 'display_name', 'instructions', 'reasoning_effort', 'provider_name', 'model', 'schema', 'examples', 'examples_strategy', 'max_examples', 'review_threshold', 'review_thresholds', 'include_text_layer', 'evaluation_set', 'rules']
      : ['name', 'display_name', 'output_format', 'instructions', 'reasoning_effort', 'provider_name', 'model'];
  const source = item as unknown as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, source[k]]));
}
