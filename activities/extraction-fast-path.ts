import type { ExtractionWindowPlan, RecordOutcome, WindowOutcome } from '../workflows/types.js';
import type { jobStatusActivities } from './job-status.js';
import type { longExtractionActivities } from './long-extraction.js';

type Steps = Pick<ReturnType<typeof jobStatusActivities>, 'claimJob'> &
  Pick<ReturnType<typeof longExtractionActivities>, 'planExtractionWindows' | 'extractWindow' | 'finishExtraction'>;

/**
 * The fast path of an extraction job (workflow marker EXTRACTION_SINGLE_WINDOW): its first steps
 * joined into one local activity, and for a document that fits one window, that window's
 * extraction and the job's completion joined into one activity, so a job makes one trip through
 * the server's task queue instead of three. Built from the same steps the multi-window path runs,
 * so results are identical; a retried attempt finds the window stored and only finishes.
 */
export function extractionFastPathActivities(steps: Steps) {
  return {
    /** queued → running, then the plan of its windows; 'not_running' when the job was stopped first. */
    async claimAndPlanExtraction(jobId: string): Promise<ExtractionWindowPlan | 'not_running'> {
      if ((await steps.claimJob('extraction', jobId)) === 'not_running') return 'not_running';
      return steps.planExtractionWindows(jobId);
    },

    /**
     * Extract pages first..last (the whole document) and record the job's result. 'truncated':
     * the answer was cut off for length, and the workflow splits the window as it does for any
     * other; 'not_running': the job was stopped meanwhile.
     */
    async extractSingleWindow(jobId: string, first: number, last: number): Promise<RecordOutcome | Exclude<WindowOutcome, 'stored'>> {
      const stored = await steps.extractWindow(jobId, first, last);
      if (stored !== 'stored') return stored;
      return steps.finishExtraction(jobId);
    },
  };
}
