import { compareRuns, type Report, type ScoredLeaf } from '../src/evaluation/scoring/index.js';
import { scoredLeavesOf, settleRunCanceled } from '../src/storage/evaluation-runs.js';
import { settleEvaluationJobsCanceled } from '../src/storage/jobs/evaluation.js';
import type { ResolvedActivityDeps } from './deps.js';
import { whileHeartbeating } from './heartbeat.js';

const ACTIVE_RUN = ['queued', 'running', 'canceling'];

type CandidateRuns = { baseline_run_id: string | null; candidate_run_id: string | null };
const runIdsOf = (row: CandidateRuns): string[] => [row.baseline_run_id, row.candidate_run_id].filter((id): id is string => typeof id === 'string');

/** The steps of a release-gate candidate's workflow (workflows/candidate.ts): all I/O, ids in and out. */
export function candidateActivities(deps: ResolvedActivityDeps) {
  const { db, logger } = deps;

  /** running → `status` with what goes with it; false when the candidate was no longer running. */
  const settle = async (candidateId: string, values: Record<string, unknown>): Promise<boolean> =>
    (await db('extractor_candidates').where({ id: candidateId, status: 'running' }).update({ ...values, completed_at: db.fn.now() })) === 1;

  /** Its runs still queued, running or canceling (never a shared baseline: only completed runs are shared) → canceled, with their jobs. */
  const settleActiveRunsCanceled = async (row: CandidateRuns): Promise<void> => {
    for (const runId of await db('evaluation_runs').whereIn('id', runIdsOf(row)).whereIn('status', ACTIVE_RUN).pluck('id')) {
      await settleEvaluationJobsCanceled(db, runId);
      await settleRunCanceled(db, runId);
    }
  };

  return {
    /**
     * The candidate's runs that have not ended yet (the workflow runs each as a child), or
     * 'not_running'. A candidate canceled before this step (the API marks it canceled, then asks
     * Temporal to cancel the workflow: this step can run between the two) has its runs settled
     * canceled here: they never start, and the workflow ends without reaching its cancellation path.
     */
    async candidateRunsToRun(candidateId: string): Promise<string[] | 'not_running'> {
      const row = await db('extractor_candidates').where({ id: candidateId }).first('status', 'baseline_run_id', 'candidate_run_id');
      if (!row) return 'not_running';
      if (row.status !== 'running') {
        await settleActiveRunsCanceled(row);
        return 'not_running';
      }
      const ids = runIdsOf(row);
      const active = await db('evaluation_runs').whereIn('id', ids).whereIn('status', ACTIVE_RUN).pluck('id');
      return ids.filter((id) => active.includes(id));
    },

    /**
     * Both runs ended: compare them (passed when nothing got worse, else regressed), or fail the
     * candidate with the code of what went wrong. Returns the candidate's status.
     */
    async judgeCandidate(candidateId: string): Promise<string> {
      return whileHeartbeating(async () => {
        const row = await db('extractor_candidates').where({ id: candidateId }).first('status', 'baseline_run_id', 'candidate_run_id');
        if (!row || row.status !== 'running') return row?.status ?? 'deleted';
        const runs = await db('evaluation_runs').whereIn('id', [row.baseline_run_id, row.candidate_run_id].filter(Boolean)).select('id', 'status', 'report');
        const statusOf = (id: string | null) => runs.find((r) => r.id === id)?.status ?? 'deleted';
        for (const [role, id] of [['baseline', row.baseline_run_id], ['candidate', row.candidate_run_id]] as const) {
          const status = statusOf(id);
          if (status !== 'completed') {
            const error = { code: `${role}_run_${status === 'deleted' ? 'missing' : 'not_completed'}`, message: `The ${role} evaluation run '${id}' ended ${status}, so there is nothing to compare` };
            await settle(candidateId, { status: 'failed', error: JSON.stringify(error) });
            return 'failed';
          }
        }
        // As GET /v1/evaluation-runs/{candidate}/compare/{baseline} answers (both runs are of the same set).
        const side = async (id: string) => ({ report: runs.find((r) => r.id === id)!.report as Report, leaves: await scoredLeavesOf<ScoredLeaf>(db, id) });
        const comparison = compareRuns(await side(row.candidate_run_id), await side(row.baseline_run_id));
        const status = comparison.regressions.length === 0 ? 'passed' : 'regressed';
        const recorded = await settle(candidateId, { status, comparison: JSON.stringify(comparison) });
        logger.info({ candidate_id: candidateId, status, regressions: comparison.regressions.length }, recorded ? 'candidate judged' : 'candidate stopped before its judgement');
        return recorded ? status : 'canceled';
      });
    },

    async failCandidate(candidateId: string, error: { code: string; message: string }): Promise<void> {
      await settle(candidateId, { status: 'failed', error: JSON.stringify(error) });
    },

    /**
     * Cancelled: running → canceled (the API may have done so already). A run whose workflow never
     * started (cancelled before its child began) is settled here; started ones settled themselves.
     */
    async settleCanceledCandidate(candidateId: string): Promise<void> {
      await settle(candidateId, { status: 'canceled' });
      const row = await db('extractor_candidates').where({ id: candidateId }).first('baseline_run_id', 'candidate_run_id');
      if (row) await settleActiveRunsCanceled(row);
    },
  };
}
