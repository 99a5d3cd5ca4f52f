// Diagnostics: the stable codes, where they point, and a bounded collector.
import { LIMITS } from './dialect.js';

export interface Diagnostic {
  message: string;
  /** JSONPath-like location in the submitted schema, e.g. `$.properties['odd key'].type`. */
  path: string;
  /** Stable snake_case code; clients may branch on it. */
  code: DiagnosticCode;
}

export type Severity = 'error' | 'warning';
/** `either`: the code summarises overflow and appears in whichever list overflowed. */
type CodeSeverity = Severity | 'either';

/**
 * Every code the validator can emit, with its severity and a one-line description.
 * This list is the documentation (openapi.yaml) and the type of `Diagnostic.code`.
 */
export const DIAGNOSTIC_CODES = [
  { code: 'root_not_object', severity: 'error', description: 'The root must be an object schema.' },
  { code: 'unsupported_keyword', severity: 'error', description: 'A key that the schema kind does not allow (also used for unknown keys in x-service).' },
  { code: 'missing_keyword', severity: 'error', description: 'A key that the schema kind requires is absent (type, properties, items, semantic).' },
  { code: 'invalid_type', severity: 'error', description: 'A value has the wrong JSON type, e.g. a schema that is not an object or a non-string title.' },
  { code: 'invalid_value', severity: 'error', description: 'A value has the right JSON type but is not allowed, e.g. additionalProperties other than false, a negative minLength, a malformed type array.' },
  { code: 'unsupported_type', severity: 'error', description: 'A type name outside the dialect, or not allowed here (nullable array, null outside a union, enum that is not a string).' },
  { code: 'duplicate_required', severity: 'error', description: 'A name appears more than once in required.' },
  { code: 'invalid_pattern', severity: 'error', description: 'pattern is not a valid regular expression (ECMAScript, unicode mode).' },
  { code: 'duplicate_enum_value', severity: 'error', description: 'A value appears more than once in one enum.' },
  { code: 'empty_enum', severity: 'error', description: 'An enum with no values.' },
  { code: 'invalid_semantic', severity: 'error', description: 'x-service.semantic is not one of the allowed values.' },
  { code: 'invalid_union', severity: 'error', description: 'A malformed oneOf/anyOf: both keywords, wrong branch count, no or two null branches, or a branch of a kind the union does not allow.' },
  { code: 'reserved_property_name', severity: 'error', description: "A property named '__proto__', which JavaScript consumers of the data cannot handle as an ordinary key." },
  { code: 'schema_too_deep', severity: 'error', description: `Nesting deeper than ${LIMITS.maxDepth} levels; the validator does not descend further.` },
  { code: 'enum_too_large', severity: 'error', description: `More than ${LIMITS.maxEnumValues} values in one enum or enum union.` },
  { code: 'too_many_properties', severity: 'error', description: `More than ${LIMITS.maxProperties} properties in one object schema.` },
  { code: 'schema_too_large', severity: 'error', description: `More than ${LIMITS.maxSchemaNodes} schema objects in one document.` },
  { code: 'too_many_diagnostics', severity: 'either', description: `More than ${LIMITS.maxDiagnostics} diagnostics of one severity; the rest are summarised in this entry (appears in whichever list overflowed).` },
  { code: 'required_unknown_property', severity: 'warning', description: 'A required entry names no property of the object.' },
  { code: 'optional_not_nullable', severity: 'warning', description: 'A property is neither required nor nullable, so an extractor may omit it instead of returning null.' },
  { code: 'empty_properties', severity: 'warning', description: 'An object schema with no properties always extracts to an empty object.' },
  { code: 'contradictory_length', severity: 'warning', description: 'minLength is greater than maxLength, so no string satisfies the schema.' },
  { code: 'enum_null_mismatch', severity: 'warning', description: 'null is listed in enum but not allowed by type, or allowed by type but not listed in enum.' },
  { code: 'overlapping_branches', severity: 'warning', description: 'Union branches accept the same value; with oneOf such a value matches more than one branch and is rejected.' },
  { code: 'nullable_root', severity: 'warning', description: 'The root object schema is nullable (type ["object", "null"]); accepted, but an extraction result is always an object, never null.' },
] as const satisfies readonly { code: string; severity: CodeSeverity; description: string }[];

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number]['code'];

const SEVERITY = new Map<string, CodeSeverity>(DIAGNOSTIC_CODES.map((d) => [d.code, d.severity]));

/** Collects diagnostics into errors and warnings by code, keeping each list bounded. */
export class DiagnosticCollector {
  readonly errors: Diagnostic[] = [];
  readonly warnings: Diagnostic[] = [];
  private droppedErrors = 0;
  private droppedWarnings = 0;

  add(code: DiagnosticCode, path: string, message: string): void {
    const isError = SEVERITY.get(code) === 'error';
    const list = isError ? this.errors : this.warnings;
    if (list.length < LIMITS.maxDiagnostics) list.push({ message, path, code });
    else if (isError) this.droppedErrors++;
    else this.droppedWarnings++;
  }

  /** The lists with a closing summary entry where something was dropped. */
  finish(): { errors: Diagnostic[]; warnings: Diagnostic[] } {
    const summary = (n: number, what: string): Diagnostic => ({
      message: `${n} more ${what} not shown`,
      path: '$',
      code: 'too_many_diagnostics',
    });
    const errors = [...this.errors];
    const warnings = [...this.warnings];
    if (this.droppedErrors > 0) errors.push(summary(this.droppedErrors, 'errors'));
    if (this.droppedWarnings > 0) {
      // Too many warnings is not a reason to reject a schema, so the summary stays a warning.
      warnings.push(summary(this.droppedWarnings, 'warnings'));
    }
    return { errors, warnings };
  }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Append a key to a JSONPath-like path: `.name` for identifiers, `['odd key']` otherwise. */
export function childPath(path: string, key: string): string {
  if (IDENTIFIER.test(key)) return `${path}.${key}`;
  return `${path}['${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
}

export function indexPath(path: string, index: number): string {
  return `${path}[${index}]`;
}
