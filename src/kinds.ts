// Names shared by every layer: the kinds of job and their statuses, the providers. This module is
// at the bottom of the import graph (it imports nothing), so providers, webhooks, metrics, storage
// and the domain can all name them without reaching up.

export type JobKind = 'extraction' | 'parse' | 'classification' | 'suggestion';
export const JOB_KINDS: readonly JobKind[] = ['extraction', 'parse', 'classification', 'suggestion'];

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'canceling', 'deleting', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

// The status lists, one name each (the job store's transitions start from these):
/** Ended: nothing moves the job any more (a terminal job may only be deleted). */
export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'canceled'];
/** At work or waiting to be: a cancel or a failure may still stop it. */
export const ACTIVE_STATUSES: readonly JobStatus[] = ['queued', 'running'];
/** Not ended (every status but the terminal ones): a workflow still has to bring the job to a terminal status. */
export const UNENDED_STATUSES = ['queued', 'running', 'canceling', 'deleting'] as const satisfies readonly JobStatus[];
export type UnendedStatus = (typeof UNENDED_STATUSES)[number];

export const isTerminal = (s: string) => (TERMINAL_STATUSES as readonly string[]).includes(s);

export const PROVIDER_NAMES = ['hosted_api', 'hosted_project_api', 'compatible_api'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];
