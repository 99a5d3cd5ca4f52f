// Each rule's pass rate over an evaluation run's answers (docs/rules.md): how often the extractor
// version's rules held on what the model extracted. Items that did not complete are left out.
import { evaluateRules, type Rule } from '../../rules/index.js';
import { ratio } from './metrics.js';

export interface RuleRate {
  id: string;
  kind: Rule['kind'];
  passed: number;
  failed: number;
  /** Answers the rule did not apply to (a value it reads was null, or a date unreadable). */
  not_applicable: number;
  /** passed / (passed + failed); null when the rule applied to no answer. */
  pass_rate: number | null;
}

/** One entry per rule, in the rules' order, over the extracted data of every completed item. */
export function ruleRates(rules: readonly Rule[] | null | undefined, answers: readonly unknown[]): RuleRate[] {
  const list = rules ?? [];
  const counts = list.map(() => ({ passed: 0, failed: 0, not_applicable: 0 }));
  for (const data of answers) {
    evaluateRules(list, data).forEach((r, i) => {
      const c = counts[i]!;
      if (r.passed === true) c.passed++;
      else if (r.passed === false) c.failed++;
      else c.not_applicable++;
    });
  }
  return list.map((rule, i) => {
    const c = counts[i]!;
    const rate = ratio(c.passed, c.passed + c.failed);
    return { id: rule.id, kind: rule.kind, ...c, pass_rate: rate === null ? null : Math.round(rate * 1e6) / 1e6 };
  });
}
