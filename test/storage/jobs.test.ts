// The job store (src/storage/jobs/) against the harness's Postgres: every transition is one
// guarded statement that applies only from the statuses it may start from, and says whether it did.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReviewState, ReviewStatus } from '../../src/confidence/review-state.js';
import { newId } from '../../src/domain/ids.js';
import { findExtractorByRef } from '../../src/domain/extractors.js';
import { createDb, type Db } from '../../src/storage/db.js';
import * as jobs from '../../src/storage/jobs/lifecycle.js';
import { upsertClassifier } from '../../src/storage/classifiers.js';
import { insertClassificationJob, recordClassificationResult, writeClassificationReview } from '../../src/storage/jobs/classification.js';
import { findExtractionJobForRead, insertExtractionJob, recordExtractionModelUsed, writeReview } from '../../src/storage/jobs/extraction.js';
import { findJobRow, findJobStatus, jobIsRunning } from '../../src/storage/jobs/reads.js';
import { countStoredPages, storedWindows, storeWindow, windowIsStored } from '../../src/storage/jobs/results.js';
import { readHarnessInfo } from '../harness/harness-info.js';

let db: Db;
let extractor: { id: string; name: string };

beforeAll(async () => {
  db = createDb(readHarnessInfo().databaseUrl, 2);
  extractor = (await findExtractorByRef(db, 'receipt'))!;
});

afterAll(async () => {
  await db?.destroy();
});

async function textJob(): Promise<string> {
  const id = newId('extractionJob');
  const row = await insertExtractionJob(db, { id, extractor_id: extractor.id, extractor_snapshot: extractor, file_id: null, source_text: 'total 3' });
  expect(row).toMatchObject({ id, status: 'queued', extractor_snapshot: { name: 'receipt' } });
  return id;
}

