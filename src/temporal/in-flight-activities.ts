// The activities a worker process is running right now, by type and workflow id (issue 45): while
// a stopping worker waits for them, it says what it waits for instead of going quiet for the
// shutdown grace. Filled by an activity interceptor the worker installs.
import type { Context } from '@temporalio/activity';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';

export class InFlightActivities {
  private readonly running = new Map<object, string>();

  /** The interceptor to pass to Worker.create (interceptors.activity). */
  readonly interceptor: ActivityInterceptorsFactory = (ctx: Context) => ({
    inbound: {
      execute: async (input, next) => {
        const key = {};
        this.running.set(key, `${ctx.info.activityType} (${ctx.info.workflowExecution?.workflowId ?? 'no workflow'})`);
        try {
          return await next(input);
        } finally {
          this.running.delete(key);
        }
      },
    },
  });

  /** e.g. ["runBatchSlice (batch_…)", "transcribePage (pjob_…)"]. */
  list(): string[] {
    return [...this.running.values()].sort();
  }
}
