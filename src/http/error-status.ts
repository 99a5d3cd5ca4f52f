// The one table from a ServiceError's code to its HTTP status (design.md, "HTTP conventions").
// A code missing here is a programming error: the edge answers it as 500 and logs it.
export const ERROR_STATUS: Readonly<Record<string, number>> = {
  not_found: 404,
  // Review of extraction jobs (issue 33).
  review_not_open: 409,
  stale_revision: 409,
  open_flags: 409,
  invalid_review_path: 422,
  output_schema_mismatch: 422,
};

/** The status for a code, or undefined when the table does not know it. */
export function statusOfCode(code: string): number | undefined {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, code) ? ERROR_STATUS[code] : undefined;
}
