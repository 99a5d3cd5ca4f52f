// Scoring options of an evaluation run, with their defaults.

export interface ScoringOptions {
  /** Pointers (with `*` for indices, or concrete) whose strings compare by Levenshtein similarity. */
  fuzzy_fields: string[];
  /** Normalised Levenshtein similarity at or above which a fuzzy field is equal. */
  fuzzy_threshold: number;
  /** Relative tolerance for numbers: |a − b| ≤ tolerance × max(|a|, |b|). */
  numeric_tolerance: number;
  /** Pointers (and everything below them) left out of the score. */
  exclude_fields: string[];
}

export const DEFAULT_OPTIONS: ScoringOptions = {
  fuzzy_fields: [],
  fuzzy_threshold: 0.9,
  numeric_tolerance: 0,
  exclude_fields: [],
};

export function withDefaults(given: Partial<ScoringOptions> = {}): ScoringOptions {
  return {
    fuzzy_fields: given.fuzzy_fields ?? DEFAULT_OPTIONS.fuzzy_fields,
    fuzzy_threshold: given.fuzzy_threshold ?? DEFAULT_OPTIONS.fuzzy_threshold,
    numeric_tolerance: given.numeric_tolerance ?? DEFAULT_OPTIONS.numeric_tolerance,
    exclude_fields: given.exclude_fields ?? DEFAULT_OPTIONS.exclude_fields,
  };
}

/** "total" and "/total" name the same field. */
const asPointer = (entry: string) => (entry.startsWith('/') ? entry : `/${entry}`);

/**
 * Whether a listed pointer names this leaf: its field (`/items/*\/amount`) or its concrete path
 * (`/items/2/amount`), or an object or array above it.
 */
export function listedIn(list: readonly string[], field: string, path: string): boolean {
  return list.some((raw) => {
    const entry = asPointer(raw);
    return entry === field || entry === path || field.startsWith(`${entry}/`) || path.startsWith(`${entry}/`);
  });
}
