// The model's answer to a schema suggestion request (issue 51), read into what the job records:
// `{schema, field_notes, instructions?, rules?}`. Pure. An answer whose schema is missing or not in
// the dialect yields diagnostics, which the next request quotes back to the model.
import type { Diagnostic } from '../schema-dialect/index.js';
import { checkSuggestedSchema } from './normalize.js';
import { checkSuggestedRules } from './rules-check.js';

export interface FieldNote {
  path: string;
  description: string;
}

export interface SchemaSuggestion {
  schema: Record<string, unknown>;
  field_notes: FieldNote[];
  instructions: string;
  /** Suggested rules that passed the same checks as a user's rules; never applied. */
  rules: unknown[];
}

/** A problem with an answer: the dialect's diagnostics, or `invalid_answer` when there is no schema to check. */
export type SuggestionDiagnostic = Omit<Diagnostic, 'code'> & { code: string };

export type ReadAnswer =
  | { ok: true; suggestion: SchemaSuggestion; rejectedRules: Array<{ rule: unknown; reason: string }> }
  | { ok: false; diagnostics: SuggestionDiagnostic[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Read a parsed answer. `fallbackInstructions` (the request's) stand in when the model suggests
 * none. Field notes that are not `{path, description}` strings are left out.
 */
export function readSuggestionAnswer(answer: unknown, fallbackInstructions: string): ReadAnswer {
  if (!isObject(answer)) return { ok: false, diagnostics: [{ path: '$', code: 'invalid_answer', message: 'The answer must be a JSON object {"schema": …, "field_notes": […]}' }] };
  if (!isObject(answer.schema)) {
    return { ok: false, diagnostics: [{ path: '$.schema', code: 'invalid_answer', message: 'The answer has no "schema" object (a JSON Schema of the extraction dialect)' }] };
  }
  const checked = checkSuggestedSchema(answer.schema);
  if (!checked.valid) return { ok: false, diagnostics: checked.errors.map((d) => ({ ...d, path: d.path.replace(/^\$/, '$.schema') })) };
  const notes = Array.isArray(answer.field_notes) ? answer.field_notes : [];
  const field_notes = notes
    .filter((n): n is FieldNote => isObject(n) && typeof n.path === 'string' && typeof n.description === 'string')
    .map((n) => ({ path: n.path, description: n.description }));
  const suggestedInstructions = typeof answer.instructions === 'string' && answer.instructions.trim() ? answer.instructions.trim() : null;
  const rules = checkSuggestedRules(Array.isArray(answer.rules) ? answer.rules : [], checked.schema);
  return {
    ok: true,
    suggestion: { schema: checked.schema, field_notes, instructions: suggestedInstructions ?? fallbackInstructions, rules: rules.accepted },
    rejectedRules: rules.rejected,
  };
}

/** The diagnostics as the follow-up request quotes them, one per line. */
export function diagnosticsText(diagnostics: SuggestionDiagnostic[]): string {
  return diagnostics.map((d) => `- ${d.path}: ${d.message} (${d.code})`).join('\n');
}
