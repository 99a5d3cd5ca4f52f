// Workflow tasks that fail (a payload over Temporal's limit, a non-deterministic change, a bug in
// workflow code). Temporal retries such a task without end, each attempt logged by the SDK: this
// counts every attempt, and ./../runtime/workflow-task-failures.ts turns the lines into one error
// line per run.
import { Counter } from 'prom-client';
import { registry } from './index.js';

export const workflowTaskFailures = new Counter({
  name: 'docextract_workflow_task_failures_total',
  help: 'Failed workflow task attempts reported by the Temporal SDK of this process (each is retried by Temporal; a rising count is a run stuck in a loop).',
  registers: [registry],
});
