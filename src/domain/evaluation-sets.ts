// Evaluation sets: named collections of documents (a file or a text) with their right answers.
import type { Knex } from 'knex';
import { z } from 'zod';
import { notFound, serviceError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { keysetPage, type PageRequest } from '../storage/pagination.js';
import { findJobRow } from '../storage/jobs/reads.js';
import { isForeignKeyViolation, isUniqueViolation } from '../storage/pg-errors.js';
import { checkExpectedSegments, expectedSegmentsField, type ExpectedSegment } from './evaluation-segments.js';
import { isId, newId, SLUG_PATTERN } from './ids.js';
import { label, text } from './text.js';
import { iso } from './time.js';

/** Runs a list query as one keyset page (given by the HTTP edge, which owns paging). */

const jsonObject = z.record(z.string(), z.unknown());

export const evaluationSetNameSchema = z
  .string()
  .regex(SLUG_PATTERN, 'must be a lowercase slug: 1-64 of a-z, 0-9, "-" or "_", starting with a letter or digit')
  .refine((s) => !isId('evaluationSet', s), 'must not have the form of an identifier');

export const createEvaluationSetBody = z.strictObject({
  name: evaluationSetNameSchema,
  display_name: label(200),
  description: text(0, 10_000).nullable().optional(),
});

const itemFields = {
  file_id: text(1, 128).optional(),
  text: text(1, 1_000_000).optional(),
  expected_output: jsonObject.optional(),
  expected_segments: expectedSegmentsField.optional(),
  note: text(0, 10_000).nullable().optional(),
};

/** Exactly one of file_id and text, with expected_output; or from_job_id alone (with a note). */
export const createEvaluationItemBody = z
  .strictObject({ ...itemFields, from_job_id: text(1, 128).optional() })
  .superRefine((b, ctx) => {
    if (b.from_job_id !== undefined) {
      for (const key of ['file_id', 'text', 'expected_output', 'expected_segments'] as const) {
        if (b[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `'from_job_id' takes the job's input and reviewed data; do not give '${key}'` });
      }
      return;
    }
    oneInput(b, ctx);
    oneExpectation(b, ctx);
  });

/** PUT of an item: its complete definition. */
export const replaceEvaluationItemBody = z.strictObject(itemFields).superRefine((b, ctx) => {
  oneInput(b, ctx);
  oneExpectation(b, ctx);
});

/** The right answer: `expected_output` (for extractor runs) or `expected_segments` (for classifier runs, issue 44). */
function oneExpectation(b: { expected_output?: unknown; expected_segments?: unknown }, ctx: z.RefinementCtx): void {
  const n = Number(b.expected_output !== undefined) + Number(b.expected_segments !== undefined);
  if (n === 0) ctx.addIssue({ code: 'custom', path: ['expected_output'], message: "Field required: give 'expected_output' (an extractor's right answer) or 'expected_segments' (a classifier's right split)" });
  if (n === 2) ctx.addIssue({ code: 'custom', path: ['expected_segments'], message: "Give one of 'expected_output' or 'expected_segments', not both" });
}

function oneInput(b: { file_id?: string; text?: string }, ctx: z.RefinementCtx): void {
  const n = Number(b.file_id !== undefined) + Number(b.text !== undefined);
  if (n !== 1) ctx.addIssue({ code: 'custom', path: [n === 0 ? 'file_id' : 'text'], message: "Give exactly one of 'file_id' or 'text' (the input)" });
}

export interface EvaluationSet {
  id: string;
  name: string;
  display_name: string;
  description: string | null;
  item_count: number;
  created_at: string;
  updated_at: string;
}

export interface EvaluationItem {
  id: string;
  evaluation_set_id: string;
  file_id: string | null;
  text: string | null;
  expected_output: Record<string, unknown> | null;
  expected_segments: ExpectedSegment[] | null;
  note: string | null;
  from_job_id: string | null;
  created_at: string;
  updated_at: string;
}

const ITEM_COUNT_SQL = '(select count(*) from evaluation_items i where i.set_id = evaluation_sets.id)::int as item_count';

const toSet = (row: any): EvaluationSet => ({
  id: row.id,
  name: row.name,
  display_name: row.display_name,
  description: row.description ?? null,
  item_count: Number(row.item_count ?? 0),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const toItem = (row: any): EvaluationItem => ({
  id: row.id,
  evaluation_set_id: row.set_id,
  file_id: row.file_id ?? null,
  text: row.source_text ?? null,
  expected_output: row.expected_output ?? null,
  expected_segments: row.expected_segments ?? null,
  note: row.note ?? null,
  from_job_id: row.source_job_id ?? null,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const setWhere = (ref: string) => (isId('evaluationSet', ref) ? { id: ref } : { name: ref });

// ---- Sets ----

export async function createEvaluationSet(db: Db, body: z.infer<typeof createEvaluationSetBody>): Promise<EvaluationSet> {
  try {
    await db('evaluation_sets').insert({ id: newId('evaluationSet'), name: body.name, display_name: body.display_name, description: body.description ?? null });
  } catch (err) {
    if (isUniqueViolation(err)) throw serviceError('evaluation_set_exists', `An evaluation set named '${body.name}' already exists`);
    throw err;
  }
  return getEvaluationSet(db, body.name);
}

export async function findEvaluationSet(db: Db, ref: string): Promise<EvaluationSet | null> {
  const row = await db('evaluation_sets').where(setWhere(ref)).first('*', db.raw(ITEM_COUNT_SQL));
  return row ? toSet(row) : null;
}

export async function getEvaluationSet(db: Db, ref: string): Promise<EvaluationSet> {
  const found = await findEvaluationSet(db, ref);
  if (!found) throw notFound('Evaluation set', ref);
  return found;
}

export async function listEvaluationSets(db: Db, page: PageRequest): Promise<{ rows: EvaluationSet[]; nextCursor: string | null }> {
  const found = await keysetPage<any>(db('evaluation_sets').select('*', db.raw(ITEM_COUNT_SQL)), page);
  return { rows: found.rows.map(toSet), nextCursor: found.nextCursor };
}

/** Deletes the set and its items; a set that runs refer to is kept (409 evaluation_set_in_use). */
export async function deleteEvaluationSet(db: Db, ref: string): Promise<void> {
  const set = await getEvaluationSet(db, ref);
  try {
    await db('evaluation_sets').where({ id: set.id }).delete();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw serviceError('evaluation_set_in_use', `Evaluation set '${ref}' has evaluation runs; delete them first`);
    throw err;
  }
}

// ---- Items ----

async function checkFile(db: Db, fileId: string | undefined): Promise<void> {
  if (fileId === undefined) return;
  if (!(await db('files').where({ id: fileId }).first('id'))) throw notFound('File', fileId);
}

/**
 * The input and right answer of a reviewed job. Only an approved review makes a job's data a right
 * answer: its `review.reviewed_data` (the model's `result.data` with the reviewer's corrections),
 * else `result.data` when the review holds no copy. A job without an approved review is refused
 * (409 job_not_reviewed): unreviewed model output is not ground truth.
 */
async function itemFromJob(db: Db, jobId: string) {
  const job: any = await findJobRow(db, 'extraction', jobId);
  if (!job) throw notFound('Extraction job', jobId);
  const review = job.review ?? null;
  if (job.status !== 'completed' || !review || review.status !== 'approved') {
    throw serviceError('job_not_reviewed', `Extraction job '${jobId}' has no approved review; only an approved job's data is a right answer`);
  }
  return { file_id: job.file_id ?? null, source_text: job.source_text ?? null, expected_output: review.reviewed_data ?? job.result?.data ?? {}, expected_segments: undefined };
}

export async function addEvaluationItem(db: Db, setRef: string, body: z.infer<typeof createEvaluationItemBody>): Promise<EvaluationItem> {
  const set = await getEvaluationSet(db, setRef);
  await checkFile(db, body.file_id);
  checkExpectedSegments(body.expected_segments);
  const input = body.from_job_id
    ? await itemFromJob(db, body.from_job_id)
    : { file_id: body.file_id ?? null, source_text: body.text ?? null, expected_output: body.expected_output, expected_segments: body.expected_segments };
  const [row] = await db('evaluation_items')
    .insert({
      id: newId('evaluationItem'),
      set_id: set.id,
      file_id: input.file_id,
      source_text: input.source_text,
      ...expectationColumns(input),
      note: body.note ?? null,
      source_job_id: body.from_job_id ?? null,
    })
    .returning('*');
  return toItem(row);
}

function expectationColumns(b: { expected_output?: unknown; expected_segments?: unknown }) {
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  return { expected_output: json(b.expected_output), expected_segments: json(b.expected_segments) };
}

export async function listEvaluationItems(db: Db, setRef: string, page: PageRequest): Promise<{ rows: EvaluationItem[]; nextCursor: string | null }> {
  const set = await getEvaluationSet(db, setRef);
  const found = await keysetPage<any>(db('evaluation_items').select('*').where({ set_id: set.id }), page);
  return { rows: found.rows.map(toItem), nextCursor: found.nextCursor };
}

export async function getEvaluationItem(db: Db, setRef: string, itemId: string): Promise<EvaluationItem> {
  const set = await getEvaluationSet(db, setRef);
  const row = await db('evaluation_items').where({ id: itemId, set_id: set.id }).first();
  if (!row) throw notFound('Evaluation item', itemId);
  return toItem(row);
}

export async function replaceEvaluationItem(db: Db, setRef: string, itemId: string, body: z.infer<typeof replaceEvaluationItemBody>): Promise<EvaluationItem> {
  const set = await getEvaluationSet(db, setRef);
  if (!(await db('evaluation_items').where({ id: itemId, set_id: set.id }).first('id'))) throw notFound('Evaluation item', itemId);
  await checkFile(db, body.file_id);
  checkExpectedSegments(body.expected_segments);
  const [row] = await db('evaluation_items')
    .where({ id: itemId, set_id: set.id })
    .update({
      file_id: body.file_id ?? null,
      source_text: body.text ?? null,
      ...expectationColumns(body),
      note: body.note ?? null,
      updated_at: db.fn.now(),
    })
    .returning('*');
  if (!row) throw notFound('Evaluation item', itemId);
  return toItem(row);
}

export async function deleteEvaluationItem(db: Db, setRef: string, itemId: string): Promise<void> {
  const set = await getEvaluationSet(db, setRef);
  const n = await db('evaluation_items').where({ id: itemId, set_id: set.id }).delete();
  if (n === 0) throw notFound('Evaluation item', itemId);
}