describe('job store transitions', () => {
  it('claims a queued job once, completes a running one once, and never overwrites a terminal status', async () => {
    const id = await textJob();
    expect(await jobs.claimJob(db, 'extraction', id)).toBe(true);
    expect(await jobs.claimJob(db, 'extraction', id)).toBe(false);
    expect(await recordExtractionModelUsed(db, id, { provider_name_used: 'compatible_api', model_used: 'm' })).toBe(true);
    const ended = await jobs.completeJob(db, 'extraction', id, { result: { data: { total: 3 } }, usage: null });
    expect(ended?.completed_at).toBeInstanceOf(Date);
    expect(await jobs.completeJob(db, 'extraction', id, { result: { data: {} }, usage: null })).toBeUndefined();
    expect(await jobs.failJob(db, 'extraction', id, { code: 'internal_error', message: 'late' })).toBeUndefined();
    expect(await jobs.requestCancel(db, 'extraction', id)).toBe(false);
    expect(await findJobRow(db, 'extraction', id)).toMatchObject({ status: 'completed', result: { data: { total: 3 } }, model_used: 'm' });
    expect(await jobs.deleteTerminalJob(db, 'extraction', id)).toBe(true);
    expect(await findJobStatus(db, 'extraction', id)).toBeUndefined();
  });

  it('cancel: requested from queued or running, settled once; a canceling job is not completed by a late activity', async () => {
    const id = await textJob();
    expect(await jobs.claimJob(db, 'extraction', id)).toBe(true);
    expect(await jobs.requestCancel(db, 'extraction', id)).toBe(true);
    expect(await jobs.requestCancel(db, 'extraction', id)).toBe(false);
    expect(await jobs.completeJob(db, 'extraction', id, { result: { data: {} }, usage: null })).toBeUndefined();
    expect(await jobIsRunning(db, 'extraction', id)).toBe(false);
    expect(await jobs.settleCanceling(db, 'extraction', id)).toBeDefined();
    expect(await jobs.settleCanceling(db, 'extraction', id)).toBeUndefined();
    expect(await findJobStatus(db, 'extraction', id)).toBe('canceled');
  });

  it('a stopped request records canceled only while no slot of the job is live, and only from canceling (issue 48)', async () => {
    const id = await textJob();
    const lease = `job:${id}`;
    expect(await jobs.claimJob(db, 'extraction', id)).toBe(true);
    // Running: not asked to stop, nothing to record.
    expect(await jobs.settleCancelingIfIdle(db, 'extraction', id, lease)).toBeUndefined();
    expect(await jobs.requestCancel(db, 'extraction', id)).toBe(true);
    // Another request of the job still holds a live slot: it may be open at the provider.
    await db('provider_leases').insert({ provider_name: lease, slot: 0, holder: 'other-window', expires_at: db.raw("now() + interval '20 seconds'"), server_started_at: db.raw('pg_postmaster_start_time()') });
    expect(await jobs.settleCancelingIfIdle(db, 'extraction', id, lease)).toBeUndefined();
    expect(await findJobStatus(db, 'extraction', id)).toBe('canceling');
    // An expired slot (a dead worker's) holds nothing open.
    await db('provider_leases').where({ provider_name: lease }).update({ expires_at: db.raw("now() - interval '1 second'") });
    const ended = await jobs.settleCancelingIfIdle(db, 'extraction', id, lease);
    expect(ended?.completed_at).toBeInstanceOf(Date);
    expect(await jobs.settleCancelingIfIdle(db, 'extraction', id, lease)).toBeUndefined();
    // The workflow's settle finds it canceled and ends nothing again.
    expect(await jobs.settleStoppedJob(db, 'extraction', id)).toEqual({ outcome: 'canceled' });
    await db('provider_leases').where({ provider_name: lease }).delete();

    // A delete that came first is never turned into canceled.
    const deleting = await textJob();
    expect(await jobs.requestDelete(db, 'extraction', deleting)).toBe(true);
    expect(await jobs.settleCancelingIfIdle(db, 'extraction', deleting, `job:${deleting}`)).toBeUndefined();
    expect(await findJobStatus(db, 'extraction', deleting)).toBe('deleting');
  });

  it('settles a stopped job: deleting is removed, canceling becomes canceled, terminal stays', async () => {
    const deleting = await textJob();
    expect(await jobs.requestDelete(db, 'extraction', deleting)).toBe(true);
    expect((await jobs.settleStoppedJob(db, 'extraction', deleting)).outcome).toBe('deleted');
    expect(await findJobStatus(db, 'extraction', deleting)).toBeUndefined();

    const canceling = await textJob();
    expect(await jobs.requestCancel(db, 'extraction', canceling)).toBe(true);
    expect((await jobs.settleStoppedJob(db, 'extraction', canceling)).outcome).toBe('canceled');
    expect((await jobs.settleStoppedJob(db, 'extraction', canceling)).outcome).toBe('canceled');
    expect(await jobs.deleteDeletingJob(db, 'extraction', canceling)).toBe(false);
  });

  it('retry: only a failed job is requeued, and a retry that cannot start puts it back as it was', async () => {
    const id = await textJob();
    expect(await jobs.requeueFailedJob(db, 'extraction', id)).toBe(false);
    expect(await jobs.claimJob(db, 'extraction', id)).toBe(true);
    expect(await jobs.failJob(db, 'extraction', id, { code: 'provider_rejected', message: 'no' })).toBeDefined();
    const failed = (await jobs.findFailedState(db, 'extraction', id))!;
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'provider_rejected', message: 'no' } });
    expect(await jobs.requeueFailedJob(db, 'extraction', id)).toBe(true);
    expect(await findJobRow(db, 'extraction', id)).toMatchObject({ status: 'queued', error: null, started_at: null, completed_at: null });
    expect(await jobs.restoreFailedJob(db, 'extraction', id, failed)).toBe(true);
    expect(await findJobRow(db, 'extraction', id)).toMatchObject({ status: 'failed', error: failed.error, started_at: failed.started_at });
    expect(await jobs.removeJob(db, 'extraction', id)).toBe(true);
    expect(await jobs.removeJob(db, 'extraction', id)).toBe(false);
  });

  it('stores each window once and counts its pages as progress', async () => {
    const id = await textJob();
    expect(await jobs.claimJob(db, 'extraction', id)).toBe(true);
    expect(await jobs.recordPagesTotal(db, 'extraction', id, 4)).toBe(true);
    await storeWindow(db, { job_id: id, first_page: 1, last_page: 2, data: { a: 1 }, usage: null });
    await storeWindow(db, { job_id: id, first_page: 1, last_page: 2, data: { a: 2 }, usage: null });
    expect(await windowIsStored(db, id, 1)).toBe(true);
    expect(await windowIsStored(db, id, 3)).toBe(false);
    expect(await storedWindows(db, id)).toEqual([{ first_page: 1, last_page: 2, data: { a: 1 }, usage: null, confidence: null }]);
    expect(await findExtractionJobForRead(db, id)).toMatchObject({ pages_total: 4, pages_completed: 2, latest_retry: null });
    expect(await countStoredPages(db, id)).toBe(0);
    await jobs.removeJob(db, 'extraction', id);
  });

  it('writes a review only on a completed job: a classification job as an extraction job', async () => {
    const review = (revision: number, status: ReviewStatus): ReviewState => ({ status, revision, reviewed_data: { total: 3 }, updated_at: new Date().toISOString() });
    // An extraction job has no review until it completes; a running one is refused.
    const extraction = await textJob();
    expect(await jobs.claimJob(db, 'extraction', extraction)).toBe(true);
    expect(await writeReview(db, extraction, 1, review(2, 'approved'))).toBe(false);
    expect(await jobs.completeJob(db, 'extraction', extraction, { result: { data: { total: 3 } }, usage: null, review: review(1, 'pending') })).toBeDefined();
    expect(await writeReview(db, extraction, 1, review(2, 'approved'))).toBe(true);

    // A classification job records its result and review while running (before routing): a
    // decision then must be refused too, and accepted once the job has completed.
    const { row: classifier } = await upsertClassifier(db, {
      id: newId('classifier'),
      name: `store-review-${Date.now()}`,
      display_name: 'Store review',
      instructions: '',
      classes: [{ name: 'invoice', description: 'an invoice', extractor_name: null }],
      provider_name: 'compatible_api',
      model: 'm',
      review_threshold: 0.9,
    });
    const id = newId('classificationJob');
    await insertClassificationJob(db, { id, classifier_id: classifier.id, classifier_snapshot: classifier, file_id: null, source_text: 'an invoice', mode: 'document', route: false, page_start: null, page_end: null });
    expect(await jobs.claimJob(db, 'classification', id)).toBe(true);
    const pending = { status: 'pending', revision: 1, reviewed_segments: [], updated_at: new Date().toISOString() };
    expect(await recordClassificationResult(db, id, { segments: [] }, pending)).toBe(true);
    expect(await writeClassificationReview(db, id, 1, { ...pending, status: 'approved', revision: 2 })).toBe(false);
    expect(await findJobRow(db, 'classification', id)).toMatchObject({ status: 'running', review: { status: 'pending', revision: 1 } });
    expect(await jobs.completeJob(db, 'classification', id, { usage: null })).toBeDefined();
    expect(await writeClassificationReview(db, id, 1, { ...pending, status: 'approved', revision: 2 })).toBe(true);
    expect(await findJobRow(db, 'classification', id)).toMatchObject({ status: 'completed', review: { status: 'approved', revision: 2 } });
    await jobs.removeJob(db, 'classification', id);
    await jobs.removeJob(db, 'extraction', extraction);
    await db('classifiers').where({ id: classifier.id }).delete();
  });
});
