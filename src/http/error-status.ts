// The one table from a ServiceError's code to its HTTP status (design.md, "HTTP conventions").
// A code missing here is a programming error: the edge answers it as 500 and logs it.
export const ERROR_STATUS: Readonly<Record<string, number>> = {
  not_found: 404,
  // Evaluation sets and runs (issue 34).
  evaluation_set_exists: 409,
  evaluation_set_in_use: 409,
  evaluation_set_empty: 400,
  job_not_reviewed: 409,
  evaluation_run_active: 409,
  evaluation_run_not_completed: 409,
  evaluation_sets_differ: 409,
  scheduler_unavailable: 503,
};

/** The status for a code, or undefined when the table does not know it. */
export function statusOfCode(code: string): number | undefined {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, code) ? ERROR_STATUS[code] : undefined;
}
