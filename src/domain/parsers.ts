// Parsers: reusable definitions of page-preserving Markdown transcription.
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { notFound } from '../errors.js';
import { keysetPage, type Page, type PageRequest } from '../storage/pagination.js';
import type { Db } from '../storage/db.js';
import {
  assertBodyNameMatches,
  assertUserDefined,
  deleteByRef,
  type DefinitionKind,
  displayNameSchema,
  findRowByRef,
  insertNew,
  iso,
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

export const PARSER_KIND: DefinitionKind = {
  table: 'parsers',
  idKind: 'parser',
  label: 'Parser',
  inUseCode: 'parser_in_use',
};

export const OUTPUT_FORMATS = ['markdown'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

// ---- Request shapes (422 when they do not match) ----

export const parserNameSchema = nameSchema('parser');

const definitionFields = {
  display_name: displayNameSchema,
  output_format: z.enum(OUTPUT_FORMATS).optional(),
  instructions: z.string().optional(),
  reasoning_effort: reasoningEffortSchema.nullable().optional(),
  provider_name: providerNameSchema.nullable().optional(),
  model: modelSchema.nullable().optional(),
};

/** Body of `POST /v1/parsers`: a new parser; the name is required. */
export const parserCreateSchema = z.strictObject({ name: parserNameSchema, ...definitionFields });

/** Body of `PUT /v1/parsers/{name}`: the complete definition; a body name must match the path. */
export const parserDefinitionSchema = z.strictObject({ name: z.string().nullable().optional(), ...definitionFields });

/** Body of `PATCH /v1/parsers/{ref}`: any subset, except the name. */
export const parserPatchSchema = z.strictObject({ ...definitionFields, display_name: displayNameSchema.optional() });

export type ParserDefinitionInput = z.infer<typeof parserDefinitionSchema>;
export type ParserCreateInput = z.infer<typeof parserCreateSchema>;
export type ParserPatchInput = z.infer<typeof parserPatchSchema>;

// ---- Stored and returned shapes ----

interface ParserRow {
  id: string;
  name: string;
  display_name: string;
  output_format: OutputFormat;
  instructions: string;
  reasoning_effort: ReasoningEffort | null;
  provider_name: ProviderName;
  model: string;
  source: Source;
  created_at: Date;
  updated_at: Date;
}

/** ParserResponse of the contract, field for field. */
export interface Parser extends Omit<ParserRow, 'created_at' | 'updated_at'> {
  is_prebuilt: boolean;
  created_at: string;
  updated_at: string;
}

export function toParser(row: ParserRow): Parser {
  return {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    output_format: row.output_format,
    instructions: row.instructions,
    reasoning_effort: row.reasoning_effort,
    provider_name: row.provider_name,
    model: row.model,
    source: row.source,
    is_prebuilt: row.source === 'prebuilt',
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

type Deps = { db: Db; config: Pick<Config, 'localModel'> };

// ---- Reads ----

/** The parser with this id or stable name, or null. Used by parse job creation. */
export async function findParserByRef(db: Db, ref: string): Promise<Parser | null> {
  const row = await findRowByRef<ParserRow>(db, PARSER_KIND, ref);
  return row ? toParser(row) : null;
}

export async function getParser(db: Db, ref: string): Promise<Parser> {
  const found = await findParserByRef(db, ref);
  if (!found) throw notFound('Parser', ref);
  return found;
}

export async function listParsers(db: Db, page: PageRequest): Promise<Page<Parser>> {
  const result = await keysetPage<ParserRow>(db('parsers').select('*'), page);
  return { rows: result.rows.map(toParser), nextCursor: result.nextCursor };
}

// ---- Writes ----

/** Columns of a complete definition, with the contract's defaults applied. */
function definitionColumns(config: Deps['config'], input: Omit<ParserDefinitionInput, 'name'>) {
  const { provider_name, model } = resolveModelChoice(config, input.provider_name, input.model);
  return {
    display_name: input.display_name,
    output_format: input.output_format ?? 'markdown',
    instructions: input.instructions ?? '',
    reasoning_effort: input.reasoning_effort ?? null,
    provider_name,
    model,
  };
}

/** Create a new parser; 409 `name_taken` when the name exists (prebuilt or not). */
export async function createParser({ db, config }: Deps, input: ParserCreateInput): Promise<Parser> {
  const row = await insertNew<ParserRow>(db, PARSER_KIND, {
    id: newId('parser'),
    name: input.name,
    ...definitionColumns(config, input),
    source: 'user',
  });
  return toParser(row);
}

/** Create the parser `name`, or replace its complete definition if it exists and is user-defined. */
export async function putParser(
  { db, config }: Deps,
  name: string,
  input: ParserDefinitionInput,
): Promise<{ parser: Parser; created: boolean }> {
  assertBodyNameMatches(name, input.name);
  const { row, created } = await upsertByName<ParserRow>(db, PARSER_KIND, {
    id: newId('parser'),
    name,
    ...definitionColumns(config, input),
    source: 'user',
  });
  return { parser: toParser(row), created };
}

/** Merge a partial update into a user-defined parser; null provider/model mean "the default". */
export async function patchParser({ db, config }: Deps, ref: string, patch: ParserPatchInput): Promise<Parser> {
  return db.transaction(async (trx) => {
    const row = await findRowByRef<ParserRow>(trx, PARSER_KIND, ref, true);
    if (!row) throw notFound('Parser', ref);
    assertUserDefined(PARSER_KIND, row);
    const { provider_name, model } = resolveModelChoice(
      config,
      patch.provider_name === undefined ? row.provider_name : patch.provider_name,
      patch.model === undefined ? row.model : patch.model,
    );
    const [updated] = await trx('parsers')
      .where({ id: row.id })
      .update({
        display_name: patch.display_name ?? row.display_name,
        output_format: patch.output_format ?? row.output_format,
        instructions: patch.instructions ?? row.instructions,
        reasoning_effort: patch.reasoning_effort === undefined ? row.reasoning_effort : patch.reasoning_effort,
        provider_name,
        model,
        updated_at: trx.fn.now(),
      })
      .returning('*');
    return toParser(updated as ParserRow);
  });
}

export async function deleteParser(db: Db, ref: string): Promise<void> {
  await deleteByRef(db, PARSER_KIND, ref);
}
