// Suggested rules (issue 51, deliverable 4) checked before they are returned, with the validator of
// an extractor's own rules (src/rules): only rules a user could PUT on the extractor with the
// suggested schema are kept, each judged on its own (one bad rule does not lose the others). Pure.
import { MAX_RULES, validateRules, type Rule } from '../rules/index.js';

export interface RulesCheck {
  accepted: Rule[];
  rejected: Array<{ rule: unknown; reason: string }>;
}

/** Keep the suggested rules that are valid against the suggested schema (ids unique, at most MAX_RULES). */
export function checkSuggestedRules(rules: unknown[], schema: Record<string, unknown>): RulesCheck {
  const out: RulesCheck = { accepted: [], rejected: [] };
  const ids = new Set<string>();
  for (const rule of rules) {
    if (out.accepted.length >= MAX_RULES) {
      out.rejected.push({ rule, reason: `an extractor has at most ${MAX_RULES} rules` });
      continue;
    }
    const checked = validateRules([rule], schema);
    if (!checked.ok) {
      out.rejected.push({ rule, reason: checked.errors.map((e) => e.reason).join('; ') });
      continue;
    }
    const [valid] = checked.rules as [Rule];
    if (ids.has(valid.id)) {
      out.rejected.push({ rule, reason: `the id '${valid.id}' is used twice` });
      continue;
    }
    ids.add(valid.id);
    out.accepted.push(valid);
  }
  return out;
}
