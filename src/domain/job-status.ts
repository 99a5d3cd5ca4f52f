// The job kinds and statuses live in src/kinds.ts (below every layer); re-exported here for the
// domain's readers. The job tables themselves are the job store's alone (src/storage/jobs/).
export { ACTIVE_STATUSES, JOB_STATUSES, TERMINAL_STATUSES, isTerminal, type JobKind, type JobStatus } from '../kinds.js';
