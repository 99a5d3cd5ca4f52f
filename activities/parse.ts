import type { ParserSnapshot } from '../src/domain/parse-jobs.js';
import { recordJobFinished } from '../src/metrics/index.js';
import { clearJobRetries } from '../src/storage/call-retries.js';
import { askAvoidingLoops, isDegenerateText } from '../src/long-documents/degenerate.js';
import { parseAdapterFor, runPageTranscription, type GenerationSettings } from '../src/providers/index.js';
import type { ParsePlan, RecordOutcome } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';
import { warmRenderPool } from '../src/documents/index.js';
import { DocumentCache, PagePrefetch, pageCountOf } from './documents.js';
import { jobFailure, translatingErrors } from './failures.js';
import { withHeartbeat } from './heartbeat.js';
import { callModel } from './model-call.js';
import { writePaidAnswer } from './paid-answer.js';
import { loadProviderSettings } from './provider-settings.js';
import * as jobs from '../src/storage/jobs/lifecycle.js';
import { findJobRow } from '../src/storage/jobs/reads.js';
import { recordParsePlan } from '../src/storage/jobs/parse.js';
import { storeJobBlocksWithin } from '../src/domain/retrieval/job-blocks.js';
import { pageIsStored, storedPageNumbers, storedPageUsage, storePage } from '../src/storage/jobs/results.js';

/** Completion is a local activity of 30 s: reading the text layer for blocks may take at most this. */
const BLOCKS_BUDGET_MS = 10_000;

