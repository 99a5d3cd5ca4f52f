// How deep JSON may nest wherever it enters the service (request bodies, and through them stored
// examples, evaluation expected outputs and review values; model answers). Values nested
// thousands of levels deep were accepted and then broke recursive code later (a RangeError
// "Maximum call stack size exceeded" in an activity, retried for ever): the bound is checked once,
// where the value enters, before anything is stored.

/** Levels of the deepest schema the dialect accepts (src/schema-dialect/dialect.ts LIMITS.maxDepth). */
const SCHEMA_DIALECT_DEPTH = 32;

/**
 * Most levels of nesting (objects and arrays) a JSON value may have: a schema at the dialect's
 * limit takes two JSON levels per schema level (`properties` → name → schema), and 64 levels more
 * leave room for the body that carries it (and for values such as examples and expected outputs,
 * whose nesting follows their schema's).
 */
export const MAX_JSON_DEPTH = 2 * SCHEMA_DIALECT_DEPTH + 64;

/**
 * The path to the first value nested deeper than `max` levels (the top-level object or array is
 * level 1), or undefined when `value` stays within it. Iterative, so a value of any depth is
 * measured without growing the call stack.
 */
export function tooDeepAt(value: unknown, max: number = MAX_JSON_DEPTH): (string | number)[] | undefined {
  const stack: Array<{ node: unknown; path: (string | number)[] }> = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (path.length + 1 > max) return path;
    const entries: Array<[string | number, unknown]> = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
    for (const [key, child] of entries) {
      if (child !== null && typeof child === 'object') stack.push({ node: child, path: [...path, key] });
    }
  }
  return undefined;
}
