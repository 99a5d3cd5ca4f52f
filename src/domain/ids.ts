import { ulid } from 'ulid';

// Identifiers carry a type prefix and a time-sortable random part (ULID, lower-cased).
export const ID_PREFIX = {
  file: 'file_',
  extractor: 'ext_',
  parser: 'prs_',
  extractionJob: 'ejob_',
  parseJob: 'pjob_',
  webhookEndpoint: 'whep_',
  webhookDelivery: 'whdl_',
  evaluationSet: 'evset_',
  evaluationItem: 'evitem_',
  evaluationRun: 'evrun_',
  batch: 'batch_',
  example: 'exm_',
  classifier: 'cls_',
  classificationJob: 'cjob_',
  candidate: 'cand_',
  schemaSuggestion: 'sug_',
  upload: 'upl_',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

export function newId(kind: IdKind): string {
  return ID_PREFIX[kind] + ulid().toLowerCase();
}

const ULID_PART = /^[0-9a-hjkmnp-tv-z]{26}$/;

export function isId(kind: IdKind, value: string): boolean {
  const prefix = ID_PREFIX[kind];
  return value.startsWith(prefix) && ULID_PART.test(value.slice(prefix.length));
}

/** Stable names: lowercase URL-safe slugs, 1-64 characters, starting with a letter or digit. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const isSlug = (s: string) => SLUG_PATTERN.test(s);
