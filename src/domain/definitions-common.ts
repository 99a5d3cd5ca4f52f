// What extractors and parsers share: enumerations, provider/model defaults, reference lookup,
// the atomic create-or-replace by name, and delete with database-enforced "in use" protection.
import type { Knex } from 'knex';
import { isForeignKeyViolation } from '../storage/pg-errors.js';
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { notFound, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { isId, type IdKind, SLUG_PATTERN } from './ids.js';
import { PROVIDER_NAMES, type ProviderName } from './prebuilt.js';
import { label } from './text.js';
import { currentWorkspaceId } from '../storage/workspace-scope.js';
import { DEFAULT_WORKSPACE_ID } from '../storage/workspace-ids.js';

export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

export const providerNameSchema = z.enum(PROVIDER_NAMES);
export const reasoningEffortSchema = z.enum(REASONING_EFFORTS);
export const displayNameSchema = label(200);
export const modelSchema = label(300);

export type Source = 'user' | 'prebuilt';

/** The part of a definition that says which model runs it. */
export interface ModelChoice {
  provider_name: ProviderName;
  model: string;
}

/**
 * Apply the contract's defaults: no provider → compatible_api; no model → SERVICE_LOCAL_MODEL,
 * but only for the local compatible provider. Hosted providers have no sensible default model.
 */
export function resolveModelChoice(
  config: Pick<Config, 'localModel'>,
  providerName: ProviderName | null | undefined,
  model: string | null | undefined,
): ModelChoice {
  const provider_name = providerName ?? 'compatible_api';
  if (model) return { provider_name, model };
  if (provider_name === 'compatible_api') return { provider_name, model: config.localModel };
  throw serviceError('model_required', `Provider '${provider_name}' has no default model; set 'model' explicitly.`);
}

/** Timestamps leave the service as ISO 8601 UTC strings. */
export const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

export interface DefinitionKind {
  table: 'extractors' | 'parsers' | 'classifiers';
  idKind: Extract<IdKind, 'extractor' | 'parser' | 'classifier'>;
  label: string; // for messages: "Extractor", "Parser"
  inUseCode: string; // 409 code when jobs reference it
  /** The table has `version`: one more whenever a replace changes the definition. */
  versioned?: boolean;
}

/** Path references are ids or stable names; both fit the slug alphabet. */
export const refSchema = z.string().regex(SLUG_PATTERN, 'must be an identifier or a stable name (lowercase slug)');

/**
 * A stable name for a new definition: a slug that cannot be mistaken for an identifier of the same
 * kind, so `GET /v1/<kind>/{ref}` is never ambiguous.
 */
export function nameSchema(idKind: DefinitionKind['idKind']) {
  return z
    .string()
    .regex(SLUG_PATTERN, 'must be a lowercase slug: 1-64 of a-z, 0-9, "-" or "_", starting with a letter or digit')
    .refine((s) => !isId(idKind, s), 'must not have the form of an identifier');
}

/** WHERE clause for a reference: an id when it has the id form of this kind, else a name. */
export const refWhere = (kind: DefinitionKind, ref: string) => (isId(kind.idKind, ref) ? { id: ref } : { name: ref });

/** Load a row by reference, optionally locking it for the rest of the transaction. */
export async function findRowByRef<R>(db: Db, kind: DefinitionKind, ref: string, forUpdate = false): Promise<R | null> {
  const q = db(kind.table).where(refWhere(kind, ref)).first();
  if (forUpdate) q.forUpdate();
  return ((await q) as R | undefined) ?? null;
}

export function assertUserDefined(kind: DefinitionKind, row: { source: Source; name: string }): void {
  if (row.source === 'prebuilt') {
    throw serviceError('prebuilt_read_only', `${kind.label} '${row.name}' is prebuilt and cannot be changed or deleted.`);
  }
}

/**
 * Insert a definition or replace the user-defined one with the same name, in one statement, so two
 * concurrent PUTs can never create two rows or overwrite a prebuilt definition.
 * `values` must hold every column except created_at/updated_at (id is kept on replace).
 */
export async function upsertByName<R>(
  db: Db,
  kind: DefinitionKind,
  values: Record<string, unknown> & { id: string; name: string },
): Promise<{ row: R; created: boolean }> {
  await refusePrebuiltName(db, kind, values.name, 'prebuilt_read_only', `${kind.label} '${values.name}' is prebuilt and cannot be replaced.`);
  values = { ...values, workspace_id: currentWorkspaceId() ?? DEFAULT_WORKSPACE_ID };
  const columns = Object.keys(values);
  const replaced = columns.filter((c) => c !== 'id' && c !== 'name' && c !== 'source' && c !== 'workspace_id');
  // A replace by the same definition is no change: the version moves only when a column differs
  // (compared as text: `json` columns have no equality, and their text is what is shown).
  const version = kind.versioned
    ? `, version = CASE WHEN ROW(${replaced.map(() => '??.??::text').join(', ')}) IS DISTINCT FROM ROW(${replaced.map(() => 'EXCLUDED.??::text').join(', ')}) THEN ??.version + 1 ELSE ??.version END`
    : '';
  const versionBindings = kind.versioned ? [...replaced.flatMap((c) => [kind.table, c]), ...replaced, kind.table, kind.table] : [];
  const result = await db.raw(
    `INSERT INTO ?? (${columns.map(() => '??').join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
     ON CONFLICT (workspace_id, name) DO UPDATE SET ${replaced.map(() => '?? = EXCLUDED.??').join(', ')}, updated_at = now()${version}
       WHERE ??.source = 'user'
     RETURNING *, (xmax = 0) AS __inserted`,
    [kind.table, ...columns, ...columns.map((c) => values[c] as Knex.Value), ...replaced.flatMap((c) => [c, c]), ...versionBindings, kind.table],
  );
  const returned = result.rows[0] as (R & { __inserted: boolean }) | undefined;
  if (!returned) {
    // The conflicting row exists but the WHERE refused the update: it is prebuilt.
    throw serviceError('prebuilt_read_only', `${kind.label} '${values.name}' is prebuilt and cannot be replaced.`);
  }
  const { __inserted, ...row } = returned;
  return { row: row as R, created: __inserted };
}

/**
 * A prebuilt definition's name is every workspace's (prebuilt definitions are visible to all): a
 * workspace other than `default` (where the ON CONFLICT finds it) may not take it.
 */
async function refusePrebuiltName(db: Db, kind: DefinitionKind, name: string, code: string, detail: string): Promise<void> {
  const ws = currentWorkspaceId();
  if (!ws || ws === DEFAULT_WORKSPACE_ID) return;
  const prebuilt = await db(kind.table).where({ name, source: 'prebuilt' }).first('id');
  if (prebuilt) throw serviceError(code, detail);
}

/** Insert a new definition; a taken name is a 409 `name_taken`. */
export async function insertNew<R>(db: Db, kind: DefinitionKind, values: Record<string, unknown> & { name: string }): Promise<R> {
  await refusePrebuiltName(db, kind, values.name, 'name_taken', `${kind.label} name '${values.name}' is already taken.`);
  const rows = await db(kind.table).insert({ ...values, workspace_id: currentWorkspaceId() ?? DEFAULT_WORKSPACE_ID }).onConflict(['workspace_id', 'name']).ignore().returning('*');
  if (!rows[0]) throw serviceError('name_taken', `${kind.label} name '${values.name}' is already taken.`);
  return rows[0] as R;
}

/**
 * Delete a user-defined definition. Jobs reference definitions through RESTRICT foreign keys,
 * so "in use" is decided by the database (SQLSTATE 23001/23503) and holds even against a job created
 * between any check and the delete.
 */
export async function deleteByRef(db: Db, kind: DefinitionKind, ref: string): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await findRowByRef<{ id: string; name: string; source: Source }>(trx, kind, ref, true);
    if (!row) throw notFound(kind.label, ref);
    assertUserDefined(kind, row);
    try {
      await trx(kind.table).where({ id: row.id }).delete();
    } catch (err) {
      if (isForeignKeyViolation(err)) {
        throw serviceError(kind.inUseCode, `${kind.label} '${row.name}' is referenced by jobs; delete those jobs first.`);
      }
      throw err;
    }
  });
}


/** JSON values for jsonb columns: pg would turn a JS array into a Postgres array otherwise. */
export const jsonb = (value: unknown): string => JSON.stringify(value);

/** A body `name` (optional in create-or-replace) must agree with the name in the path. */
export function assertBodyNameMatches(pathName: string, bodyName: string | null | undefined): void {
  if (bodyName != null && bodyName !== pathName) {
    throw serviceError('name_mismatch', `Body name '${bodyName}' does not match the name '${pathName}' in the path.`);
  }
}
