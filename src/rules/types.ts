// Rules on an extractor's answers (issue 51): checks a confident model can still fail — a total that
// is not the sum of its lines, a due date before the issue date. Pure data shapes, no I/O.

export const RULE_KINDS = ['sum', 'regex', 'range', 'required', 'date_order', 'equals'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** At most this many rules per extractor. */
export const MAX_RULES = 50;
/** A rule id: URL-safe, unique within its extractor. */
export const RULE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** Longest pointer and regex pattern a rule may hold. */
export const MAX_POINTER_LENGTH = 1000;
export const MAX_PATTERN_LENGTH = 1000;
/** `sum` compares within this much when the rule gives no `tolerance`. */
export const DEFAULT_SUM_TOLERANCE = 0.01;

interface Base {
  id: string;
}

/**
 * Pointers are JSON Pointers into the extracted data; a `*` token runs over every item of an array.
 * Where two pointers of one rule both run over arrays, items are paired by their index
 * (`/items/*\/net` with `/items/*\/gross` compares each line with itself).
 */
export type Rule =
  | (Base & { kind: 'sum'; items: string; equals: string; tolerance?: number })
  | (Base & { kind: 'regex'; path: string; pattern: string })
  | (Base & { kind: 'range'; path: string; min?: number; max?: number })
  | (Base & { kind: 'required'; path: string })
  | (Base & { kind: 'date_order'; before: string; after: string })
  | (Base & { kind: 'equals'; path: string; other: string });

/** The outcome of one rule on one result: passed, failed, or null when it did not apply. */
export interface RuleResult {
  id: string;
  kind: RuleKind;
  passed: boolean | null;
  /** Concrete pointers the outcome rests on; when failed, the values a reviewer should look at. */
  paths: string[];
  message: string;
}

/** Which pointer fields each kind has (in the order they are reported). */
export const POINTER_FIELDS: Record<RuleKind, readonly string[]> = {
  sum: ['items', 'equals'],
  regex: ['path'],
  range: ['path'],
  required: ['path'],
  date_order: ['before', 'after'],
  equals: ['path', 'other'],
};

/** Every field a rule of each kind may carry (anything else is refused). */
export const RULE_FIELDS: Record<RuleKind, readonly string[]> = {
  sum: ['id', 'kind', 'items', 'equals', 'tolerance'],
  regex: ['id', 'kind', 'path', 'pattern'],
  range: ['id', 'kind', 'path', 'min', 'max'],
  required: ['id', 'kind', 'path'],
  date_order: ['id', 'kind', 'before', 'after'],
  equals: ['id', 'kind', 'path', 'other'],
};
