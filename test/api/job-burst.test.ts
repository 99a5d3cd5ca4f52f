// A burst of job creations at once: the API waits for Temporal (up to SERVICE_SCHEDULER_DEADLINE_MS,
// 10 s by default) instead of answering 503 after about a second, so 400 simultaneous creations all
// answer 201 and each has its workflow. No worker runs here: the jobs stay queued, and are removed
// (workflows terminated, rows deleted) when the file ends.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestStack, type TestStack } from '../harness/stack.js';

const BURST = 400;
let stack: TestStack;
const created: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ worker: false });
}, 120_000);

afterAll(async () => {
  for (let i = 0; i < created.length; i += 50) {
    await Promise.all(created.slice(i, i + 50).map((id) => stack.temporal.workflow.getHandle(id).terminate('test cleanup').catch(() => {})));
  }
  if (created.length > 0) await stack.db('extraction_jobs').whereIn('id', created).delete();
  await stack?.close();
}, 300_000);

describe('job creation under a burst', () => {
  it(`${BURST} simultaneous creations all answer 201, each with its workflow`, async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        fetch(`${stack.url}/v1/extraction-jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ extractor_name: 'receipt', text: `Corner Shop, receipt ${i}, total 12.50` }),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { id?: string; code?: string } })),
      ),
    );
    created.push(...answers.flatMap((a) => (a.body.id ? [a.body.id] : [])));
    const refused = answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.code}`);
    expect(refused).toEqual([]);
    expect(new Set(created).size).toBe(BURST);
    // Every one has its workflow (a job without one would never run).
    const sample = created.filter((_, i) => i % 40 === 0);
    const described = await Promise.all(sample.map((id) => stack.temporal.workflow.getHandle(id).describe()));
    expect(described.map((d) => d.status.name)).toEqual(sample.map(() => 'RUNNING'));
  }, 300_000);
});
