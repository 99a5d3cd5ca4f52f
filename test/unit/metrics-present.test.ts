// The present in /metrics without a database or a server: the API's collection (jobs by status from
// one statement, the task queue backlog only where the server reports stats, nothing made up when a
// source fails, one collection for concurrent scrapes), its merge into the scrape once, and the
// worker's in-memory gauges and webhook figures.
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import {
  modelRequestOpened,
  modelRequestsInFlight,
  recordWebhookDelivery,
  scrape,
  webhookDeliveries,
  webhookDeliveryLag,
  type MetricsSnapshot,
} from '../../src/metrics/index.js';
import { presentMetricsSource, type PresentSources } from '../../src/metrics/present.js';

const logger = pino({ level: 'silent' });

/** The value of one exposition line, e.g. `docextract_jobs{kind="parse",status="running"}`. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A Knex stand-in whose raw() answers the job count statement with `rows` (or fails). */
function fakeDb(rows: Array<{ kind: string; status: string; jobs: number }> | Error, seen: string[] = []) {
  return {
    raw: async (sql: string) => {
      seen.push(sql);
      if (rows instanceof Error) throw rows;
      return { rows };
    },
  } as unknown as PresentSources['db'];
}

/** A Temporal client stand-in: describeTaskQueue answers `stats` (undefined: a server without stats). */
function fakeTemporal(stats: ((queue: string, type: number) => unknown) | Error) {
  return {
    connection: { withDeadline: (_: number, fn: () => Promise<unknown>) => fn() },
    workflowService: {
      describeTaskQueue: async (req: { taskQueue: { name: string }; taskQueueType: number; reportStats: boolean }) => {
        if (stats instanceof Error) throw stats;
        expect(req.reportStats).toBe(true);
        return { stats: stats(req.taskQueue.name, req.taskQueueType) };
      },
    },
  } as unknown as PresentSources['temporal'];
}

async function text(source: () => Promise<MetricsSnapshot>): Promise<string> {
  return (await scrape([source])).body;
}

