// One pass over a submitted schema that reports every departure from the dialect table.
// Depth, size and diagnostic counts are bounded (see LIMITS), and nothing here throws on
// odd input: every value that is not what the table expects becomes a diagnostic.
import {
  ACCEPTED_SCHEMA_URIS,
  ALL_SCHEMA_KEYS,
  CONST_BRANCH_KEYS,
  ENUM_BRANCH_KEYS,
  KIND_KEYS,
  LIMITS,
  NULLABLE_TYPES,
  NULLABLE_UNION_VALUE_KINDS,
  SEMANTIC_VALUES,
  acceptsNull,
  classify,
  describeJsonType,
  hasOwn,
  isNullBranch,
  isPlainObject,
  parseType,
  unionKey,
  type JsonObject,
  type Kind,
  type TypeName,
} from './dialect.js';
import { DiagnosticCollector, childPath, indexPath, type Diagnostic } from './diagnostics.js';

const KIND_LABEL: Record<Kind, string> = {
  object: 'an object schema',
  array: 'an array schema',
  string: 'a string schema',
  semantic_string: 'a semantic string schema (x-service)',
  number: 'a number schema',
  integer: 'an integer schema',
  boolean: 'a boolean schema',
  enum: 'an enum schema',
  enum_union: 'an enum union',
  nullable_union: 'a nullable union',
  null: 'a null branch',
};

const SEMANTIC_SET: ReadonlySet<string> = new Set(SEMANTIC_VALUES);
const KIND_KEY_SETS = new Map<Kind, ReadonlySet<string>>(
  (Object.keys(KIND_KEYS) as Kind[]).map((kind) => [kind, new Set(KIND_KEYS[kind])]),
);
const CONST_BRANCH_KEY_SET: ReadonlySet<string> = new Set(CONST_BRANCH_KEYS);
const ENUM_BRANCH_KEY_SET: ReadonlySet<string> = new Set(ENUM_BRANCH_KEYS);

/** Check a schema against the dialect; the schema is valid when `errors` is empty. */
export function checkSchema(schema: unknown): { errors: Diagnostic[]; warnings: Diagnostic[] } {
  const walker = new Walker();
  walker.root(schema);
  return walker.out.finish();
}

class Walker {
  readonly out = new DiagnosticCollector();
  private nodes = 0;
  private budgetReported = false;

  root(schema: unknown): void {
    if (!isPlainObject(schema)) {
      this.out.add('root_not_object', '$', `the root must be an object schema, got ${describeJsonType(schema)}`);
      return;
    }
    const kind = this.visit(schema, '$', 0);
    if (kind !== 'object') {
      const got = kind ? KIND_LABEL[kind] : 'a schema of unknown kind';
      this.out.add('root_not_object', '$', `the root must be an object schema (type "object"), got ${got}`);
      return;
    }
    const parsed = parseType(schema.type);
    if (parsed.ok && parsed.nullable) {
      // Accepted (the dialect table lists `["object", "null"]` as an object schema), but the
      // service never produces null: an extraction result is always an object.
      this.out.add('nullable_root', '$.type', 'the root is nullable, but an extraction result is always an object: null is never returned');
    }
  }

  /** Check one schema object and return its kind, so a union or the root can check it fits. */
  private visit(node: unknown, path: string, depth: number): Kind | undefined {
    if (depth > LIMITS.maxDepth) {
      this.out.add('schema_too_deep', path, `schemas may nest at most ${LIMITS.maxDepth} levels; not checked below here`);
      return undefined;
    }
    if (!this.takeBudget(path)) return undefined;
    if (!isPlainObject(node)) {
      this.out.add('invalid_type', path, `a schema must be a JSON object, got ${describeJsonType(node)}`);
      return undefined;
    }
    const kind = classify(node);
    this.checkKeys(node, path, kind ? KIND_KEY_SETS.get(kind)! : ALL_SCHEMA_KEYS, kind ? `in ${KIND_LABEL[kind]}` : 'in the extraction schema dialect');
    this.checkAnnotations(node, path);
    switch (kind) {
      case 'object':
        this.checkObject(node, path, depth);
        break;
      case 'array':
        this.checkType(node, path, 'array');
        if (!hasOwn(node, 'items')) this.out.add('missing_keyword', path, "an array schema requires 'items'");
        else this.visit(node.items, childPath(path, 'items'), depth + 1);
        break;
      case 'string':
        this.checkType(node, path, 'string');
        this.checkStringConstraints(node, path);
        break;
      case 'semantic_string':
        this.checkType(node, path, 'string');
        this.checkXService(node, path);
        break;
      case 'number':
      case 'integer':
      case 'boolean':
        this.checkType(node, path, kind);
        break;
      case 'enum':
        this.checkEnum(node, path);
        break;
      case 'enum_union':
      case 'nullable_union':
        this.checkUnion(node, path, depth, kind);
        break;
      case 'null':
        this.out.add('unsupported_type', childPath(path, 'type'), 'type "null" is only allowed as a branch of oneOf/anyOf');
        break;
      case undefined:
        if (!hasOwn(node, 'type')) this.out.add('missing_keyword', path, "a schema requires 'type' (or 'enum', 'oneOf', 'anyOf')");
        else this.checkType(node, path, undefined);
        break;
    }
    return kind;
  }

