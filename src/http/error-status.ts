// The one table from a ServiceError's code to its HTTP status (design.md, "HTTP conventions").
// A code missing here is a programming error: the edge answers it as 500 and logs it.
// New codes thrown below HTTP: one line here (and the code in openapi.yaml's responses).
// Errors of the HTTP protocol itself (401, 403, 405, 413, the multipart 415) are raised at the
// edge with their status (ApiError in ./errors.ts) and are not in this table; that is why
// `unsupported_media_type` is 400 here (the bytes are no PDF, PNG or JPEG: a domain rule) and 415
// where the edge refuses a request that is not multipart/form-data.
export const ERROR_STATUS: Readonly<Record<string, number>> = {
  // 400: input the domain refuses
  empty_file: 400,
  unsupported_media_type: 400,
  document_encrypted: 400,
  document_corrupt: 400,
  document_too_large: 400,
  document_empty: 400,
  document_too_many_pages: 400,
  document_page_too_large: 400,
  converter_unavailable: 400,
  conversion_timeout: 400,
  invalid_schema: 400,
  invalid_example: 400,
  model_required: 400,
  name_mismatch: 400,
  invalid_api_key: 400,
  invalid_provider_configuration: 400,
  webhook_url_invalid: 400,
  webhook_url_forbidden: 400,
  webhook_url_unresolvable: 400,
  // 404
  not_found: 404,
  // 409: the state of a resource forbids it
  file_in_use: 409,
  extractor_in_use: 409,
  parser_in_use: 409,
  prebuilt_read_only: 409,
  name_taken: 409,
  job_not_failed: 409,
  batch_not_ended: 409,
  job_in_batch: 409,
  nothing_to_retry: 409,
  idempotency_key_in_use: 409,
  // 422
  idempotency_key_reused: 422,
  too_many_inputs: 422,
  // Rules on extractors (issue 51): a rule of an unknown kind, a pointer outside the schema, ...
  invalid_rules: 422,
  // 502: the provider refused or did not answer (model listing)
  provider_error: 502,
  // 503: retry later (with Retry-After)
  persistence_busy: 503,
  scheduler_unavailable: 503,
  // Object storage (issue 53): the bucket cannot be reached.
  storage_unavailable: 503,
  // Direct uploads (issue 53): none with Postgres storage; completed before the PUT, with another
  // size than announced, or after the upload expired; a converted format past SERVICE_MAX_UPLOAD_BYTES
  // (a multipart upload's size is refused at the edge with the same code).
  direct_uploads_unavailable: 409,
  upload_incomplete: 409,
  upload_size_mismatch: 409,
  upload_expired: 410,
  file_too_large: 413,
  // Batches from and to buckets (issue 53): no bucket with SERVICE_STORAGE=postgres; a source prefix without objects.
  bucket_batches_unavailable: 409,
  source_empty: 422,
  // Review of extraction jobs (issue 33).
  review_not_open: 409,
  stale_revision: 409,
  open_flags: 409,
  invalid_review_path: 422,
  // Packets (issue 44): a page range that does not fit the file; a class naming a missing extractor.
  invalid_page_range: 422,
  unknown_extractor: 422,
  classifier_in_use: 409,
  invalid_segments: 422,
  evaluation_items_unsuitable: 422,
  output_schema_mismatch: 422,
  // Evaluation sets and runs (issue 34).
  evaluation_set_exists: 409,
  evaluation_set_in_use: 409,
  evaluation_set_empty: 409,
  job_not_reviewed: 409,
  evaluation_run_active: 409,
  evaluation_run_not_completed: 409,
  extractor_changed: 409,
  evaluation_sets_differ: 409,
  // Retrieval reads of a parse job (issue 41): chunks, tables and the document need a completed job.
  job_not_completed: 409,
  // The release gate (issue 40).
  evaluation_set_missing: 409,
  candidate_not_finished: 409,
  regressions_found: 409,
  evaluation_run_not_comparable: 409,
  // The provider's stored settings cannot work (model listing, provider status): a state conflict.
  provider_key_missing: 409,
  provider_key_unreadable: 409,
  provider_not_configured: 409,
  // Workspaces (issue 42): quotas and rate limits (429 with Retry-After), deletion refused.
  rate_limited: 429,
  quota_exceeded: 429,
  workspace_is_default: 409,
  workspace_has_running_jobs: 409,
};

/** The status for a code, or undefined when the table does not know it. */
export function statusOfCode(code: string): number | undefined {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, code) ? ERROR_STATUS[code] : undefined;
}
