// Extractors: reusable extraction definitions (instructions, model, schema, few-shot examples).
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { notFound, serviceError } from '../errors.js';
import { keysetPage, type Page, type PageRequest } from '../storage/pagination.js';
import { compileDataValidator, validateSchema } from '../schema-dialect/index.js';
import type { Db } from '../storage/db.js';
import {
  assertBodyNameMatches,
  assertUserDefined,
  deleteByRef,
  type DefinitionKind,
  displayNameSchema,
  findRowByRef,
  iso,
  jsonb,
  modelSchema,
  nameSchema,
  providerNameSchema,
  type ReasoningEffort,
  reasoningEffortSchema,
  resolveModelChoice,
  type Source,
  upsertByName,
} from './definitions-common.js';
import { newId, SLUG_PATTERN } from './ids.js';
import { FIELD_PATH_PATTERN, type ReviewThresholds } from '../confidence/index.js';
import { deepEqual } from '../long-documents/pointer.js';
import type { ProviderName } from './prebuilt.js';
import { validateRules, type Rule } from '../rules/index.js';

export const EXTRACTOR_KIND: DefinitionKind = {
  table: 'extractors',
  idKind: 'extractor',
  label: 'Extractor',
  inUseCode: 'extractor_in_use',
  versioned: true,
};

// ---- Request shapes (422 when they do not match) ----

const jsonObject = z.record(z.string(), z.unknown());

export const exampleInputSchema = z.strictObject({
  /** An example read back from the service keeps its id (and its source and time) when sent again. */
  id: z.string().max(128).optional(),
  source_job_id: z.string().max(128).nullable().optional(),
  added_at: z.string().max(64).optional(),
  input: z.strictObject({
    type: z.enum(['text', 'file']).default('text'),
    text: z.string().nullable().optional(),
    file_id: z.string().nullable().optional(),
  }),
  output: jsonObject,
});

export const EXAMPLES_STRATEGIES = ['all', 'similar'] as const;
/** With `similar`, this many examples when max_examples is not set. */
export const DEFAULT_MAX_EXAMPLES = 5;
const maxExamplesSchema = z.number().int().min(1).max(20);
/** The evaluation set a candidate change is measured on (the release gate): a set name. */
const evaluationSetSchema = z.string().regex(SLUG_PATTERN, 'must be an evaluation set name (lowercase slug)');

/** A value whose confidence is below this needs a human (docs/confidence-and-review.md). */
const reviewThresholdSchema = z.number().min(0).max(1);

/**
 * Field path (JSON Pointer, `*` for array indices) → the threshold of that field; null for a field
 * means no confidence is enough (docs/confidence-and-review.md).
 */
const reviewThresholdsSchema = z
  .record(
    z.string().max(1000).regex(FIELD_PATH_PATTERN, 'must be a field path: "" or a JSON Pointer such as /items/*/amount'),
    reviewThresholdSchema.nullable(),
  )
  .refine((o) => Object.keys(o).length <= 1000, 'at most 1000 field paths');

/**
 * Rules (docs/rules.md): any JSON here; validateRules checks them against the schema so that every
 * problem, of shape or of pointer, is one 422 `invalid_rules` naming the rule and the reason.
 */
const rulesSchema = z.unknown();

/** Body of `PUT /v1/extractors/{name}`: the complete definition. */
export const extractorDefinitionSchema = z.strictObject({
  name: z.string().nullable().optional(),
  display_name: displayNameSchema,
  instructions: z.string(),
  reasoning_effort: reasoningEffortSchema.nullable().optional(),
  provider_name: providerNameSchema.nullable().optional(),
  model: modelSchema.nullable().optional(),
  schema: jsonObject,
  examples: z.array(exampleInputSchema).optional(),
  review_threshold: reviewThresholdSchema.nullable().optional(),
  review_thresholds: reviewThresholdsSchema.nullable().optional(),
  examples_strategy: z.enum(EXAMPLES_STRATEGIES).optional(),
  max_examples: maxExamplesSchema.nullable().optional(),
  include_text_layer: z.boolean().optional(),
  evaluation_set: evaluationSetSchema.nullable().optional(),
  rules: rulesSchema.optional(),
});

/** Body of `PATCH /v1/extractors/{ref}`: any subset of the definition except the name. */
export const extractorPatchSchema = z.strictObject({
  display_name: displayNameSchema.optional(),
  instructions: z.string().optional(),
  reasoning_effort: reasoningEffortSchema.nullable().optional(),
  provider_name: providerNameSchema.nullable().optional(),
  model: modelSchema.nullable().optional(),
  schema: jsonObject.optional(),
  examples: z.array(exampleInputSchema).optional(),
  review_threshold: reviewThresholdSchema.nullable().optional(),
  review_thresholds: reviewThresholdsSchema.nullable().optional(),
  examples_strategy: z.enum(EXAMPLES_STRATEGIES).optional(),
  max_examples: maxExamplesSchema.nullable().optional(),
  include_text_layer: z.boolean().optional(),
  evaluation_set: evaluationSetSchema.nullable().optional(),
  rules: rulesSchema.optional(),
});

