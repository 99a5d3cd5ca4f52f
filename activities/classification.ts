import { Context } from '@temporalio/activity';
import { classificationResult, initialClassificationReview, withFlags } from '../src/classification/result.js';
import type { Classifier } from '../src/domain/classification/classifiers.js';
import { routeSegments } from '../src/domain/classification/routing.js';
import { warmRenderPool } from '../src/documents/index.js';
import { jobSpan, rangeOfRow } from '../src/long-documents/index.js';
import { recordJobFinished } from '../src/metrics/index.js';
import { runPageClassification } from '../src/providers/index.js';
import { clearJobRetries } from '../src/storage/call-retries.js';
import { answeredPages, pageAnswers, pageIsAnswered, recordClassificationResult, storePageAnswer } from '../src/storage/jobs/classification.js';
import * as jobs from '../src/storage/jobs/lifecycle.js';
import { findJobRow, findJobStatus, findJobStatuses } from '../src/storage/jobs/reads.js';
import type { ClassificationPlan, RecordOutcome } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';
import { DocumentCache, PagePrefetch, pageCountOf } from './documents.js';
import { jobFailure, translatingErrors } from './failures.js';
import { whileHeartbeating, withHeartbeat } from './heartbeat.js';
import { JobStopWatch } from './job-stop-watch.js';
import { outsideWorkspace } from '../src/storage/workspace-scope.js';
import { callModel } from './model-call.js';
import { sumUsage } from './parse.js';
import { askUntilUsable } from './output-attempts.js';
import { loadProviderSettings } from './provider-settings.js';

// Classification jobs (issue 44): one request per page (the fixed protocol of
// src/providers/classification-request.ts), each page's answer stored as it arrives, then the
// result (pages, class or segments, flags, review) computed from the stored answers.

/** Inline text as pages: a form feed starts a new page. */
export const textPagesOf = (text: string): string[] => text.split('\f');

