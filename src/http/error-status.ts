// The one table from a ServiceError's code to its HTTP status (design.md, "HTTP conventions").
// A code missing here is a programming error: the edge answers it as 500 and logs it.
export const ERROR_STATUS: Readonly<Record<string, number>> = {
  not_found: 404,
  // The provider's stored settings cannot work (model listing, provider status): a state conflict.
  provider_key_missing: 409,
  provider_key_unreadable: 409,
  provider_not_configured: 409,
};

/** The status for a code, or undefined when the table does not know it. */
export function statusOfCode(code: string): number | undefined {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, code) ? ERROR_STATUS[code] : undefined;
}