  /** Count a schema object against the document budget; false once it is exhausted. */
  private takeBudget(path: string): boolean {
    if (++this.nodes <= LIMITS.maxSchemaNodes) return true;
    if (!this.budgetReported) {
      this.budgetReported = true;
      this.out.add('schema_too_large', path, `a schema may contain at most ${LIMITS.maxSchemaNodes} schema objects; not checked from here on`);
    }
    return false;
  }

  /** `where` completes "'key' is not allowed ...", e.g. "in an array schema". */
  private checkKeys(node: JsonObject, path: string, allowed: ReadonlySet<string>, where: string): void {
    for (const key of Object.keys(node)) {
      if (allowed.has(key)) continue;
      this.out.add('unsupported_keyword', childPath(path, key), unsupportedKeyMessage(key, where));
    }
  }

  private checkAnnotations(node: JsonObject, path: string): void {
    for (const key of ['title', 'description']) {
      if (hasOwn(node, key) && typeof node[key] !== 'string') {
        this.out.add('invalid_type', childPath(path, key), `${key} must be a string, got ${describeJsonType(node[key])}`);
      }
    }
  }

  /** `expected` undefined: only the form of `type` is checked (the kind could not be told). */
  private checkType(node: JsonObject, path: string, expected: TypeName | undefined): void {
    if (!hasOwn(node, 'type')) {
      this.out.add('missing_keyword', path, "missing required keyword 'type'");
      return;
    }
    const typePath = childPath(path, 'type');
    const parsed = parseType(node.type);
    if (!parsed.ok) {
      this.out.add(parsed.code, typePath, parsed.message);
      return;
    }
    if (expected && parsed.base !== expected) {
      this.out.add('unsupported_type', typePath, `type must be "${expected}" or ["${expected}", "null"] here, got "${parsed.base}"`);
      return;
    }
    if (parsed.nullable && !NULLABLE_TYPES.has(parsed.base)) {
      this.out.add('unsupported_type', typePath, `type "${parsed.base}" cannot be nullable in this dialect`);
    }
  }

