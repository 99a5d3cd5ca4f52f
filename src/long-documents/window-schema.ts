// The window schema: the extractor's schema with every property allowed to be null. A window
// sees only some pages, so a field whose value is elsewhere in the document is legitimately null
// there; the merged answer is validated against the real schema afterwards.
import type { JsonSchema } from '../providers/types.js';

const isNullBranch = (b: JsonSchema) => b && b.type === 'null';

function nullable(node: JsonSchema): JsonSchema {
  if (!node || typeof node !== 'object') return node;
  const union = Array.isArray(node.oneOf) ? 'oneOf' : Array.isArray(node.anyOf) ? 'anyOf' : null;
  if (union) {
    const branches = (node[union] as JsonSchema[]).map((b) => (isNullBranch(b) ? b : inner(b)));
    return { ...node, [union]: branches.some(isNullBranch) ? branches : [...branches, { type: 'null' }] };
  }
  const out = inner(node);
  if (out.type !== undefined) {
    const types: unknown[] = Array.isArray(out.type) ? out.type : [out.type];
    if (!types.includes('null')) out.type = [...types, 'null'];
  }
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

/** The node with its children made nullable (the node itself unchanged). */
function inner(node: JsonSchema): JsonSchema {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: JsonSchema = { ...node };
  if (out.properties && typeof out.properties === 'object') {
    out.properties = Object.fromEntries(Object.entries(out.properties as Record<string, JsonSchema>).map(([k, v]) => [k, nullable(v)]));
  }
  // A list's items are never null themselves, but their properties may be.
  if (out.items && typeof out.items === 'object' && !Array.isArray(out.items)) out.items = inner(out.items);
  return out;
}

/** Every property (at any depth of objects) may be null; the root stays a non-null object. */
export function windowSchema(schema: JsonSchema): JsonSchema {
  return inner(schema);
}
