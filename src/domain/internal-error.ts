/**
 * What a client reads for an `internal_error`; the details are in the service log. Shared by the
 * activity that records it and the workflow that fails with the job's recorded message.
 */
export const INTERNAL_ERROR_MESSAGE = 'The job failed because of an internal error of the service; its log has the details under this job id';
