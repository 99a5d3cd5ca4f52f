export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'canceling', 'deleting', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'canceled'];
/** Statuses a job's workflow may still be working in. */
export const ACTIVE_STATUSES: readonly JobStatus[] = ['queued', 'running'];

export const isTerminal = (s: string) => (TERMINAL_STATUSES as readonly string[]).includes(s);

export type JobKind = 'extraction' | 'parse';
export const JOB_TABLES: Record<JobKind, string> = { extraction: 'extraction_jobs', parse: 'parse_jobs' };
