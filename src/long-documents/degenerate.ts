// Degenerate model output: the same line (or the same few lines, or the same list item) repeated
// over and over, a known failure of vision models on tables. Such an answer is never stored; it is
// asked again once with different generation settings, then the job fails output_degenerate.
import { deepEqual } from './pointer.js';

/** Consecutive repetitions of one line (or block of up to MAX_PERIOD lines) that count as a loop. */
export const MIN_REPEATS = 20;
const MAX_PERIOD = 4;

/**
 * True when some block of 1..4 non-blank lines repeats at least MIN_REPEATS times in a row.
 * A long table whose rows differ is not flagged; neither is a table separator or a blank line.
 */
export function isDegenerateText(text: string): boolean {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length < MIN_REPEATS) return false;
  for (let period = 1; period <= MAX_PERIOD; period++) {
    let run = 0;
    for (let i = period; i < lines.length; i++) {
      if (lines[i] === lines[i - period]) {
        run++;
        // `run` equal lines one period apart = run / period + 1 repetitions of the block.
        if (Math.floor(run / period) + 1 >= MIN_REPEATS) return true;
      } else {
        run = 0;
      }
    }
  }
  return false;
}

/** True when a list anywhere in the data holds the same item MIN_REPEATS times in a row. */
export function isDegenerateData(data: unknown): boolean {
  if (Array.isArray(data)) {
    let run = 1;
    for (let i = 1; i < data.length; i++) {
      run = deepEqual(data[i], data[i - 1]) ? run + 1 : 1;
      if (run >= MIN_REPEATS) return true;
    }
    return data.some(isDegenerateData);
  }
  if (data && typeof data === 'object') return Object.values(data).some(isDegenerateData);
  if (typeof data === 'string') return data.includes('\n') && isDegenerateText(data);
  return false;
}

/** Generation settings of the second try after a degenerate answer. */
export interface Generation {
  frequencyPenalty?: number;
}
export const RETRY_GENERATION: Generation = { frequencyPenalty: 0.5 };

/**
 * Ask; if the answer is degenerate, ask once more with RETRY_GENERATION; if that is degenerate
 * too, return null (the caller fails the job output_degenerate naming the page).
 */
export async function askAvoidingLoops<T>(
  ask: (generation: Generation | undefined) => Promise<T>,
  degenerate: (answer: T) => boolean,
  onRetry?: () => void,
): Promise<{ answer: T; attempts: number } | null> {
  const first = await ask(undefined);
  if (!degenerate(first)) return { answer: first, attempts: 1 };
  onRetry?.();
  const second = await ask(RETRY_GENERATION);
  return degenerate(second) ? null : { answer: second, attempts: 2 };
}
