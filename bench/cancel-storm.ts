// Cancel storm (issue 48, deliver 2): how long after its answer a cancel reads `canceled`, for one
// cancel alone and for 100 cancels sent at once, each of a job whose model request is open (the
// scripted model holds it until the request is aborted). API and worker as separate processes
// (bench/lib/services.ts). A watcher lists the canceled jobs every 25 ms (one request, not 100
// pollers competing with the cancels), so a figure is the first list that shows the job canceled,
// minus the moment its cancel answered. Also counted: model requests that arrived after their job's
// cancel answered (must be 0).
//
// `npx tsx bench/cancel-storm.ts` (BENCH_CANCEL_STORM, default 100; BENCH_CANCEL_SINGLES, default 5).
import { startScriptedProvider } from '../test/harness/scripted-provider.js';
import { call, expectStatus } from './lib/http.js';
import { log, type Infra } from './lib/infra.js';
import { isMain, runStandalone } from './lib/main.js';
import { startStack } from './lib/services.js';
import { fmt, percentile, table, type Section } from './lib/stats.js';

const STORM = Number(process.env.BENCH_CANCEL_STORM || 100);
const SINGLES = Number(process.env.BENCH_CANCEL_SINGLES || 5);
const WATCH_EVERY_MS = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Round {
  /** ms from each cancel's answer to the first list that showed its job canceled. */
  latencies: number[];
  /** ms from each cancel's answer to the end of its job's model request (aborted by the worker). */
  aborts: number[];
  /** Model requests that arrived after their job's cancel had answered (must be 0). */
  lateRequests: number;
  /** Cancels answered 503 scheduler_unavailable (then retried). */
  unavailable: number;
  /** Jobs not canceled within the round's deadline. */
  missing: number;
}

