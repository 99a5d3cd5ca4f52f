// Rules on extractors (docs/rules.md): validated against the schema when an extractor is written,
// evaluated on every answer and every review correction; a failed rule flags its values.
export { validateRules, type RuleError, type RulesValidation } from './validate.js';
export { evaluateRules, evaluateRule, failedRulePaths, compilePattern } from './evaluate.js';
export { RULE_KINDS, MAX_RULES, RULE_ID_PATTERN, DEFAULT_SUM_TOLERANCE, type Rule, type RuleKind, type RuleResult } from './types.js';
export { readDate, toNumber } from './values.js';
export { withRuleFlags, anyRuleFailed } from './flags.js';
