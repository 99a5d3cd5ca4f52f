// One job from the command line: upload, create, wait with progress on stderr, and on Ctrl-C
// (SIGINT) cancel the job this run created before exiting 130.
import { DocextractError, type DocextractClient, type FileRecord, type Job } from '../../clients/typescript/index.js';
import type { CliIo } from './io.js';
import { jobProgressView } from './progress.js';

export interface JobRun<J extends Job> {
  upload?: { content: Uint8Array; filename: string };
  /** Called with the uploaded file's record before the job is created (e.g. to list an e-mail's attachment files). */
  onUploaded?: (client: DocextractClient, file: FileRecord) => Promise<void>;
  create: (client: DocextractClient, fileId: string | undefined) => Promise<J>;
  timeoutMs: number;
}

/** Exit status after SIGINT (128 + 2), as shells report it. */
export const INTERRUPTED_EXIT = 130;

/** The completed job; a failed or canceled one throws a DocextractError with the job's error code. */
export async function runJob<J extends Job>(client: DocextractClient, io: Pick<CliIo, 'stderr'>, run: JobRun<J>): Promise<J> {
  const note = (text: string) => io.stderr.write(`${text}\n`);
  const abort = new AbortController();
  const view = jobProgressView(io.stderr);
  let job: J | undefined;
  let creating: Promise<J> | undefined;

  const onSigint = () => {
    abort.abort();
    view.stop();
    void (async () => {
      // A creation in flight may still produce a job: wait for it so it is canceled, not left running.
      const started = job ?? (await creating?.catch(() => undefined));
      if (started) {
        try {
          const now = await client.cancelJob(started.id);
          note(`canceled ${started.id} (${now.status})`);
        } catch (err) {
          note(`error ${err instanceof DocextractError ? err.code : 'cancel_failed'}: could not cancel ${started.id}`);
        }
      }
      process.exit(INTERRUPTED_EXIT);
    })();
  };
  process.once('SIGINT', onSigint);
  try {
    const uploaded = run.upload ? await client.uploadFile(run.upload.content, { filename: run.upload.filename }) : undefined;
    const fileId = uploaded?.id;
    if (uploaded) {
      note(`uploaded ${uploaded.id}`);
      await run.onUploaded?.(client, uploaded);
    }
    if (abort.signal.aborted) await new Promise(() => {}); // the SIGINT handler exits
    creating = run.create(client, fileId);
    job = await creating;
    note(`created ${job.id}`);
    view.update(job);
    const ended = await client
      .waitForJob(job, { timeoutMs: run.timeoutMs, signal: abort.signal, maxWaitSeconds: 1, onUpdate: (j) => view.update(j) })
      .catch(async (err: unknown) => {
        // Aborted by Ctrl-C: the SIGINT handler is canceling the job and exits.
        if (abort.signal.aborted) await new Promise(() => {});
        throw err;
      });
    view.stop();
    if (ended.status === 'failed') throw new DocextractError(ended.error?.code ?? 'internal_error', 0, `${ended.id} failed: ${ended.error?.message ?? ''}`);
    if (ended.status === 'canceled') throw new DocextractError('canceled', 0, `${ended.id} was canceled`);
    note(`${ended.id} completed`);
    return ended;
  } finally {
    view.stop();
    process.removeListener('SIGINT', onSigint);
  }
}
