import { CancellationScope } from '@temporalio/workflow';

/**
 * Run `fn` over `items` with at most `limit` in flight. On the first failure the remaining
 * in-flight calls are cancelled and that failure is thrown; cancelling the caller cancels them all.
 */
export async function forEachBounded<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  let firstError: { error: unknown } | undefined;
  const scope = new CancellationScope();
  await scope.run(async () => {
    const lane = async () => {
      while (queue.length > 0 && !firstError) {
        const item = queue.shift() as T;
        try {
          await fn(item);
        } catch (error) {
          if (!firstError) {
            firstError = { error };
            scope.cancel();
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, queue.length)) }, lane));
  });
  if (firstError) throw firstError.error;
}

/**
 * Activities started beyond the model slots (MODEL_SLOTS): enough to have the next requests ready
 * when several slots free close together, few enough that little prepared work waits in memory
 * (a window's request is ~9 MB).
 */
export function spareLanes(modelSlots: number): number {
  return Math.max(1, Math.ceil(modelSlots / 2));
}