  private checkObject(node: JsonObject, path: string, depth: number): void {
    this.checkType(node, path, 'object');
    if (hasOwn(node, '$schema')) {
      const p = childPath(path, '$schema');
      if (typeof node.$schema !== 'string') {
        this.out.add('invalid_type', p, `$schema must be a string, got ${describeJsonType(node.$schema)}`);
      } else if (!ACCEPTED_SCHEMA_URIS.includes(node.$schema)) {
        this.out.add('invalid_value', p, `only JSON Schema draft 2020-12 is supported ("${ACCEPTED_SCHEMA_URIS[0]}")`);
      }
    }
    if (hasOwn(node, 'additionalProperties') && node.additionalProperties !== false) {
      this.out.add('invalid_value', childPath(path, 'additionalProperties'), 'additionalProperties, if present, must be false');
    }

    const propsPath = childPath(path, 'properties');
    const props = isPlainObject(node.properties) ? node.properties : undefined;
    let names: string[] = [];
    if (!hasOwn(node, 'properties')) {
      this.out.add('missing_keyword', path, "an object schema requires 'properties'");
    } else if (!props) {
      this.out.add('invalid_type', propsPath, `properties must be an object mapping names to schemas, got ${describeJsonType(node.properties)}`);
    } else {
      names = Object.keys(props);
      if (names.length === 0) this.out.add('empty_properties', propsPath, 'an object with no properties always extracts to {}');
      if (names.length > LIMITS.maxProperties) {
        this.out.add('too_many_properties', propsPath, `an object may have at most ${LIMITS.maxProperties} properties, got ${names.length}; only the first ${LIMITS.maxProperties} were checked`);
        names = names.slice(0, LIMITS.maxProperties);
      }
      for (const name of names) {
        // JavaScript consumers (Ajv among them) cannot carry this name as an ordinary key.
        if (name === '__proto__') this.out.add('reserved_property_name', childPath(propsPath, name), "'__proto__' cannot be used as a property name");
        this.visit(props[name], childPath(propsPath, name), depth + 1);
      }
    }

    const required = this.checkRequired(node, path, props);
    if (!props || !required) return;
    for (const name of names) {
      const prop = props[name];
      if (!required.has(name) && isPlainObject(prop) && !acceptsNull(prop)) {
        this.out.add('optional_not_nullable', childPath(propsPath, name), `'${name}' is neither required nor nullable, so an extractor may leave it out; list it in required or allow null`);
      }
    }
  }

  /** The set of required names, or undefined when `required` is unusable. */
  private checkRequired(node: JsonObject, path: string, props: JsonObject | undefined): Set<string> | undefined {
    const names = new Set<string>();
    if (!hasOwn(node, 'required')) return names;
    const reqPath = childPath(path, 'required');
    if (!Array.isArray(node.required)) {
      this.out.add('invalid_type', reqPath, `required must be an array of strings, got ${describeJsonType(node.required)}`);
      return undefined;
    }
    node.required.forEach((entry: unknown, i: number) => {
      const p = indexPath(reqPath, i);
      if (typeof entry !== 'string') {
        this.out.add('invalid_type', p, `required entries must be strings, got ${describeJsonType(entry)}`);
      } else if (names.has(entry)) {
        this.out.add('duplicate_required', p, `'${entry}' is listed in required more than once`);
      } else {
        names.add(entry);
        if (props && !hasOwn(props, entry)) {
          this.out.add('required_unknown_property', p, `required names '${entry}', which is not a property of this object`);
        }
      }
    });
    return names;
  }

  private checkStringConstraints(node: JsonObject, path: string): void {
    if (hasOwn(node, 'pattern')) {
      const p = childPath(path, 'pattern');
      if (typeof node.pattern !== 'string') {
        this.out.add('invalid_type', p, `pattern must be a string, got ${describeJsonType(node.pattern)}`);
      } else {
        // Unicode mode, as Ajv compiles patterns, so what passes here also compiles there.
        try {
          new RegExp(node.pattern, 'u');
        } catch (err) {
          this.out.add('invalid_pattern', p, `pattern is not a valid regular expression: ${(err as Error).message}`);
        }
      }
    }
    const min = this.checkLength(node, path, 'minLength');
    const max = this.checkLength(node, path, 'maxLength');
    if (min !== undefined && max !== undefined && min > max) {
      this.out.add('contradictory_length', childPath(path, 'minLength'), `minLength ${min} is greater than maxLength ${max}; no string satisfies both`);
    }
  }

  private checkLength(node: JsonObject, path: string, key: 'minLength' | 'maxLength'): number | undefined {
    if (!hasOwn(node, key)) return undefined;
    const v = node[key];
    const p = childPath(path, key);
    if (typeof v !== 'number') {
      this.out.add('invalid_type', p, `${key} must be an integer, got ${describeJsonType(v)}`);
      return undefined;
    }
    if (!Number.isSafeInteger(v) || v < 0) {
      this.out.add('invalid_value', p, `${key} must be an integer of at least 0, got ${v}`);
      return undefined;
    }
    return v;
  }