export function classificationActivities(deps: ResolvedActivityDeps, documents: DocumentCache) {
  const { db, config, secrets, logger } = deps;
  const prefetch = new PagePrefetch(Math.max(config.renderPrefetchPages, config.pageConcurrency));
  // Read unscoped: the watch's timer keeps the workspace of the activity that started it, and the
  // jobs it watches may be of several workspaces (scoped, another's job would read as deleted).
  const stopWatch = new JobStopWatch((ids) => outsideWorkspace(() => findJobStatuses(db, 'classification', ids)));

  /** classifyPage's work; `stop` aborts the model call once the job was asked to stop. */
  async function classifyPageUntilStopped(jobId: string, page: number, modelSlots: number, stop: AbortSignal): Promise<'stored' | 'not_running'> {
    return translatingErrors(async () => {
      const job = await findJobRow(db, 'classification', jobId);
      if (!job || job.status !== 'running') return 'not_running';
      if (await pageIsAnswered(db, jobId, page)) return 'stored';
      const classifier = job.classifier_snapshot as Classifier;
      const log = logger.child({ job_id: jobId, workflow_id: jobId, page, attempt: Context.current().info.attempt });
      const settings = await loadProviderSettings(db, secrets, classifier.provider_name);
      let toClassify;
      if (job.file_id === null) {
        const pages = textPagesOf(job.source_text ?? '');
        toClassify = { text: pages[page - 1] ?? '', page, pageCount: pages.length };
      } else {
        const doc = await documents.load(job.file_id);
        const last = job.page_end ?? job.pages_total ?? page;
        // The page's text layer, whatever its source (OCR of a scanned page, once per file page).
        const [image, layer] = await withHeartbeat(() => Promise.all([prefetch.image(job.file_id!, doc, page, last, config), doc.pageLayer(config, page)]));
        if (layer.warning) log.warn(layer.warning);
        // The file's page count as stored at upload (never counted again per page).
        toClassify = { image, text: layer.text.trim() === '' ? null : layer.text.trim(), page, pageCount: await pageCountOf(doc, config) };
      }
      const target = { stop, jobId, callKey: `page:${page}`, settings, model: classifier.model, jobSlots: modelSlots, kind: 'classification' as const };
      return askUntilUsable(config.outputAttempts, log, async () => {
        const answer = await callModel(deps, target, (signal, gate) =>
          runPageClassification({ settings, config, definition: classifier, page: toClassify, signal, beforeSend: gate }),
        );
        await storePageAnswer(db, jobId, { page, class: answer.class, starts_document: answer.starts_document, confidence: answer.confidence, usage: answer.usage ?? null });
        return 'stored' as const;
      });
    });
  }

  return {
    /** queued → running; count the pages, record what is used, and list the pages not yet answered. */
    async claimAndPlanClassification(jobId: string): Promise<ClassificationPlan | 'not_running'> {
      return translatingErrors(async () => {
        if (!(await jobs.claimJob(db, 'classification', jobId)) && (await findJobStatus(db, 'classification', jobId)) !== 'running') return 'not_running';
        const job = (await findJobRow(db, 'classification', jobId))!;
        const classifier = job.classifier_snapshot as Classifier;
        if (job.file_id !== null) warmRenderPool();
        const fileTotal = job.file_id === null ? textPagesOf(job.source_text ?? '').length : await pageCountOf(await documents.load(job.file_id), config);
        const [first, last] = jobSpan(rangeOfRow(job), fileTotal);
        const pagesTotal = last - first + 1;
        if (job.file_id !== null && pagesTotal > config.extractionMaxPages) {
          throw jobFailure('document_too_many_pages', `The document has ${pagesTotal} pages; classification reads at most ${config.extractionMaxPages} (SERVICE_EXTRACTION_MAX_PAGES)`);
        }
        await jobs.recordPagesTotal(db, 'classification', jobId, pagesTotal);
        await jobs.recordModelUsed(db, 'classification', jobId, { provider_name_used: classifier.provider_name, model_used: classifier.model });
        const done = new Set(await answeredPages(db, jobId));
        const pendingPages: number[] = [];
        for (let p = first; p <= last; p++) if (!done.has(p)) pendingPages.push(p);
        return { pagesTotal, pendingPages };
      });
    },

    /**
     * Classify one page and store its answer at once; a page answered before is never asked again.
     * An answer outside the protocol is asked again up to SERVICE_OUTPUT_ATTEMPTS times, then the
     * job fails with its code, as extraction does. `modelSlots`: the job's bound on requests at the model.
     */
    async classifyPage(jobId: string, page: number, modelSlots: number): Promise<'stored' | 'not_running'> {
      // Watched before the row is read: a cancel or delete answered after that read ends this page at
      // once (its request aborted or never sent), so the job settles without waiting for every page
      // activity's cancellation to come back on its heartbeat. The workflow treats the page as not
      // stored; the workflow's own cancellation stops it from asking further pages.
      const stop = stopWatch.watch(jobId);
      try {
        return await classifyPageUntilStopped(jobId, page, modelSlots, stop.signal);
      } catch (err) {
        if (stop.signal.aborted && !Context.current().cancellationSignal.aborted) return 'not_running';
        throw err;
      } finally {
        stop.done();
      }
    },

    /**
     * The result from the stored answers (pages, class or segments, flags), the initial review, and
     * (route: true, no review pending) the segments routed to their extractors.
     */
    async finishClassification(jobId: string): Promise<RecordOutcome> {
      return whileHeartbeating(() => translatingErrors(async () => {
        const job = await findJobRow(db, 'classification', jobId);
        if (!job || job.status !== 'running') return 'not_running';
        const classifier = job.classifier_snapshot as Classifier;
        const stored = await pageAnswers(db, jobId);
        if (stored.length !== job.pages_total) throw jobFailure('internal_error', `Only ${stored.length} of ${job.pages_total} pages were classified`);
        const pages = stored.map((p) => ({ page: p.page, class: p.class, starts_document: p.starts_document, confidence: p.confidence }));
        const result = withFlags(classificationResult(job.mode, pages), classifier.review_threshold);
        const review = initialClassificationReview(classifier.review_threshold, result, new Date());
        // Result first, then routing, then completed: a client that reads `completed` finds the
        // routed jobs' ids (a retried attempt writes the same result and routes nothing twice).
        if (!(await recordClassificationResult(db, jobId, result, review))) return 'not_running';
        if (job.route) await routeSegments({ db, config, temporal: Context.current().client }, jobId);
        const completed = await jobs.completeJob(db, 'classification', jobId, { usage: sumUsage(stored.map((p) => p.usage)) });
        if (!completed) return 'not_running';
        recordJobFinished('classification', 'completed', { createdAt: completed.created_at, finishedAt: completed.completed_at });
        await clearJobRetries(db, jobId);
        logger.info({ job_id: jobId, workflow_id: jobId, pages: pages.length, review: review?.status ?? null }, 'classification completed');
        return 'recorded';
      }));
    },
  };
}
