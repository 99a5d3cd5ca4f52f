// Routing (issue 44): each segment whose class names an extractor becomes an ordinary extraction
// job over the segment's pages, with `classification_job_id` set. Runs when the classification job
// completes without a pending review, and again when its review is approved (with the approved
// segments). A segment routed once keeps its job: a repeated routing creates nothing twice.
import type { Client } from '@temporalio/client';
import { lowest, type PageAnswer, type PageSpan } from '../../classification/segments.js';
import type { ClassificationResult, ClassificationReview, ResultSegment } from '../../classification/result.js';
import type { Config } from '../../config/index.js';
import { lockClassificationJobForRouting, recordRoutedJobs } from '../../storage/jobs/classification.js';
import type { Db } from '../../storage/db.js';
import { insertExtractionJob } from '../../storage/jobs/extraction.js';
import { startJobWorkflow } from '../../temporal/job-workflows.js';
import type { Classifier } from './classifiers.js';
import { findExtractorByRef } from '../extractors.js';
import { newId } from '../ids.js';
import { jobsCreated } from '../../metrics/index.js';

export interface RoutingDeps {
  db: Db;
  config: Config;
  temporal: Client;
}

/** The segments routing uses: the approved (or not required) review's, else the model's. Null while a review is pending or after a rejection. */
export function segmentsToRoute(result: ClassificationResult, review: ClassificationReview | null): ResultSegment[] | null {
  const model = result.segments ?? [];
  if (!review) return model;
  if (review.status === 'pending' || review.status === 'rejected') return null;
  // The reviewed split: each segment's confidence from its pages, its routed job kept where the segment is unchanged.
  return review.reviewed_segments.map((s) => {
    const same = model.find((m) => m.class === s.class && m.pages.start === s.pages.start && m.pages.end === s.pages.end);
    return { class: s.class, pages: { ...s.pages }, confidence: confidenceOf(result.pages, s.pages), extraction_job_id: same?.extraction_job_id ?? null };
  });
}

const confidenceOf = (pages: PageAnswer[], span: PageSpan) => lowest(pages.filter((p) => p.page >= span.start && p.page <= span.end).map((p) => p.confidence));

/** Route what is not routed yet; returns the ids of the extraction jobs created. */
export async function routeSegments(deps: RoutingDeps, jobId: string): Promise<string[]> {
  const { db, config, temporal } = deps;
  const created: Array<{ id: string; extractor: string; fileId: string | null }> = [];
  await db.transaction(async (trx) => {
    const job = await lockClassificationJobForRouting(trx, jobId);
    // Running: the finishing step, once the result is written; completed: an approved review.
    if (!job || !['running', 'completed'].includes(job.status) || !job.result || !job.route || job.mode !== 'split') return;
    const result = job.result as ClassificationResult;
    const segments = segmentsToRoute(result, job.review as ClassificationReview | null);
    if (!segments) return;
    const classifier = job.classifier_snapshot as Classifier;
    const textPages = job.source_text === null ? null : job.source_text.split('\f');
    for (const segment of segments) {
      if (segment.extraction_job_id) continue;
      const extractorName = classifier.classes.find((c) => c.name === segment.class)?.extractor_name;
      if (!extractorName) continue;
      // Looked up as it is now: the extractor may have changed since the classifier was saved.
      const extractor = await findExtractorByRef(trx as unknown as Db, extractorName);
      if (!extractor) continue;
      const id = newId('extractionJob');
      await insertExtractionJob(trx, {
        id,
        extractor_id: extractor.id,
        extractor_snapshot: extractor,
        file_id: job.file_id,
        source_text: textPages ? textPages.slice(segment.pages.start - 1, segment.pages.end).join('\f') : null,
        ...(job.file_id ? { page_start: segment.pages.start, page_end: segment.pages.end } : {}),
        classification_job_id: jobId,
      });
      segment.extraction_job_id = id;
      created.push({ id, extractor: extractor.name, fileId: job.file_id });
    }
    await recordRoutedJobs(trx, jobId, segments);
  });
  // Started after the rows are committed; a start that fails leaves the job queued, and recovery
  // (src/domain/job-recovery.ts) starts it later.
  for (const job of created) {
    await startJobWorkflow(temporal, config, 'extraction', job.id, { job_kind: 'extraction', definition_name: job.extractor, file_id: job.fileId }).catch(() => undefined);
    jobsCreated.inc({ kind: 'extraction' });
  }
  return created.map((c) => c.id);
}
