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
import { newId } from './ids.js';
import type { ProviderName } from './prebuilt.js';

export const EXTRACTOR_KIND: DefinitionKind = {
  table: 'extractors',
  idKind: 'extractor',
  label: 'Extractor',
  inUseCode: 'extractor_in_use',
};

// ---- Request shapes (422 when they do not match) ----

const jsonObject = z.record(z.string(), z.unknown());

export const exampleInputSchema = z.strictObject({
  input: z.strictObject({
    type: z.enum(['text', 'file']).default('text'),
    text: z.string().nullable().optional(),
    file_id: z.string().nullable().optional(),
  }),
  output: jsonObject,
});

/** A value whose confidence is below this needs a human (docs/confidence-and-review.md). */
const reviewThresholdSchema = z.number().min(0).max(1);

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
  include_text_layer: z.boolean().optional(),
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
  include_text_layer: z.boolean().optional(),
});

export const extractorNameSchema = nameSchema('extractor');

export type ExtractorDefinitionInput = z.infer<typeof extractorDefinitionSchema>;
export type ExtractorPatchInput = z.infer<typeof extractorPatchSchema>;

// ---- Stored and returned shapes ----

export interface Example {
  input: { type: 'text' | 'file'; text: string | null; file_id: string | null };
  output: Record<string, unknown>;
}

interface ExtractorRow {
  id: string;
  name: string;
  display_name: string;
  instructions: string;
  reasoning_effort: ReasoningEffort | null;
  provider_name: ProviderName;
  model: string;
  schema: Record<string, unknown>;
  examples: Example[];
  /** Null: no job of this extractor needs review. */
  review_threshold: number | null;
  /** Each page's text layer goes with its image in extraction requests (default true; absent: true). */
  include_text_layer?: boolean;
  source: Source;
  created_at: Date;
  updated_at: Date;
}

/** ExtractorResponse of the contract, field for field. */
export interface Extractor extends Omit<ExtractorRow, 'created_at' | 'updated_at' | 'include_text_layer'> {
  include_text_layer: boolean;
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
    include_text_layer: row.include_text_layer ?? true,
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
  const examples = await checkExamples(db, schema, input.examples ?? []);
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
    include_text_layer: input.include_text_layer ?? true,
    source: 'user',
  });
  return { extractor: toExtractor(row), created };
}

/**
 * Merge a partial update into a user-defined extractor. The merged definition is validated as a
 * whole: a new schema must still accept the stored examples. An explicit null for provider_name or
 * model means "back to the default", exactly as in a full definition.
 */
export async function patchExtractor({ db, config }: Deps, ref: string, patch: ExtractorPatchInput): Promise<Extractor> {
  return db.transaction(async (trx) => {
    const row = await findRowByRef<ExtractorRow>(trx, EXTRACTOR_KIND, ref, true);
    if (!row) throw notFound('Extractor', ref);
    assertUserDefined(EXTRACTOR_KIND, row);

    const schema = patch.schema !== undefined ? checkSchema(patch.schema) : row.schema;
    const examples =
      patch.examples !== undefined || patch.schema !== undefined
        ? await checkExamples(trx, schema, patch.examples ?? row.examples)
        : row.examples;
    const { provider_name, model } = resolveModelChoice(
      config,
      patch.provider_name === undefined ? row.provider_name : patch.provider_name,
      patch.model === undefined ? row.model : patch.model,
    );
    const [updated] = await trx('extractors')
      .where({ id: row.id })
      .update({
        display_name: patch.display_name ?? row.display_name,
        instructions: patch.instructions ?? row.instructions,
        reasoning_effort: patch.reasoning_effort === undefined ? row.reasoning_effort : patch.reasoning_effort,
        provider_name,
        model,
        schema: jsonb(schema),
        examples: jsonb(examples),
        review_threshold: patch.review_threshold === undefined ? row.review_threshold : patch.review_threshold,
        include_text_layer: patch.include_text_layer ?? row.include_text_layer,
        updated_at: trx.fn.now(),
      })
      .returning('*');
    return toExtractor(updated as ExtractorRow);
  });
}

export async function deleteExtractor(db: Db, ref: string): Promise<void> {
  await deleteByRef(db, EXTRACTOR_KIND, ref);
}

// ---- Domain validation (400) ----

/**
 * The schema must belong to the dialect. We store it as the client sent it, not the canonical
 * form: a GET returns the schema that was PUT (jsonb keeps its content, though not its key order),
 * and the canonical form can always be derived again because it is deterministic.
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

/** Normalise examples and check each one: a usable input, and an output the schema accepts. */
async function checkExamples(db: Db, schema: Record<string, unknown>, examples: readonly unknown[]): Promise<Example[]> {
  const normalised = examples.map((raw, i) => normaliseExample(raw as z.input<typeof exampleInputSchema>, i));
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

function normaliseExample(raw: z.input<typeof exampleInputSchema> | Example, i: number): Example {
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

const invalidExample = (index: number, message: string) =>
  serviceError('invalid_example', `examples[${index}]: ${message}`);