describe('presentMetricsSource', () => {
  it('sets every non-terminal status of both kinds (zero included), the jobs retrying and the backlog of each queue type of both task queues', async () => {
    const seen: string[] = [];
    const source = presentMetricsSource({
      db: fakeDb(
        [
          { kind: 'parse', status: 'running', jobs: 2 },
          { kind: 'extraction', status: 'queued', jobs: 5 },
          { kind: 'retrying', status: '', jobs: 1 },
        ],
        seen,
      ),
      temporal: fakeTemporal((queue, type) =>
        queue === 'document-jobs-batch'
          ? { approximateBacklogCount: type === 1 ? 40 : 120, approximateBacklogAge: type === 2 ? { seconds: 3, nanos: 0 } : null }
          : { approximateBacklogCount: type === 1 ? 3 : 7, approximateBacklogAge: type === 2 ? { seconds: 12, nanos: 500_000_000 } : null },
      ),
      namespace: 'default',
      taskQueues: [
        { name: 'document-jobs', queue: 'interactive' },
        { name: 'document-jobs-batch', queue: 'batch' },
      ],
      logger,
    });
    const body = await text(source);
    expect(seen).toHaveLength(2); // two statements per scrape: the jobs; the reviews and the batch window
    expect(valueOf(body, 'docextract_jobs{kind="parse",status="running"}')).toBe(2);
    expect(valueOf(body, 'docextract_jobs{kind="extraction",status="queued"}')).toBe(5);
    for (const kind of ['extraction', 'parse']) {
      for (const status of ['queued', 'running', 'canceling', 'deleting']) {
        expect(valueOf(body, `docextract_jobs{kind="${kind}",status="${status}"}`)).toBeGreaterThanOrEqual(0);
      }
    }
    expect(valueOf(body, 'docextract_jobs{kind="parse",status="queued"}')).toBe(0);
    expect(valueOf(body, 'docextract_jobs_retrying')).toBe(1);
    expect(valueOf(body, 'docextract_temporal_task_queue_backlog{task_queue="document-jobs",queue="interactive",type="workflow"}')).toBe(3);
    expect(valueOf(body, 'docextract_temporal_task_queue_backlog{task_queue="document-jobs",queue="interactive",type="activity"}')).toBe(7);
    expect(valueOf(body, 'docextract_temporal_task_queue_backlog_age_seconds{task_queue="document-jobs",queue="interactive",type="activity"}')).toBe(12.5);
    expect(valueOf(body, 'docextract_temporal_task_queue_backlog_age_seconds{task_queue="document-jobs",queue="interactive",type="workflow"}')).toBe(0);
    // The batch task queue's backlog beside it, with its own label.
    expect(valueOf(body, 'docextract_temporal_task_queue_backlog{task_queue="document-jobs-batch",queue="batch",type="workflow"}')).toBe(40);
    expect(valueOf(body, 'docextract_temporal_task_queue_backlog{task_queue="document-jobs-batch",queue="batch",type="activity"}')).toBe(120);
    expect(valueOf(body, 'docextract_temporal_task_queue_backlog_age_seconds{task_queue="document-jobs-batch",queue="batch",type="activity"}')).toBe(3);
  });

  it('leaves out what a source could not tell: no backlog from a server without stats, no jobs when Postgres fails', async () => {
    const withoutStats = await text(
      presentMetricsSource({ db: fakeDb([]), temporal: fakeTemporal(() => undefined), namespace: 'default', taskQueues: [{ name: 'q', queue: 'interactive' }], logger }),
    );
    expect(withoutStats).toContain('# TYPE docextract_temporal_task_queue_backlog gauge');
    expect(withoutStats).not.toMatch(/^docextract_temporal_task_queue_backlog\{/m);
    expect(valueOf(withoutStats, 'docextract_jobs_retrying')).toBe(0);

    const down = await text(
      presentMetricsSource({ db: fakeDb(new Error('connection refused')), temporal: fakeTemporal(new Error('unavailable')), namespace: 'default', taskQueues: [{ name: 'q', queue: 'interactive' }], logger }),
    );
    expect(down).not.toMatch(/^docextract_jobs\{/m);
    expect(valueOf(down, 'docextract_jobs_retrying')).toBeUndefined();
    expect(down).not.toMatch(/^docextract_temporal_task_queue_backlog\{/m);
  });

  it('counts reviews pending by extractor, batch items behind their window and webhook deliveries under way', async () => {
    const seen: string[] = [];
    const queries: string[] = [];
    const db = {
      raw: async (sql: string) => {
        seen.push(sql);
        return sql.includes("'batch_window'")
          ? { rows: [{ what: 'review', extractor: 'invoice', n: 3 }, { what: 'review', extractor: 'receipt', n: 0 }, { what: 'batch_window', extractor: '', n: 32 }] }
          : { rows: [] };
      },
    } as unknown as PresentSources['db'];
    const temporal = {
      connection: { withDeadline: (_: number, fn: () => Promise<unknown>) => fn() },
      workflow: { count: async (query: string) => (queries.push(query), { count: 5 }) },
      workflowService: { describeTaskQueue: async () => ({ stats: undefined }) },
    } as unknown as PresentSources['temporal'];
    const body = await text(presentMetricsSource({ db, temporal, namespace: 'default', taskQueues: [], logger }));
    expect(valueOf(body, 'docextract_reviews_pending{extractor="invoice"}')).toBe(3);
    expect(valueOf(body, 'docextract_reviews_pending{extractor="receipt"}')).toBe(0);
    expect(valueOf(body, 'docextract_batch_items_waiting')).toBe(32);
    expect(valueOf(body, 'docextract_webhook_deliveries_pending')).toBe(5);
    expect(queries).toEqual(["WorkflowType = 'deliverJobEventWorkflow' AND ExecutionStatus = 'Running'"]);

    // Without Temporal, or Postgres down: left out, never a made-up 0.
    const down = await text(presentMetricsSource({ db: fakeDb(new Error('connection refused')), namespace: 'default', taskQueues: [], logger }));
    expect(valueOf(down, 'docextract_batch_items_waiting')).toBeUndefined();
    expect(valueOf(down, 'docextract_webhook_deliveries_pending')).toBeUndefined();
  });

  it('shares one collection between concurrent scrapes', async () => {
    const seen: string[] = [];
    const source = presentMetricsSource({ db: fakeDb([{ kind: 'retrying', status: '', jobs: 4 }], seen), namespace: 'default', taskQueues: [], logger });
    const [a, b] = await Promise.all([source(), source()]);
    expect(a).toBe(b);
    expect(seen).toHaveLength(2);
    await source();
    expect(seen).toHaveLength(4);
  });
});

describe('worker gauges and webhook figures', () => {
  it('counts a model request in flight until it ends, once however often it is ended', async () => {
    modelRequestsInFlight.reset();
    const end1 = modelRequestOpened('compatible_api');
    const end2 = modelRequestOpened('compatible_api');
    let body = (await scrape()).body;
    expect(valueOf(body, 'docextract_model_requests_in_flight{provider="compatible_api"}')).toBe(2);
    end1();
    end1();
    body = (await scrape()).body;
    expect(valueOf(body, 'docextract_model_requests_in_flight{provider="compatible_api"}')).toBe(1);
    end2();
    expect(valueOf((await scrape()).body, 'docextract_model_requests_in_flight{provider="compatible_api"}')).toBe(0);
  });

  it('counts deliveries by outcome and observes the lag of delivered ones only', async () => {
    webhookDeliveries.reset();
    webhookDeliveryLag.reset();
    const now = Date.parse('2026-11-26T10:00:00Z');
    recordWebhookDelivery('failed', new Date(now - 1_000), now);
    recordWebhookDelivery('delivered', new Date(now - 2_500), now);
    recordWebhookDelivery('delivered', null, now);
    recordWebhookDelivery('skipped');
    const body = (await scrape()).body;
    expect(valueOf(body, 'docextract_webhook_deliveries_total{outcome="failed"}')).toBe(1);
    expect(valueOf(body, 'docextract_webhook_deliveries_total{outcome="delivered"}')).toBe(2);
    expect(valueOf(body, 'docextract_webhook_deliveries_total{outcome="skipped"}')).toBe(1);
    expect(valueOf(body, 'docextract_webhook_delivery_lag_seconds_count')).toBe(1);
    expect(valueOf(body, 'docextract_webhook_delivery_lag_seconds_sum')).toBe(2.5);
  });
});
