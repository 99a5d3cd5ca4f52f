// Suggested rules (issue 51, deliverable 4) checked before they are returned: only rules a user
// could PUT on the extractor with the suggested schema are kept. Pure.
//
// TODO(lead): a minimal local check of the rule shapes of issue 51 (deliverable 1); replace its
// body with the rules validator of branch h51rules (src/rules) once both are merged, so suggested
// rules are validated exactly as user rules are.

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const KINDS: Record<string, { pointers: string[]; optionalPointers?: string[] }> = {
  sum: { pointers: ['items', 'equals'] },
  regex: { pointers: ['path'] },
  range: { pointers: ['path'] },
  required: { pointers: ['path'] },
  date_order: { pointers: ['before', 'after'] },
  equals: { pointers: ['path', 'other'] },
};

export interface RulesCheck {
  accepted: unknown[];
  rejected: Array<{ rule: unknown; reason: string }>;
}

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a JSON Pointer (`*` standing for every item of an array) names a field of the schema. */
export function pointerInSchema(pointer: string, schema: Record<string, any>): boolean {
  if (!pointer.startsWith('/')) return false;
  let node: any = schema;
  for (const raw of pointer.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = valueBranch(node);
    if (!isObject(node)) return false;
    if (part === '*') {
      if (!isObject(node.items)) return false;
      node = node.items;
    } else if (isObject(node.properties) && Object.prototype.hasOwnProperty.call(node.properties, part)) {
      node = node.properties[part];
    } else {
      return false;
    }
  }
  return true;
}

/** A nullable union's value branch (where properties or items are). */
function valueBranch(node: any): any {
  const branches = isObject(node) ? (node.oneOf ?? node.anyOf) : undefined;
  return Array.isArray(branches) ? (branches.find((b) => isObject(b) && b.type !== 'null') ?? node) : node;
}

function reasonAgainst(rule: unknown, schema: Record<string, any>, seen: Set<string>): string | null {
  if (!isObject(rule)) return 'a rule must be an object';
  if (typeof rule.id !== 'string' || !ID.test(rule.id)) return "'id' must be 1-64 URL-safe characters";
  if (seen.has(rule.id)) return `the id '${rule.id}' is used twice`;
  const kind = KINDS[rule.kind as string];
  if (!kind) return `unknown kind '${String(rule.kind)}'`;
  for (const field of kind.pointers) {
    if (typeof rule[field] !== 'string') return `'${field}' must be a JSON Pointer`;
    if (!pointerInSchema(rule[field], schema)) return `'${field}' (${rule[field]}) names no field of the schema`;
  }
  if (rule.kind === 'regex') {
    if (typeof rule.pattern !== 'string') return "'pattern' must be a string";
    try {
      new RegExp(rule.pattern, 'u');
    } catch {
      return "'pattern' is not a valid regular expression";
    }
  }
  if (rule.kind === 'range') {
    for (const b of ['min', 'max']) if (rule[b] !== undefined && typeof rule[b] !== 'number') return `'${b}' must be a number`;
  }
  if (rule.kind === 'sum' && rule.tolerance !== undefined && (typeof rule.tolerance !== 'number' || rule.tolerance < 0)) return "'tolerance' must be a number ≥ 0";
  return null;
}

/** Keep the suggested rules that are valid against the suggested schema (at most 50, as on an extractor). */
export function checkSuggestedRules(rules: unknown[], schema: Record<string, unknown>): RulesCheck {
  const out: RulesCheck = { accepted: [], rejected: [] };
  const seen = new Set<string>();
  for (const rule of rules) {
    const reason = out.accepted.length >= 50 ? 'an extractor has at most 50 rules' : reasonAgainst(rule, schema as Record<string, any>, seen);
    if (reason) out.rejected.push({ rule, reason });
    else {
      seen.add((rule as { id: string }).id);
      out.accepted.push(rule);
    }
  }
  return out;
}