export async function cancelStormBenchmark(infra: Infra | undefined): Promise<Section> {
  if (!infra) throw new Error('the cancel storm benchmark needs the shared infrastructure');
  const provider = await startScriptedProvider();
  const stack = await startStack(infra, { provider });
  try {
    await expectStatus(
      call(stack.url, 'PUT', '/v1/extractors/bench-cancel', {
        display_name: 'Cancel storm',
        instructions: 'Extract the title.',
        model: 'bench-model',
        schema: { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false },
      }),
      201,
      'PUT extractor',
    );
    const extractorId = (await call(stack.url, 'GET', '/v1/extractors/bench-cancel')).body.id as string;

    const round = async (n: number): Promise<Round> => {
      provider.reset();
      provider.respondWith(() => ({ kind: 'stall' }));
      const ids = await Promise.all(
        Array.from({ length: n }, async (_, i) => (await expectStatus(call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'bench-cancel', text: `Storm job ${i}.` }), 201, 'POST job')).id as string),
      );
      // Every job at the model, or as many as the worker's activity slots allow (64).
      const atModel = Date.now() + 300_000;
      while (provider.openRequests().now < Math.min(n, 64)) {
        if (Date.now() > atModel) throw new Error(`only ${provider.openRequests().now} of ${n} jobs reached the model`);
        await sleep(50);
      }
      const pending = new Set(ids);
      const seenAt = new Map<string, number>();
      let watching = true;
      const watcher = (async () => {
        while (watching && pending.size > 0) {
          // A connection reset by the busy API is read again on the next turn.
          const listed = await call(stack.url, 'GET', `/v1/extraction-jobs?status=canceled&extractor_id=${encodeURIComponent(extractorId)}&limit=100`).catch(() => ({ status: 0, body: [] }));
          const now = Date.now();
          for (const job of Array.isArray(listed.body) ? listed.body : []) {
            if (pending.delete(job.id)) seenAt.set(job.id, now);
          }
          await sleep(WATCH_EVERY_MS);
        }
      })();
      const answeredAt = new Map<string, number>();
      let unavailable = 0;
      await Promise.all(
        ids.map(async (id) => {
          // A connection reset before the answer (a keep-alive socket the API had just closed) is sent
          // again; a 503 (Temporal did not take the cancel within the API's deadline) is retried as
          // clients do, and counted. The figure starts at the answer that said the cancel was taken.
          let r = await call(stack.url, 'POST', `/v1/extraction-jobs/${id}/cancel`).catch(() => call(stack.url, 'POST', `/v1/extraction-jobs/${id}/cancel`));
          for (let i = 0; i < 5 && r.status === 503; i++) {
            unavailable++;
            await sleep(1000);
            r = await call(stack.url, 'POST', `/v1/extraction-jobs/${id}/cancel`);
          }
          answeredAt.set(id, Date.now());
          if (r.status !== 200 && r.status !== 202) throw new Error(`cancel answered ${r.status}: ${JSON.stringify(r.body)}`);
        }),
      );
      const deadline = Date.now() + 120_000;
      while (pending.size > 0 && Date.now() < deadline) await sleep(50);
      watching = false;
      await watcher;
      const jobOf = (text: string) => ids[Number(/Storm job (\d+)\./.exec(text)?.[1] ?? -1)];
      const aborts = provider.requests
        .map((r) => ({ id: jobOf(JSON.stringify(r.body?.messages ?? '')), endedAt: r.endedAt }))
        .filter((r): r is { id: string; endedAt: number } => r.id !== undefined && r.endedAt !== undefined && answeredAt.has(r.id))
        .map((r) => Math.max(0, r.endedAt - answeredAt.get(r.id)!));
      if (process.env.BENCH_CANCEL_DEBUG && n > 1) await printSlowest(infra, ids, seenAt, answeredAt);
      return {
        aborts,
        latencies: ids.filter((id) => seenAt.has(id)).map((id) => Math.max(0, seenAt.get(id)! - answeredAt.get(id)!)),
        lateRequests: provider.requests.filter((r) => {
          const id = jobOf(JSON.stringify(r.body?.messages ?? ''));
          return id !== undefined && answeredAt.has(id) && r.receivedAt > answeredAt.get(id)!;
        }).length,
        unavailable,
        missing: pending.size,
      };
    };

    await round(1); // warm-up: the worker's sandbox, connections, the schema compiled
    const singles: Round = { latencies: [], aborts: [], lateRequests: 0, missing: 0, unavailable: 0 };
    for (let i = 0; i < SINGLES; i++) {
      const r = await round(1);
      singles.latencies.push(...r.latencies);
      singles.aborts.push(...r.aborts);
      singles.lateRequests += r.lateRequests;
      singles.missing += r.missing;
      singles.unavailable += r.unavailable;
    }
    log(`cancel storm: ${SINGLES} single cancels done; ${STORM} at once next`);
    const storm = await round(STORM);
    const row = (what: string, r: Round) => [
      what,
      r.latencies.length + r.missing,
      fmt(percentile(r.latencies, 50) / 1000, 2),
      fmt(percentile(r.latencies, 95) / 1000, 2),
      fmt(Math.max(...r.latencies) / 1000, 2),
      fmt(percentile(r.aborts, 50) / 1000, 2),
      r.unavailable,
      r.missing,
      r.lateRequests,
    ];
    return {
      title: 'Cancel storm (extraction jobs at the model)',
      body: [
        table(
          ['cancels', 'jobs', 'p50 s answer → reads canceled', 'p95 s', 'max s', 'p50 s answer → its model request closed', '503 answers (retried)', 'not canceled within 120 s', 'model requests after their cancel answered'],
          [row('one at a time', singles), row(`${STORM} at once`, storm)],
        ),
        '',
        `Each job's model request is open (held by the scripted model) when its cancel is sent; "one at a time": ${SINGLES} jobs, each created, ` +
          `cancelled and awaited alone; "${STORM} at once": ${STORM} jobs at the model, then ${STORM} concurrent POST …/cancel. A job reads canceled at the first ` +
          `GET /v1/extraction-jobs?status=canceled (every ${WATCH_EVERY_MS} ms) that lists it. API and worker as separate processes.`,
      ].join('\n'),
    };
  } finally {
    await stack.close();
    await provider.close();
  }
}

if (isMain(import.meta.url)) await runStandalone(cancelStormBenchmark, { needsInfra: true });

/** BENCH_CANCEL_DEBUG=1: the history of the slowest job of a storm, each event's time after its cancel's answer. */
async function printSlowest(infra: Infra, ids: string[], seenAt: Map<string, number>, answeredAt: Map<string, number>): Promise<void> {
  const { Connection, Client } = await import('@temporalio/client');
  const connection = await Connection.connect({ address: infra.temporalAddress });
  try {
    const client = new Client({ connection });
    const sorted = [...ids].filter((id) => seenAt.has(id)).sort((a, b) => seenAt.get(a)! - answeredAt.get(a)! - (seenAt.get(b)! - answeredAt.get(b)!));
    for (const id of [sorted[0]!, sorted[Math.floor(sorted.length / 2)]!, sorted[sorted.length - 1]!]) {
      const history = await client.workflow.getHandle(id).fetchHistory();
      const t0 = answeredAt.get(id)!;
      console.error(`job ${id}: reads canceled at +${seenAt.get(id)! - t0} ms`);
      for (const e of history.events ?? []) {
        const ms = Number(e.eventTime?.seconds ?? 0) * 1000 + Math.round((e.eventTime?.nanos ?? 0) / 1e6);
        console.error(`  ${ms - t0} ms ${e.eventType}`);
      }
    }
  } finally {
    await connection.close();
  }
}
