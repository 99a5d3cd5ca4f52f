import { fileURLToPath } from 'node:url';
import {
  NativeConnection,
  Worker,
  bundleWorkflowCode,
  type ActivityInterceptorsFactory,
  type WorkflowBundleOption,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import { createActivities, type Activities } from '../../activities/index.js';
import type { ActivityDeps } from '../../activities/deps.js';
import { unfixableErrors } from '../../activities/unfixable-errors.js';
import { workspaceOfWorkflow } from '../../activities/workspace-scope.js';

export const WORKFLOWS_PATH = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));

/** Bundle the workflow code once; tests reuse one bundle across many workers. */
export function bundleWorkflows(): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quietBundlerLogger });
}

export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  /** A prebuilt bundle (in memory, or `{ codePath }` of its code on disk); bundled on start when absent. */
  bundle?: WorkflowBundleOption;
  /** Upper bound on activities run at once (page concurrency is bounded in the workflow too). */
  maxConcurrentActivities?: number;
  /**
   * After shutdown is requested: how long running activities may go on before they are cancelled
   * (a cancelled attempt fails and Temporal retries it, on this or another worker).
   */
  shutdownGraceMs?: number;
  /** The activities to run (default: createActivities(deps)); a fault test wraps them to inject errors. */
  activities?: Activities;
  /** How Temporal names this worker (SERVICE_WORKER_IDENTITY); the SDK's `pid@host` when absent. */
  identity?: string;
  /** How long a workflow task waits on this worker's sticky queue (SDK default: 10 s). */
  stickyQueueScheduleToStartTimeoutMs?: number;
  /** Interceptors of every activity (the process's list of activities in flight). */
  activityInterceptors?: ActivityInterceptorsFactory[];
}

export async function createWorker(deps: ActivityDeps, opts: WorkerOptions): Promise<Worker> {
  const connection = await NativeConnection.connect({ address: opts.address });
  try {
    return await Worker.create({
      connection,
      namespace: opts.namespace,
      taskQueue: opts.taskQueue,
      ...(opts.bundle ? { workflowBundle: opts.bundle } : { workflowsPath: WORKFLOWS_PATH }),
      activities: opts.activities ?? createActivities(deps),
      // Every activity runs as its workflow's workspace; an error no retry can fix ends its activity
      // failed with a code, never retried for ever; then the caller's own (the process's activities in flight).
      interceptors: { activity: [workspaceOfWorkflow(deps.db), unfixableErrors(deps.logger), ...(opts.activityInterceptors ?? [])] },
      maxConcurrentActivityTaskExecutions: opts.maxConcurrentActivities ?? 64,
      // Heartbeats carry cancellation back to an activity: send them every 300 ms (as
      // activities/heartbeat.ts beats) so a cancel or delete aborts the in-flight model request
      // within about a second, inside the 2 s the API promises, not at the 80%-of-timeout default.
      maxHeartbeatThrottleInterval: '300 milliseconds',
      defaultHeartbeatThrottleInterval: '300 milliseconds',
      ...(opts.shutdownGraceMs !== undefined ? { shutdownGraceTime: opts.shutdownGraceMs } : {}),
      ...(opts.identity ? { identity: opts.identity } : {}),
      ...(opts.stickyQueueScheduleToStartTimeoutMs !== undefined ? { stickyQueueScheduleToStartTimeout: opts.stickyQueueScheduleToStartTimeoutMs } : {}),
    });
  } catch (err) {
    await connection.close();
    throw err;
  }
}

const quietBundlerLogger = {
  error: (m: string, meta?: unknown) => console.error(m, meta ?? ''),
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  log: () => {},
};
