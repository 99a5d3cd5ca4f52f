// Counts for the gauges of the present (metrics/present.ts) that read job rows, in one statement:
// extraction jobs waiting for a reviewer, by extractor (an evaluation run's jobs are not in the queue), and batch items still behind their
// batch's window.
import type { Db } from '../db.js';

export interface ReviewAndBatchCounts {
  /** Every extractor (0 when none of its jobs waits), so that a dashboard shows 0 rather than no data. */
  reviewsPending: Array<{ extractor: string; pending: number }>;
  /** Items of queued and running batches not yet handed to a workflow: waiting for the batch's window. */
  batchItemsWaiting: number;
}

export async function countReviewsAndBatchWindow(db: Db): Promise<ReviewAndBatchCounts> {
  const result = await db.raw(`
    SELECT 'review' AS what, e.name AS extractor, count(j.id)::int AS n
      FROM extractors e
      LEFT JOIN extraction_jobs j ON j.extractor_id = e.id AND j.review IS NOT NULL AND j.review->>'status' = 'pending' AND j.evaluation_run_id IS NULL
     GROUP BY e.name
    UNION ALL
    SELECT 'batch_window' AS what, '' AS extractor, coalesce(sum(greatest(total - next_index, 0)), 0)::int AS n
      FROM batches WHERE status IN ('queued', 'running')`);
  const rows = result.rows as Array<{ what?: string; extractor: string; n: number }>;
  return {
    reviewsPending: rows.filter((r) => r.what === 'review').map((r) => ({ extractor: r.extractor, pending: Number(r.n) })),
    batchItemsWaiting: Number(rows.find((r) => r.what === 'batch_window')?.n ?? 0),
  };
}