  private checkXService(node: JsonObject, path: string): void {
    const xs = node['x-service'];
    const p = childPath(path, 'x-service');
    if (!isPlainObject(xs)) {
      this.out.add('invalid_type', p, `x-service must be an object {semantic: ...}, got ${describeJsonType(xs)}`);
      return;
    }
    for (const key of Object.keys(xs)) {
      if (key !== 'semantic') this.out.add('unsupported_keyword', childPath(p, key), `x-service allows only 'semantic', not '${key}'`);
    }
    if (!hasOwn(xs, 'semantic')) {
      this.out.add('missing_keyword', p, "x-service requires 'semantic'");
    } else if (typeof xs.semantic !== 'string') {
      this.out.add('invalid_type', childPath(p, 'semantic'), `semantic must be a string, got ${describeJsonType(xs.semantic)}`);
    } else if (!SEMANTIC_SET.has(xs.semantic)) {
      this.out.add('invalid_semantic', childPath(p, 'semantic'), `'${xs.semantic}' is not an allowed semantic; allowed: ${SEMANTIC_VALUES.join(', ')}`);
    }
  }

  private checkEnum(node: JsonObject, path: string): void {
    this.checkType(node, path, 'string');
    if (hasOwn(node, 'x-service')) this.checkXService(node, path);
    const enumPath = childPath(path, 'enum');
    const values = this.checkEnumValues(node.enum, enumPath, true);
    const parsed = parseType(node.type);
    if (!values || !parsed.ok || parsed.base !== 'string') return;
    if (values.has(null) && !parsed.nullable) {
      this.out.add('enum_null_mismatch', enumPath, 'enum lists null but type does not allow null, so null is never valid; use ["string", "null"]');
    } else if (!values.has(null) && parsed.nullable) {
      this.out.add('enum_null_mismatch', enumPath, 'type allows null but enum does not list it, so null is never valid; add null to enum');
    }
  }

  /** Unique, non-empty, bounded values; returns them when the array could be read. */
  private checkEnumValues(values: unknown, path: string, allowNull: boolean): Set<string | null> | undefined {
    if (!Array.isArray(values)) {
      this.out.add('invalid_type', path, `enum must be an array, got ${describeJsonType(values)}`);
      return undefined;
    }
    if (values.length === 0) {
      this.out.add('empty_enum', path, 'enum must list at least one value');
      return undefined;
    }
    if (values.length > LIMITS.maxEnumValues) {
      this.out.add('enum_too_large', path, `enum may list at most ${LIMITS.maxEnumValues} values, got ${values.length}`);
      return undefined;
    }
    const seen = new Set<string | null>();
    values.forEach((v: unknown, i: number) => {
      const p = indexPath(path, i);
      if (typeof v !== 'string' && !(allowNull && v === null)) {
        const expected = allowNull ? 'strings or null' : 'strings (use a null branch for null)';
        this.out.add('invalid_type', p, `enum values must be ${expected}, got ${describeJsonType(v)}`);
      } else if (seen.has(v)) {
        this.out.add('duplicate_enum_value', p, `${JSON.stringify(v)} is listed more than once`);
      } else {
        seen.add(v);
      }
    });
    return seen;
  }

  private checkUnion(node: JsonObject, path: string, depth: number, kind: 'enum_union' | 'nullable_union'): void {
    const key = unionKey(node)!;
    if (hasOwn(node, 'oneOf') && hasOwn(node, 'anyOf')) {
      this.out.add('invalid_union', path, "use exactly one of 'oneOf' or 'anyOf', not both");
    }
    const branchesPath = childPath(path, key);
    const branches = node[key];
    if (!Array.isArray(branches)) {
      this.out.add('invalid_type', branchesPath, `${key} must be an array of schemas, got ${describeJsonType(branches)}`);
      return;
    }
    if (branches.length === 0) {
      this.out.add('invalid_union', branchesPath, `${key} must not be empty`);
      return;
    }
    if (depth + 1 > LIMITS.maxDepth) {
      this.out.add('schema_too_deep', branchesPath, `schemas may nest at most ${LIMITS.maxDepth} levels; not checked below here`);
      return;
    }
    if (kind === 'enum_union') this.checkEnumUnion(branches, branchesPath, key);
    else this.checkNullableUnion(branches, branchesPath, key, depth);
  }

