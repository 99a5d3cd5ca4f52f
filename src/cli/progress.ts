// How a running job shows on stderr: a live bar (pages done/total, from the job's `progress`) on a
// terminal, one plain line per change otherwise (logs, CI, pipes). A job whose model calls are being
// retried says so ("waiting for the model: provider_unavailable — …"), so that a missing model server
// does not look like a slow job.
import cliProgress from 'cli-progress';
import { describeWaiting, type Job } from '../../clients/typescript/index.js';

export interface JobProgressView {
  update(job: Job): void;
  /** Leave the bar (or last line) as it is and release the terminal. */
  stop(): void;
}

export function jobProgressView(stream: NodeJS.WriteStream = process.stderr): JobProgressView {
  return stream.isTTY ? new BarView(stream) : new LineView(stream);
}

const pagesOf = (job: Job) => (job.progress ? `${job.progress.pages_completed}/${job.progress.pages_total}` : '-/-');
/** The status, followed by what the job waits for when it is retrying a model call. */
const statusOf = (job: Job) => {
  const waiting = describeWaiting(job);
  return waiting ? `${job.status} | ${waiting}` : job.status;
};

class BarView implements JobProgressView {
  private readonly bar: cliProgress.SingleBar;
  private started = false;

  constructor(stream: NodeJS.WriteStream) {
    this.bar = new cliProgress.SingleBar(
      {
        stream,
        format: '{job} [{bar}] {pages} pages | {status}',
        barsize: 30,
        hideCursor: true,
        // Repaint on a timer as well, so the bar keeps up with a terminal resize.
        fps: 5,
        // The bar stays on screen when done: the last state is what the user wants to see.
        clearOnComplete: false,
        stopOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
  }

  update(job: Job): void {
    const total = job.progress?.pages_total ?? 0;
    const done = job.progress?.pages_completed ?? 0;
    const payload = { job: job.id, pages: pagesOf(job), status: statusOf(job) };
    if (!this.started) {
      this.bar.start(Math.max(total, 1), done, payload);
      this.started = true;
      return;
    }
    if (total > 0) this.bar.setTotal(total);
    this.bar.update(done, payload);
  }

  stop(): void {
    if (this.started) this.bar.stop();
    this.started = false;
  }
}

class LineView implements JobProgressView {
  private last = '';
  constructor(private readonly stream: NodeJS.WriteStream) {}

  update(job: Job): void {
    // One line per change of state or of retry attempt, not per second of the countdown.
    const key = `${job.id} ${job.status} ${pagesOf(job)} ${job.retry ? `${job.retry.attempt} ${job.retry.last_error_code}` : ''}`;
    const waiting = describeWaiting(job);
    if (key !== this.last) this.stream.write(`${job.id} ${job.status} ${pagesOf(job)} pages${waiting ? ` | ${waiting}` : ''}\n`);
    this.last = key;
  }

  stop(): void {}
}