export const extractorNameSchema = nameSchema('extractor');

export type ExtractorDefinitionInput = z.infer<typeof extractorDefinitionSchema>;
export type ExtractorPatchInput = z.infer<typeof extractorPatchSchema>;

// ---- Stored and returned shapes ----

export interface Example {
  /** `exm_…`, stable while the example exists. */
  id: string;
  /** The reviewed job it was added from (add_as_example); null when written by hand. */
  source_job_id: string | null;
  added_at: string;
  input: { type: 'text' | 'file'; text: string | null; file_id: string | null };
  output: Record<string, unknown>;
}

export interface ExtractorRow {
  id: string;
  name: string;
  display_name: string;
  instructions: string;
  reasoning_effort: ReasoningEffort | null;
  provider_name: ProviderName;
  model: string;
  schema: Record<string, unknown>;
  examples: Example[];
  /** Null: no job of this extractor needs review (unless review_thresholds is set). */
  review_threshold: number | null;
  review_thresholds: ReviewThresholds | null;
  /** 1 on creation, one more with every change. */
  version: number;
  /** Which examples a job's prompts carry: all of them, or the max_examples most similar to its text. */
  examples_strategy: (typeof EXAMPLES_STRATEGIES)[number];
  max_examples: number | null;
  /** Each page's text layer goes with its image in extraction requests (default true; absent: true). */
  include_text_layer?: boolean;
  /** The evaluation set candidate changes are measured on, or null (no release gate). */
  evaluation_set: string | null;
  /** Checks run on every answer (docs/rules.md); absent in snapshots taken before rules existed. */
  rules?: Rule[];
  source: Source;
  created_at: Date;
  updated_at: Date;
}

/** ExtractorResponse of the contract, field for field. */
export interface Extractor extends Omit<ExtractorRow, 'created_at' | 'updated_at' | 'include_text_layer' | 'rules'> {
  include_text_layer: boolean;
  rules: Rule[];
  is_prebuilt: boolean;
  created_at: string;
  updated_at: string;
}