export function parseActivities(deps: ResolvedActivityDeps, documents: DocumentCache) {
  const { db, config, secrets, logger } = deps;
  // At least one page ahead per page in flight: the C pages at the model are followed by C more,
  // which must be ready when their answers come back, or every round waits for rendering.
  const prefetch = new PagePrefetch(Math.max(config.renderPrefetchPages, config.pageConcurrency));

  async function loadJob(jobId: string) {
    return findJobRow(db, 'parse', jobId);
  }

  return {
    /**
     * Count the pages, record what will be used (provider, model, adapter), and list the pages
     * not yet stored, so a job resumed after a crash never redoes finished pages.
     */
    async planParseJob(jobId: string): Promise<ParsePlan> {
      return translatingErrors(async () => {
        const job = await loadJob(jobId);
        if (!job) throw jobFailure('job_missing', `Parse job '${jobId}' no longer exists`);
        const snapshot = job.parser_snapshot as ParserSnapshot;
        warmRenderPool(); // the threads start while the file is read
        // The count stored at upload: the file is not read for it.
        const pagesTotal = await pageCountOf(await documents.load(job.file_id), config);
        await recordParsePlan(db, jobId, {
          pages_total: pagesTotal,
          provider_name_used: snapshot.provider_name,
          model_used: snapshot.model,
          reasoning_effort_used: snapshot.reasoning_effort,
          model_adapter_used: parseAdapterFor(snapshot.model, config),
        });
        const done = new Set(await storedPageNumbers(db, jobId));
        const pendingPages = Array.from({ length: pagesTotal }, (_, i) => i + 1).filter((n) => !done.has(n));
        return { pagesTotal, pendingPages };
      });
    },

    /**
     * Transcribe one page and store it at once. A page already stored is not requested again.
     * `modelSlots` (runs since MODEL_SLOTS): the job's bound on requests at the model; the page
     * renders and builds its request before a slot is free and waits for one only to send it.
     */
    async transcribePage(jobId: string, pageNumber: number, modelSlots?: number): Promise<void> {
      return translatingErrors(async () => {
        const job = await loadJob(jobId);
        if (!job || !['running', 'queued'].includes(job.status)) return; // stopped: nothing to do
        if (await pageIsStored(db, jobId, pageNumber)) return;
        const snapshot = job.parser_snapshot as ParserSnapshot;
        const settings = await loadProviderSettings(db, secrets, snapshot.provider_name);
        const doc = await documents.load(job.file_id);
        // Heartbeat while the page renders: in a busy pool this can outlast the heartbeat timeout,
        // and a timed-out attempt would be retried and render the page again.
        // The page's text layer is read beside it (OCR of a scan, once per file page): the blocks
        // of the completed job get their boxes from it.
        const [image, layer] = await withHeartbeat(() =>
          Promise.all([
            prefetch.image(job.file_id, doc, pageNumber, job.pages_total ?? pageNumber, config),
            doc.pageLayer(config, pageNumber),
          ]),
        );
        if (layer.warning) logger.warn({ job_id: jobId, workflow_id: jobId, page: pageNumber }, layer.warning);
        const target = { kind: 'parse' as const, jobId, callKey: `page:${pageNumber}`, settings, model: snapshot.model, ...(modelSlots ? { jobSlots: modelSlots } : {}) };
        const ask = (generation: GenerationSettings | undefined) => callModel(deps, target, (signal, gate) =>
          runPageTranscription({
            settings,
            config,
            definition: {
              instructions: snapshot.instructions,
              model: snapshot.model,
              reasoningEffort: snapshot.reasoning_effort as never,
            },
            image,
            signal,
            beforeSend: gate,
            ...(generation ? { generation } : {}),
          }),
        );
        // A page that loops (one table row over and over) is asked again once with a frequency
        // penalty, and never stored as the answer.
        const outcome = await askAvoidingLoops(ask, (a) => isDegenerateText(a.markdown), () =>
          logger.warn({ job_id: jobId, workflow_id: jobId, page: pageNumber }, 'degenerate transcription, asking again with a frequency penalty'),
        );
        if (!outcome) {
          throw jobFailure('output_degenerate', `The transcription of page ${pageNumber} repeats the same line over and over, also when asked again`);
        }
        const answer = outcome.answer;
        // Paid for: held through a database outage rather than asked again.
        await writePaidAnswer(() => storePage(db, { job_id: jobId, page_number: pageNumber, content: answer.markdown, usage: answer.usage ?? null }), logger.child({ job_id: jobId, page: pageNumber }), `page ${pageNumber}`);
        logger.debug({ job_id: jobId, workflow_id: jobId, page: pageNumber }, 'page transcribed');
      });
    },

    /** running → completed once every page is stored; token usage is summed over the pages. */
    async completeParseJob(jobId: string): Promise<RecordOutcome> {
      const job = await loadJob(jobId);
      if (!job) return 'not_running';
      const pages = await storedPageUsage(db, jobId);
      if (pages.length !== job.pages_total) {
        throw jobFailure('internal_error', `Only ${pages.length} of ${job.pages_total} pages were stored`);
      }
      const usage = sumUsage(pages.map((p) => p.usage));
      if (job.status === 'running') await storeBlocks(jobId, job.file_id);
      const completed = await jobs.completeJob(db, 'parse', jobId, { usage });
      const n = completed ? 1 : 0;
      if (completed) recordJobFinished('parse', 'completed', { createdAt: completed.created_at, finishedAt: completed.completed_at });
      await clearJobRetries(db, jobId);
      logger.info({ job_id: jobId, workflow_id: jobId, pages: pages.length }, n === 1 ? 'parse completed' : 'parse finished after the job was stopped');
      return n === 1 ? 'recorded' : 'not_running';
    },
  };

  /**
   * The pages' blocks (retrieval), stored before the job reads completed. A failure here does not
   * fail the job: its blocks are then computed on the first read of its chunks, tables or result.
   */
  async function storeBlocks(jobId: string, fileId: string): Promise<void> {
    try {
      if (!(await storeJobBlocksWithin(db, jobId, await documents.load(fileId), BLOCKS_BUDGET_MS))) {
        logger.info({ job_id: jobId, workflow_id: jobId }, 'text layer too slow to read at completion; blocks computed on first read');
      }
    } catch (err) {
      logger.warn({ job_id: jobId, workflow_id: jobId, err: (err as Error).message }, 'blocks not computed at completion; they will be on first read');
    }
  }
}

type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };

export function sumUsage(items: (Usage | null)[]): Usage | null {
  const present = items.filter((u): u is Usage => !!u);
  if (present.length === 0) return null;
  return present.reduce(
    (a, u) => ({
      prompt_tokens: a.prompt_tokens + (u.prompt_tokens ?? 0),
      completion_tokens: a.completion_tokens + (u.completion_tokens ?? 0),
      total_tokens: a.total_tokens + (u.total_tokens ?? 0),
    }),
    { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  );
}
