import type { RecordOutcome, WindowOutcome } from '../workflows/types.js';
import type { longExtractionActivities } from './long-extraction.js';

type WindowSteps = Pick<ReturnType<typeof longExtractionActivities>, 'extractWindow' | 'finishExtraction'>;

/**
 * The fast path of a job whose document fits one window: the window's extraction and the job's
 * completion as one activity, so the job makes one trip through the server's task queue instead
 * of two. Built from the same two steps the multi-window path runs, so results are identical; a
 * retried attempt finds the window stored and only finishes.
 */
export function singleWindowActivities(steps: WindowSteps) {
  return {
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
