// What the extractor schema says about fields that scoring needs: which ones are dates.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Field pointers (`*` for array items) whose schema has `x-service: {semantic: "date"}`. */
export function dateFields(schema: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown, at: string) => {
    if (!isObject(node)) return;
    const ext = node['x-service'];
    if (isObject(ext) && ext.semantic === 'date') found.add(at);
    if (isObject(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) walk(child, `${at}/${escapePointer(key)}`);
    }
    if (node.items !== undefined) walk(node.items, `${at}/*`);
    for (const union of [node.oneOf, node.anyOf]) {
      if (Array.isArray(union)) for (const branch of union) walk(branch, at);
    }
  };
  walk(schema, '');
  return found;
}

/** RFC 6901: `~` → `~0`, `/` → `~1`. */
export const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
