// A failed rule is a flag reason (`rule:<id>`) on each value it names, so review, batches,
// evaluation and webhooks treat it as any other flag (design.md, "Rules are pure").
import { leaves, type ConfidenceMap, type Flag } from '../confidence/index.js';
import { failedRulePaths } from './evaluate.js';
import type { RuleResult } from './types.js';

const RULE_REASON = /^rule:/;

/**
 * The leaves of `data` a rule path names: the leaf itself, every leaf under a list or object, or for
 * a value under a null parent that parent (the leaf a reviewer can correct).
 */
function leavesOf(path: string, all: Set<string>): string[] {
  if (all.has(path)) return [path];
  const under = [...all].filter((p) => p.startsWith(`${path}/`));
  if (under.length > 0) return under;
  for (let p = path; p.lastIndexOf('/') > 0; ) {
    p = p.slice(0, p.lastIndexOf('/'));
    if (all.has(p)) return [p];
  }
  return [];
}

/**
 * `flags` with the rule reasons of `results`: every earlier `rule:` reason is dropped first (a flag
 * left without reasons goes), then each failed rule's reason is added to the leaves it names. In
 * document order, as buildFlags returns them; a new flag takes its value's confidence.
 */
export function withRuleFlags(flags: readonly Flag[], results: readonly RuleResult[], data: unknown, confidence: ConfidenceMap | null | undefined): Flag[] {
  const order = leaves(data).map((l) => l.pointer);
  const all = new Set(order);
  const byPath = new Map<string, Flag>();
  for (const f of flags) {
    const reasons = f.reasons.filter((r) => !RULE_REASON.test(r));
    if (reasons.length > 0) byPath.set(f.path, { ...f, reasons });
  }
  for (const [path, ids] of failedRulePaths(results)) {
    for (const leaf of leavesOf(path, all)) {
      const flag = byPath.get(leaf) ?? { path: leaf, reasons: [], confidence: confidence?.[leaf] ?? null };
      for (const id of ids) if (!flag.reasons.includes(`rule:${id}`)) flag.reasons = [...flag.reasons, `rule:${id}`];
      byPath.set(leaf, flag);
    }
  }
  const rank = new Map(order.map((p, i) => [p, i]));
  return [...byPath.values()].sort((a, b) => (rank.get(a.path) ?? Infinity) - (rank.get(b.path) ?? Infinity));
}

/** True when any rule failed: the job goes to review even when its extractor has no threshold. */
export const anyRuleFailed = (results: readonly RuleResult[]): boolean => results.some((r) => r.passed === false);