  private checkEnumUnion(branches: unknown[], path: string, key: 'oneOf' | 'anyOf'): void {
    if (branches.length > LIMITS.maxEnumValues) {
      this.out.add('enum_too_large', path, `an enum union may have at most ${LIMITS.maxEnumValues} values, got ${branches.length} branches`);
      return;
    }
    const values = new Set<string>();
    let total = 0;
    let nullBranches = 0;
    // Under anyOf a value in two branches is merely redundant; under oneOf it is rejected.
    const overlap = (p: string, what: string) => {
      if (key === 'oneOf') this.out.add('overlapping_branches', p, `${what} is accepted by another branch too, so oneOf rejects it`);
    };
    branches.forEach((b, i) => {
      const p = indexPath(path, i);
      if (!this.takeBudget(p)) return;
      if (!isPlainObject(b)) {
        this.out.add('invalid_type', p, `a union branch must be a JSON object, got ${describeJsonType(b)}`);
        return;
      }
      if (hasOwn(b, 'const')) {
        this.checkKeys(b, p, CONST_BRANCH_KEY_SET, 'in a {const} enum union branch');
        this.checkAnnotations(b, p);
        if (typeof b.const !== 'string') {
          this.out.add('invalid_type', childPath(p, 'const'), `const must be a string, got ${describeJsonType(b.const)}`);
          return;
        }
        total++;
        if (values.has(b.const)) overlap(p, JSON.stringify(b.const));
        values.add(b.const);
      } else if (hasOwn(b, 'enum')) {
        this.checkKeys(b, p, ENUM_BRANCH_KEY_SET, 'in an {enum} enum union branch');
        this.checkAnnotations(b, p);
        const own = this.checkEnumValues(b.enum, childPath(p, 'enum'), false);
        if (!own) return;
        total += own.size;
        for (const v of own) {
          if (values.has(v as string)) overlap(p, JSON.stringify(v));
          values.add(v as string);
        }
      } else if (isNullBranch(b)) {
        this.checkNullBranch(b, p);
        if (++nullBranches > 1) overlap(p, 'null');
      } else {
        this.out.add('invalid_union', p, 'an enum union branch must be {const: string}, {enum: [strings]} or {type: "null"}');
      }
    });
    if (total > LIMITS.maxEnumValues) {
      this.out.add('enum_too_large', path, `an enum union may have at most ${LIMITS.maxEnumValues} values, got ${total}`);
    }
  }

  private checkNullableUnion(branches: unknown[], path: string, key: 'oneOf' | 'anyOf', depth: number): void {
    if (branches.length !== 2) {
      this.out.add('invalid_union', path, `a nullable union must have exactly two branches (a schema and {type: "null"}), got ${branches.length}`);
    }
    let nulls = 0;
    branches.forEach((b, i) => {
      const p = indexPath(path, i);
      if (isNullBranch(b)) {
        nulls++;
        if (this.takeBudget(p)) this.checkNullBranch(b as JsonObject, p);
        return;
      }
      const kind = this.visit(b, p, depth + 1);
      if (kind && !NULLABLE_UNION_VALUE_KINDS.has(kind)) {
        this.out.add('invalid_union', p, `a nullable union branch must be a string, number, integer, boolean or object schema, not ${KIND_LABEL[kind]}`);
      } else if (kind && key === 'oneOf' && acceptsNull(b)) {
        this.out.add('overlapping_branches', p, 'this branch accepts null as well as the null branch, so oneOf rejects null');
      }
    });
    if (branches.length === 2 && nulls !== 1) {
      const why = nulls === 0 ? 'has no null branch {type: "null"}' : 'has two null branches';
      this.out.add('invalid_union', path, `a nullable union ${why}`);
    }
  }

  private checkNullBranch(b: JsonObject, path: string): void {
    this.checkKeys(b, path, KIND_KEY_SETS.get('null')!, `in ${KIND_LABEL.null}`);
    this.checkAnnotations(b, path);
  }
}

// A Map, not an object literal: submitted keys such as '__proto__' must not hit the prototype.
const KEY_HINTS = new Map<string, string>([
  ['$schema', '; it is only allowed on object schemas'],
  ['const', '; it is only allowed in an enum union branch'],
  ['x-service', '; it is only allowed on string and enum schemas'],
]);

function unsupportedKeyMessage(key: string, where: string): string {
  return `'${key}' is not allowed ${where}${KEY_HINTS.get(key) ?? ''}`;
}
