// The extraction schema dialect: validation with diagnostics, canonical form, data validation.
import { canonicalize } from './canonical.js';
import type { Diagnostic } from './diagnostics.js';
import { checkSchema } from './validate.js';

export { compileDataValidator, compileDerivedValidator, type DataValidator, type DataValidationResult } from './ajv.js';
export { DIAGNOSTIC_CODES, type Diagnostic, type DiagnosticCode } from './diagnostics.js';
export { LIMITS as SCHEMA_DIALECT_LIMITS, SEMANTIC_VALUES, type SemanticValue } from './dialect.js';

export interface SchemaValidationResult {
  /** True when there are no errors (warnings do not block). */
  valid: boolean;
  /** The accepted schema in canonical form (see canonical.ts); null when invalid. */
  canonical_schema: Record<string, unknown> | null;
  warnings: Diagnostic[];
  errors: Diagnostic[];
}

/** Check any value against the extraction schema dialect, reporting every problem in one pass. */
export function validateSchema(schema: unknown): SchemaValidationResult {
  const { errors, warnings } = checkSchema(schema);
  const valid = errors.length === 0;
  return {
    valid,
    canonical_schema: valid ? canonicalize(schema as Record<string, unknown>) : null,
    warnings,
    errors,
  };
}
