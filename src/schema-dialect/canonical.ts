// Canonical form of an accepted dialect schema. Normal-form rules:
//  1. Keys of every schema object appear in one fixed order per kind: `$schema`, `title`,
//     `description`, `type`, then `properties`, `required`, `additionalProperties` (object),
//     `items` (array), `pattern`, `minLength`, `maxLength` (string), `enum` (enum),
//     `x-service` (semantic string, enum), `oneOf`/`anyOf` (unions). Enum-union branches are
//     `title`, `description`, then `const` or `enum`; null branches `title`, `description`, `type`.
//  2. A nullable type is always written `[T, "null"]` (never `["null", T]`).
//  3. `required` lists the object's property names in property order; entries naming no property
//     (reported as warnings) follow in their submitted order. An empty `required` is omitted.
//  4. A nullable union lists its value branch first and its null branch second. The union keyword
//     (`oneOf` or `anyOf`) is kept as submitted, because the two differ when branches overlap.
//  5. `$schema`, where present, is written without a trailing `#`.
//  6. Everything else is kept as submitted: property order, enum value order, enum-union branch
//     order (they carry meaning for prompts), annotations and `additionalProperties: false`
//     (present or absent as submitted; adding it would change which data validate).
// Only keys the dialect allows are ever copied, so canonicalising a canonical schema returns it
// unchanged.
import {
  CONST_BRANCH_KEYS,
  DRAFT_2020_12,
  ENUM_BRANCH_KEYS,
  KIND_KEYS,
  classify,
  hasOwn,
  isNullBranch,
  isPlainObject,
  parseType,
  unionKey,
  type JsonObject,
} from './dialect.js';

/**
 * The canonical form of a schema that the validator accepted (no errors). The input is not
 * modified; the result shares no objects with it.
 */
export function canonicalize(schema: JsonObject): JsonObject {
  return canonicalNode(schema);
}

function canonicalNode(node: JsonObject): JsonObject {
  const kind = classify(node);
  if (kind === 'enum_union' || kind === 'nullable_union') return canonicalUnion(node, kind);
  if (kind === undefined) throw new Error('canonicalize() needs a schema the dialect validator accepted');

  const out: JsonObject = {};
  for (const key of KIND_KEYS[kind]) {
    if (!hasOwn(node, key)) continue;
    const value = node[key];
    switch (key) {
      case '$schema':
        set(out, key, DRAFT_2020_12);
        break;
      case 'type':
        set(out, key, canonicalType(value));
        break;
      case 'properties':
        set(out, key, canonicalProperties(value as JsonObject));
        break;
      case 'required': {
        const required = canonicalRequired(value as string[], node.properties as JsonObject);
        if (required.length > 0) set(out, key, required);
        break;
      }
      case 'items':
        set(out, key, canonicalNode(value as JsonObject));
        break;
      case 'x-service':
        set(out, key, { semantic: (value as JsonObject).semantic });
        break;
      case 'enum':
        set(out, key, [...(value as unknown[])]);
        break;
      default: // title, description, pattern, minLength, maxLength, additionalProperties: scalars
        set(out, key, value);
    }
  }
  return out;
}

function canonicalType(value: unknown): string | string[] {
  const parsed = parseType(value);
  if (!parsed.ok) throw new Error('canonicalize() needs a schema the dialect validator accepted');
  return parsed.nullable ? [parsed.base, 'null'] : parsed.base;
}

function canonicalProperties(props: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const name of Object.keys(props)) set(out, name, canonicalNode(props[name] as JsonObject));
  return out;
}

function canonicalRequired(required: string[], props: JsonObject): string[] {
  const listed = new Set(required);
  const known = Object.keys(props).filter((name) => listed.has(name));
  const unknown = required.filter((name) => !hasOwn(props, name));
  return [...known, ...unknown];
}

function canonicalUnion(node: JsonObject, kind: 'enum_union' | 'nullable_union'): JsonObject {
  const key = unionKey(node)!;
  const branches = node[key] as JsonObject[];
  const out: JsonObject = {};
  copyAnnotations(node, out);
  if (kind === 'nullable_union') {
    const value = branches.find((b) => !isNullBranch(b))!;
    const nul = branches.find(isNullBranch)!;
    set(out, key, [canonicalNode(value), canonicalNullBranch(nul)]);
  } else {
    set(out, key, branches.map(canonicalEnumBranch));
  }
  return out;
}

function canonicalEnumBranch(branch: JsonObject): JsonObject {
  if (isNullBranch(branch)) return canonicalNullBranch(branch);
  const out: JsonObject = {};
  for (const key of hasOwn(branch, 'const') ? CONST_BRANCH_KEYS : ENUM_BRANCH_KEYS) {
    if (!hasOwn(branch, key)) continue;
    set(out, key, key === 'enum' ? [...(branch.enum as string[])] : branch[key]);
  }
  return out;
}

function canonicalNullBranch(branch: JsonObject): JsonObject {
  const out: JsonObject = {};
  copyAnnotations(branch, out);
  set(out, 'type', 'null');
  return out;
}

function copyAnnotations(from: JsonObject, to: JsonObject): void {
  for (const key of ['title', 'description']) if (hasOwn(from, key)) set(to, key, from[key]);
}

// defineProperty, not assignment: no submitted key can ever reach a prototype (defence in depth;
// the validator already rejects a property named "__proto__").
function set(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
