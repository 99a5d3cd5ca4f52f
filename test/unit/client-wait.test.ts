// The TypeScript client's waitForJob against a service that bounds its long-poll
// (SERVICE_LONG_POLL_MAX_S): a non-terminal answer after the server's hold is asked again at once,
// with no backoff piling up between holds; only answers that were not held at all are polled with
// backoff. A fake fetch plays the server, so nothing else is needed.
import { describe, expect, it } from '@jest/globals';
import { createDocextractClient } from '../../clients/typescript/index.js';

const JOB_ID = 'ejob_01jqz8n5p6q7r8s9t0v1w2x3y4';

/** A server that holds each read `holdMs` and answers `running` `runningAnswers` times, then `completed`. */
function fakeServer(holdMs: number, runningAnswers: number) {
  const asked: { at: number; url: string }[] = [];
  const fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push({ at: Date.now(), url });
    await new Promise((r) => setTimeout(r, holdMs));
    const status = asked.length > runningAnswers ? 'completed' : 'running';
    return new Response(JSON.stringify({ id: JOB_ID, status }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { asked, fetch: fetch as typeof globalThis.fetch };
}

describe('waitForJob with a bounded long-poll', () => {
  it('asks again at once after each held non-terminal answer (the server held 1 s of the 30 asked)', async () => {
    const server = fakeServer(1_000, 4);
    const client = createDocextractClient({ baseUrl: 'http://service.invalid', fetch: server.fetch });
    // The timers set while waiting: the server's 1 s holds only, no backoff sleep of the client's
    // (timers, not measured gaps: a loaded machine fires timers late, it does not set more of them).
    const delays: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((fn: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return realSetTimeout(fn, ms);
    }) as typeof globalThis.setTimeout;
    let job;
    try {
      job = await client.waitForJob(JOB_ID, { timeoutMs: 60_000 });
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    expect(job.status).toBe('completed');
    expect(server.asked).toHaveLength(5);
    for (const a of server.asked) expect(a.url).toMatch(/\?wait=30$/);
    expect(delays.filter((ms) => ms > 0 && ms !== 1_000)).toEqual([]);
    expect(delays.filter((ms) => ms === 1_000)).toHaveLength(5);
  }, 30_000);

  it('backs off when answers come back without any hold (a server without long-poll)', async () => {
    const server = fakeServer(0, 3);
    const client = createDocextractClient({ baseUrl: 'http://service.invalid', fetch: server.fetch });
    const job = await client.waitForJob(JOB_ID, { timeoutMs: 60_000 });
    expect(job.status).toBe('completed');
    const gaps = server.asked.slice(1).map((a, i) => a.at - server.asked[i]!.at);
    // 250 ms, 500 ms, 1 s: exponential backoff.
    expect(gaps[0]).toBeGreaterThanOrEqual(200);
    expect(gaps[2]).toBeGreaterThanOrEqual(900);
  }, 30_000);
});
