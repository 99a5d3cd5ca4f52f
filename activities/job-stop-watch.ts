import type { JobStatus } from '../src/domain/job-status.js';

/** How often the statuses of the watched jobs are read while any is watched. */
export const STOP_WATCH_EVERY_MS = 100;

/** Statuses that say the job was asked to stop (or is gone): its model requests are of no use. */
const STOPPED = new Set<string>(['canceling', 'deleting', 'canceled']);

/**
 * Which of a worker process's jobs were asked to stop, read from Postgres: one query every
 * STOP_WATCH_EVERY_MS for all the jobs whose activities are in flight here, none while nothing is
 * watched. A page activity of a canceled job ends at once (it aborts its request and returns), so
 * the job settles within a poll of the cancel instead of after each activity's cancellation came
 * back on its own heartbeat, one workflow task each (issue 44: a 300-page packet cancels within 2 s).
 */
export class JobStopWatch {
  private readonly watched = new Map<string, Set<AbortController>>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    /** The statuses of these jobs; a job missing from the map has been deleted. */
    private readonly readStatuses: (ids: string[]) => Promise<Map<string, JobStatus>>,
    private readonly everyMs = STOP_WATCH_EVERY_MS,
  ) {}

  /** A signal aborted once `jobId` is seen canceling, deleting, canceled or deleted; call `done` when the activity ends. */
  watch(jobId: string): { signal: AbortSignal; done: () => void } {
    const controller = new AbortController();
    let set = this.watched.get(jobId);
    if (!set) this.watched.set(jobId, (set = new Set()));
    set.add(controller);
    this.timer ??= this.schedule();
    const done = () => {
      const current = this.watched.get(jobId);
      current?.delete(controller);
      if (current?.size === 0) this.watched.delete(jobId);
    };
    return { signal: controller.signal, done };
  }

  /** Number of activities watched (for tests). */
  get size(): number {
    let n = 0;
    for (const set of this.watched.values()) n += set.size;
    return n;
  }

  /** The next read; it does not keep the process alive (a stopping worker waits for its activities, not for this). */
  private schedule(): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => void this.poll(), this.everyMs);
    timer.unref?.();
    return timer;
  }

  private async poll(): Promise<void> {
    const ids = [...this.watched.keys()];
    try {
      if (ids.length > 0) {
        const statuses = await this.readStatuses(ids);
        for (const id of ids) {
          const status = statuses.get(id);
          if (status !== undefined && !STOPPED.has(status)) continue;
          for (const controller of this.watched.get(id) ?? []) controller.abort(new JobStopped(id, status ?? 'deleted'));
          this.watched.delete(id);
        }
      }
    } catch {
      // The database is away: the activities' own cancellation (heartbeats) still reaches them.
    } finally {
      this.timer = this.watched.size > 0 ? this.schedule() : undefined;
    }
  }
}

/** The reason a watched job's signal aborts. */
export class JobStopped extends Error {
  constructor(
    readonly jobId: string,
    readonly status: string,
  ) {
    super(`The job ${jobId} is ${status}`);
    this.name = 'JobStopped';
  }
}
