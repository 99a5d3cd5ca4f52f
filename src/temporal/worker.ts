import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker, bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createActivities } from '../../activities/index.js';
import type { ActivityDeps } from '../../activities/deps.js';

export const WORKFLOWS_PATH = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));

/** Bundle the workflow code once; tests reuse one bundle across many workers. */
export function bundleWorkflows(): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quietBundlerLogger });
}

export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  bundle?: WorkflowBundleWithSourceMap;
  /** Upper bound on activities run at once (page concurrency is bounded in the workflow too). */
  maxConcurrentActivities?: number;
}

export async function createWorker(deps: ActivityDeps, opts: WorkerOptions): Promise<Worker> {
  const connection = await NativeConnection.connect({ address: opts.address });
  return Worker.create({
    connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    ...(opts.bundle ? { workflowBundle: opts.bundle } : { workflowsPath: WORKFLOWS_PATH }),
    activities: createActivities(deps),
    maxConcurrentActivityTaskExecutions: opts.maxConcurrentActivities ?? 64,
  });
}

const quietBundlerLogger = {
  error: (m: string, meta?: unknown) => console.error(m, meta ?? ''),
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  log: () => {},
};