export function toExtractor(row: ExtractorRow): Extractor {
  return {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    instructions: row.instructions,
    reasoning_effort: row.reasoning_effort,
    provider_name: row.provider_name,
    model: row.model,
    schema: row.schema,
    examples: row.examples,
    review_threshold: row.review_threshold ?? null,
    review_thresholds: row.review_thresholds ?? null,
    version: row.version,
    examples_strategy: row.examples_strategy ?? 'all',
    max_examples: row.max_examples ?? null,
    include_text_layer: row.include_text_layer ?? true,
    evaluation_set: row.evaluation_set ?? null,
    rules: row.rules ?? [],
    source: row.source,
    is_prebuilt: row.source === 'prebuilt',
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

type Deps = { db: Db; config: Pick<Config, 'localModel'> };

// ---- Reads ----

/** The extractor with this id or stable name, or null. Used by job creation. */
export async function findExtractorByRef(db: Db, ref: string): Promise<Extractor | null> {
  const row = await findRowByRef<ExtractorRow>(db, EXTRACTOR_KIND, ref);
  return row ? toExtractor(row) : null;
}

export async function getExtractor(db: Db, ref: string): Promise<Extractor> {
  const found = await findExtractorByRef(db, ref);
  if (!found) throw notFound('Extractor', ref);
  return found;
}

export async function listExtractors(db: Db, page: PageRequest): Promise<Page<Extractor>> {
  const result = await keysetPage<ExtractorRow>(db('extractors').select('*'), page);
  return { rows: result.rows.map(toExtractor), nextCursor: result.nextCursor };
}

// ---- Writes ----

/** Create the extractor `name`, or replace its complete definition if it exists and is user-defined. */
export async function putExtractor(
  { db, config }: Deps,
  name: string,
  input: ExtractorDefinitionInput,
): Promise<{ extractor: Extractor; created: boolean }> {
  assertBodyNameMatches(name, input.name);
  const schema = checkSchema(input.schema);
  const rules = checkRules(input.rules, schema);
  const existing = await findRowByRef<ExtractorRow>(db, EXTRACTOR_KIND, name);
  const examples = await checkExamples(db, schema, input.examples ?? [], existing?.examples ?? []);
  await checkEvaluationSet(db, input.evaluation_set);
  const { provider_name, model } = resolveModelChoice(config, input.provider_name, input.model);
  const { row, created } = await upsertByName<ExtractorRow>(db, EXTRACTOR_KIND, {
    id: newId('extractor'),
    name,
    display_name: input.display_name,
    instructions: input.instructions,
    reasoning_effort: input.reasoning_effort ?? null,
    provider_name,
    model,
    schema: jsonb(schema),
    examples: jsonb(examples),
    review_threshold: input.review_threshold ?? null,
    review_thresholds: input.review_thresholds == null ? null : jsonb(input.review_thresholds),
    examples_strategy: input.examples_strategy ?? 'all',
    max_examples: input.max_examples ?? null,
    include_text_layer: input.include_text_layer ?? true,
    evaluation_set: input.evaluation_set ?? null,
    rules: jsonb(rules),
    source: 'user',
  });
  return { extractor: toExtractor(row), created };
}

/**
 * Merge a partial update into a user-defined extractor. The merged definition is validated as a
 * whole: a new schema must still accept the stored examples. An explicit null for provider_name or
 * model means "back to the default", exactly as in a full definition.
 */
export async function patchExtractor(
  { db, config }: Deps,
  ref: string,
  patch: ExtractorPatchInput,
  /** When given, the update applies only to this version (else 409 extractor_changed). */
  expectedVersion?: number,
): Promise<Extractor> {
  return db.transaction(async (trx) => {
    const row = await findRowByRef<ExtractorRow>(trx, EXTRACTOR_KIND, ref, true);
    if (!row) throw notFound('Extractor', ref);
    assertUserDefined(EXTRACTOR_KIND, row);
    if (expectedVersion !== undefined && row.version !== expectedVersion) {
      throw serviceError('extractor_changed', `Extractor '${row.name}' is at version ${row.version}, no longer version ${expectedVersion}; evaluate the current version again`);
    }

    const merged = await mergePatch(trx, config, row, patch);
    // A patch that changes nothing leaves the version (and updated_at) as they were.
    if (definitionUnchanged(row, merged)) return toExtractor(row);
    const [updated] = await trx('extractors')
      .where({ id: row.id })
      .update({
        ...merged,
        schema: jsonb(merged.schema),
        examples: jsonb(merged.examples),
        review_thresholds: merged.review_thresholds === null ? null : jsonb(merged.review_thresholds),
        rules: jsonb(merged.rules),
        version: row.version + 1,
        updated_at: trx.fn.now(),
      })
      .returning('*');
    return toExtractor(updated as ExtractorRow);
  });
}

/**
 * A user-defined extractor's definition with a partial update merged in, validated as a whole (a
 * new schema must still accept the stored examples); nothing is written. PATCH and the release
 * gate's candidates (src/domain/candidates) both read it.
 */
export async function mergePatch(db: Db, config: Pick<Config, 'localModel'>, row: ExtractorRow, patch: ExtractorPatchInput) {
  const schema = patch.schema !== undefined ? checkSchema(patch.schema) : row.schema;
  const examples =
    patch.examples !== undefined || patch.schema !== undefined
      ? await checkExamples(db, schema, patch.examples ?? row.examples, row.examples)
      : row.examples;
  const { provider_name, model } = resolveModelChoice(
    config,
    patch.provider_name === undefined ? row.provider_name : patch.provider_name,
    patch.model === undefined ? row.model : patch.model,
  );
  await checkEvaluationSet(db, patch.evaluation_set);
  // Stored rules are checked again against a new schema: a pointer may name a field it dropped.
  const rules = patch.rules !== undefined || patch.schema !== undefined ? checkRules(patch.rules === undefined ? (row.rules ?? []) : patch.rules, schema) : (row.rules ?? []);
  return {
    display_name: patch.display_name ?? row.display_name,
    instructions: patch.instructions ?? row.instructions,
    reasoning_effort: patch.reasoning_effort === undefined ? row.reasoning_effort : patch.reasoning_effort,
    provider_name,
    model,
    schema,
    examples,
    review_threshold: patch.review_threshold === undefined ? row.review_threshold : patch.review_threshold,
    review_thresholds: patch.review_thresholds === undefined ? row.review_thresholds : patch.review_thresholds,
    examples_strategy: patch.examples_strategy ?? row.examples_strategy,
    max_examples: patch.max_examples === undefined ? row.max_examples : patch.max_examples,
    evaluation_set: patch.evaluation_set === undefined ? row.evaluation_set : patch.evaluation_set,
    include_text_layer: patch.include_text_layer ?? row.include_text_layer ?? true,
    rules,
  };
}

/**
 * True when every changeable field of `merged` equals the stored row's: JSON by content, except the
 * schema, whose property order is part of what the user wrote (it orders the CSV's columns).
 */
function definitionUnchanged(row: ExtractorRow, merged: Partial<ExtractorRow>): boolean {
  return Object.entries(merged).every(([k, v]) =>
    k === 'schema' ? JSON.stringify(row.schema) === JSON.stringify(v) : deepEqual(row[k as keyof ExtractorRow] ?? null, v ?? null),
  );
}

export async function deleteExtractor(db: Db, ref: string): Promise<void> {
  await deleteByRef(db, EXTRACTOR_KIND, ref);
}

// ---- Domain validation (400) ----

/**
 * The schema must belong to the dialect. We store it as the client sent it, not the canonical
 * form: a GET returns the schema that was PUT, in the order it was written (the column is `json`, not
 * `jsonb`), and the canonical form can always be derived again because it is deterministic.
 */
function checkSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const result = validateSchema(schema);
  if (!result.valid) {
    throw serviceError('invalid_schema', {
      message: 'The schema does not belong to the extraction schema dialect.',
      errors: result.errors,
      warnings: result.warnings,
    });
  }
  return schema;
}

/** The rules, checked against the schema (422 invalid_rules with every rule's problem); null or absent: none. */
function checkRules(rules: unknown, schema: Record<string, unknown>): Rule[] {
  const result = validateRules(rules, schema);
  if (!result.ok) {
    throw serviceError('invalid_rules', {
      message: `The rules cannot be used with this schema: ${result.errors
        .slice(0, 3)
        .map((e) => `${e.rule !== null ? `rule '${e.rule}'` : e.index !== null ? `rules[${e.index}]` : 'rules'}: ${e.reason}`)
        .join('; ')}${result.errors.length > 3 ? '; …' : ''}`,
      errors: result.errors,
    });
  }
  return result.rules;
}

/**
 * Normalise examples and check each one: a usable input, and an output the schema accepts. An
 * example keeps the id, source and time of the stored one it names by `id` or equals in input and
 * output (so a definition sent again unchanged keeps its examples' audit trail); others are new.
 */
async function checkExamples(db: Db, schema: Record<string, unknown>, examples: readonly unknown[], stored: readonly Example[]): Promise<Example[]> {
  const now = new Date().toISOString();
  const taken = new Set<string>();
  const normalised = examples.map((raw, i) => {
    const given = raw as z.input<typeof exampleInputSchema>;
    const ex = normaliseExample(given, i);
    const same = stored.find((s) => !taken.has(s.id) && (s.id === given.id || (given.id === undefined && deepEqual(s.input, ex.input) && deepEqual(s.output, ex.output))));
    if (same) taken.add(same.id);
    return { id: same?.id ?? newId('example'), source_job_id: same?.source_job_id ?? null, added_at: same?.added_at ?? now, input: ex.input, output: ex.output };
  });
  const validate = compileDataValidator(schema);
  normalised.forEach((ex, i) => {
    const result = validate(ex.output);
    if (!result.valid) {
      throw invalidExample(i, `output does not satisfy the schema: ${result.errors.join('; ')}`);
    }
  });

  const fileIds = [...new Set(normalised.flatMap((ex) => (ex.input.type === 'file' ? [ex.input.file_id!] : [])))];
  if (fileIds.length > 0) {
    const found = new Set((await db('files').whereIn('id', fileIds).pluck('id')) as string[]);
    const i = normalised.findIndex((ex) => ex.input.type === 'file' && !found.has(ex.input.file_id!));
    // A reference to a file that does not exist, as for jobs: 404, not an unusable example.
    if (i >= 0) throw notFound(`examples[${i}].input.file_id: File`, normalised[i]!.input.file_id!);
  }
  return normalised;
}

function normaliseExample(raw: z.input<typeof exampleInputSchema> | Example, i: number): Pick<Example, 'input' | 'output'> {
  const type = raw.input.type ?? 'text';
  const text = raw.input.text ?? null;
  const file_id = raw.input.file_id ?? null;
  if (type === 'text' && text === null) throw invalidExample(i, "a 'text' example needs input.text");
  if (type === 'file' && file_id === null) throw invalidExample(i, "a 'file' example needs input.file_id");
  // One input per example, as for jobs: a stray second input would be silently ignored otherwise.
  if (type === 'text' && file_id !== null) throw invalidExample(i, "a 'text' example must not set input.file_id");
  if (type === 'file' && text !== null) throw invalidExample(i, "a 'file' example must not set input.text");
  return { input: { type, text, file_id }, output: raw.output };
}

/** A named evaluation set must exist (404 otherwise); a set with runs or candidates cannot be deleted later. */
async function checkEvaluationSet(db: Db, name: string | null | undefined): Promise<void> {
  if (name == null) return;
  if (!(await db('evaluation_sets').where({ name }).first('id'))) throw notFound('Evaluation set', name);
}

const invalidExample = (index: number, message: string) =>
  serviceError('invalid_example', `examples[${index}]: ${message}`);
