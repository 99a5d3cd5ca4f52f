// Classifiers (issue 44): definitions of the classes a page can belong to, like extractors: kept
// as a snapshot by every classification job, with a `version` that grows by one with every change.
// The class `other` always exists implicitly: it is what none of the classes describes.
import { z } from 'zod';
import type { Config } from '../../config/index.js';
import { notFound, serviceError } from '../../errors.js';
import { upsertClassifier, type ClassifierRow } from '../../storage/classifiers.js';
import type { Db } from '../../storage/db.js';
import { keysetPage, type Page, type PageRequest } from '../../storage/pagination.js';
import {
  assertBodyNameMatches,
  deleteByRef,
  type DefinitionKind,
  displayNameSchema,
  findRowByRef,
  iso,
  modelSchema,
  nameSchema,
  providerNameSchema,
  resolveModelChoice,
} from '../definitions-common.js';
import { findExtractorByRef } from '../extractors.js';
import { newId } from '../ids.js';
import { text } from '../text.js';

export const CLASSIFIER_KIND: DefinitionKind = {
  table: 'classifiers',
  idKind: 'classifier',
  label: 'Classifier',
  inUseCode: 'classifier_in_use',
};

/** The class every classifier has without naming it. */
export const OTHER_CLASS = 'other';
export const MIN_CLASSES = 2;
export const MAX_CLASSES = 100;
const CLASS_NAME = /^[a-z0-9_-]{1,64}$/;

const classSchema = z.strictObject({
  name: z.string().regex(CLASS_NAME, 'must be 1-64 of a-z, 0-9, "-" or "_"'),
  description: text(1, 4000),
  extractor_name: text(1, 128).nullable().optional(),
});

/** Body of `PUT /v1/classifiers/{name}`: the complete definition. */
export const classifierDefinitionSchema = z.strictObject({
  name: z.string().nullable().optional(),
  display_name: displayNameSchema,
  instructions: text(0, 20_000).optional(),
  classes: z
    .array(classSchema)
    .min(MIN_CLASSES)
    .max(MAX_CLASSES)
    .superRefine((classes, ctx) => {
      const seen = new Set<string>();
      classes.forEach((c, i) => {
        if (c.name === OTHER_CLASS) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `'${OTHER_CLASS}' always exists implicitly; do not list it` });
        if (seen.has(c.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Duplicate class name '${c.name}'` });
        seen.add(c.name);
      });
    }),
  provider_name: providerNameSchema.nullable().optional(),
  model: modelSchema.nullable().optional(),
  review_threshold: z.number().min(0).max(1).nullable().optional(),
});
export type ClassifierDefinitionInput = z.infer<typeof classifierDefinitionSchema>;

export const classifierNameSchema = nameSchema('classifier');

/** ClassifierResponse: the row with its timestamps as ISO strings, without `source`. */
export interface Classifier extends Omit<ClassifierRow, 'source' | 'created_at' | 'updated_at'> {
  created_at: string;
  updated_at: string;
}

export function toClassifier(row: ClassifierRow): Classifier {
  return {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    instructions: row.instructions,
    classes: row.classes.map((c) => ({ name: c.name, description: c.description, extractor_name: c.extractor_name ?? null })),
    provider_name: row.provider_name,
    model: row.model,
    review_threshold: row.review_threshold ?? null,
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The names a page's answer may give: the classes in their order, then `other`. */
export const classNames = (c: Pick<Classifier, 'classes'>): string[] => [...c.classes.map((k) => k.name), OTHER_CLASS];

export async function findClassifierByRef(db: Db, ref: string): Promise<Classifier | null> {
  const row = await findRowByRef<ClassifierRow>(db, CLASSIFIER_KIND, ref);
  return row ? toClassifier(row) : null;
}

export async function getClassifier(db: Db, ref: string): Promise<Classifier> {
  const found = await findClassifierByRef(db, ref);
  if (!found) throw notFound('Classifier', ref);
  return found;
}

export async function listClassifiers(db: Db, page: PageRequest): Promise<Page<Classifier>> {
  const result = await keysetPage<ClassifierRow>(db('classifiers').select('*'), page);
  return { rows: result.rows.map(toClassifier), nextCursor: result.nextCursor };
}

/** Create the classifier `name`, or replace its definition (a new version when anything changed). */
export async function putClassifier(
  { db, config }: { db: Db; config: Pick<Config, 'localModel'> },
  name: string,
  input: ClassifierDefinitionInput,
): Promise<{ classifier: Classifier; created: boolean }> {
  assertBodyNameMatches(name, input.name);
  for (const [i, c] of input.classes.entries()) {
    if (c.extractor_name == null) continue;
    const extractor = await findExtractorByRef(db, c.extractor_name);
    if (!extractor || extractor.name !== c.extractor_name) {
      throw serviceError('unknown_extractor', `classes[${i}].extractor_name: Extractor '${c.extractor_name}' does not exist`);
    }
  }
  const { provider_name, model } = resolveModelChoice(config, input.provider_name, input.model);
  const { row, created } = await upsertClassifier(db, {
    id: newId('classifier'),
    name,
    display_name: input.display_name,
    instructions: input.instructions ?? '',
    classes: input.classes.map((c) => ({ name: c.name, description: c.description, extractor_name: c.extractor_name ?? null })),
    provider_name,
    model,
    review_threshold: input.review_threshold ?? null,
  });
  return { classifier: toClassifier(row), created };
}

/** 204; 409 `classifier_in_use` while classification jobs reference it. */
export async function deleteClassifier(db: Db, ref: string): Promise<void> {
  await deleteByRef(db, CLASSIFIER_KIND, ref);
}
