// What the whole service is doing right now, read by the API at scrape time: jobs not over by kind
// and status, jobs retrying a model call (one Postgres statement, storage/jobs/present.ts), reviews
// pending by extractor and batch items behind their window (storage/jobs/gauges.ts), webhook
// deliveries under way (a visibility count in Temporal), and the
// backlog of the Temporal task queues where the server reports it (DescribeTaskQueue with
// report_stats; servers that do not report stats leave those series out): the interactive jobs'
// queue and the batch queue, told apart by the `queue` label (`interactive`, `batch`). Only the API collects
// these, in a registry of its own merged into its scrape once, so a process that runs the API and
// a worker, or several workers, never count them twice.
import type { Client } from '@temporalio/client';
import { Gauge, Registry } from 'prom-client';
import type { Logger } from '../logging.js';
import type { Db } from '../storage/db.js';
import { countReviewsAndBatchWindow } from '../storage/jobs/gauges.js';
import { countPresentJobs } from '../storage/jobs/present.js';
import { outsideWorkspace } from '../storage/workspace-context.js';
import type { MetricsSnapshot } from './index.js';

/** The gauges of the present, in a registry of their own. */
export function presentGauges(registry = new Registry()) {
  return {
    registry,
    jobs: new Gauge({
      name: 'docextract_jobs',
      help: 'Jobs not over right now, by kind and status (queued, running, canceling, deleting). Collected by the API from Postgres at scrape time.',
      labelNames: ['kind', 'status'] as const,
      registers: [registry],
    }),
    jobsRetrying: new Gauge({
      name: 'docextract_jobs_retrying',
      help: 'Queued or running jobs with a model call that failed transiently and waits for its next attempt (the job\'s `retry` field is set).',
      registers: [registry],
    }),
    taskQueueBacklog: new Gauge({
      name: 'docextract_temporal_task_queue_backlog',
      help: 'Approximate tasks waiting in a Temporal task queue for a worker, by task queue, its role (queue: interactive, batch) and type (workflow, activity); only where the server reports task queue stats.',
      labelNames: ['task_queue', 'queue', 'type'] as const,
      registers: [registry],
    }),
    batchItemsWaiting: new Gauge({
      name: 'docextract_batch_items_waiting',
      help: 'Items of queued and running batches waiting for their batch\'s window (not yet handed to a workflow): queued by design, not stuck. Collected by the API from Postgres at scrape time.',
      registers: [registry],
    }),
    reviewsPending: new Gauge({
      name: 'docextract_reviews_pending',
      help: 'Extraction jobs waiting for a reviewer (review status pending; jobs of evaluation runs not counted), by extractor (every extractor has a series, 0 included). Collected by the API from Postgres at scrape time.',
      labelNames: ['extractor'] as const,
      registers: [registry],
    }),
    webhookDeliveriesPending: new Gauge({
      name: 'docextract_webhook_deliveries_pending',
      help: 'Job events whose webhook delivery is still under way (delivery runs open in Temporal: attempts failing and retried, or about to be sent). Collected by the API from Temporal at scrape time.',
      registers: [registry],
    }),
    taskQueueBacklogAge: new Gauge({
      name: 'docextract_temporal_task_queue_backlog_age_seconds',
      help: 'Approximate age of the oldest task waiting in a Temporal task queue, by task queue, its role (queue: interactive, batch) and type; only where the server reports task queue stats.',
      labelNames: ['task_queue', 'queue', 'type'] as const,
      registers: [registry],
    }),
  };
}

export interface PresentSources {
  db: Db;
  /** Absent: no backlog series. */
  temporal?: Client;
  namespace: string;
  /** The queues whose backlog is reported: TEMPORAL_TASK_QUEUE (`interactive`) and TEMPORAL_BATCH_TASK_QUEUE (`batch`). */
  taskQueues: PresentTaskQueue[];
  logger: Logger;
}

/** A task queue of the service and what runs on it (the `queue` label). */
export interface PresentTaskQueue {
  name: string;
  queue: 'interactive' | 'batch';
}

/** The workflow type of a job event's webhook deliveries (workflows/notify.ts). */
const DELIVERY_WORKFLOW = 'deliverJobEventWorkflow';
/** How long a scrape waits for Temporal's answer before leaving the backlog out. */
const TEMPORAL_DEADLINE_MS = 2_000;
// temporal.api.enums.v1.TaskQueueType
const QUEUE_TYPES = [
  { type: 'workflow', value: 1 },
  { type: 'activity', value: 2 },
] as const;

/** A source for scrape(): collects the present on each call (concurrent scrapes share one collection). */
export function presentMetricsSource(sources: PresentSources): () => Promise<MetricsSnapshot> {
  const gauges = presentGauges();
  let collecting: Promise<MetricsSnapshot> | undefined;
  // Logged once per kind of trouble until it is over, not once per scrape.
  const failing = new Set<string>();
  const warn = (what: string, err: unknown) => {
    if (!failing.has(what)) sources.logger.warn({ err: String(err) }, `metrics: could not read ${what}; its series are left out of /metrics`);
    failing.add(what);
  };

  const collectJobs = async () => {
    try {
      // Deployment-wide counts, read outside the scrape's workspace (the workspace guard refuses them inside one).
      const [counts, more] = await outsideWorkspace(() => Promise.all([countPresentJobs(sources.db), countReviewsAndBatchWindow(sources.db)]));
      for (const c of counts.byStatus) gauges.jobs.set({ kind: c.kind, status: c.status }, c.jobs);
      gauges.jobsRetrying.set(counts.retrying);
      for (const r of more.reviewsPending) gauges.reviewsPending.set({ extractor: r.extractor }, r.pending);
      gauges.batchItemsWaiting.set(more.batchItemsWaiting);
      failing.delete('the jobs');
    } catch (err) {
      warn('the jobs', err);
    }
  };

  const collectDeliveries = async () => {
    const temporal = sources.temporal;
    if (!temporal) return;
    try {
      const { count } = await temporal.connection.withDeadline(Date.now() + TEMPORAL_DEADLINE_MS, () =>
        temporal.workflow.count(`WorkflowType = '${DELIVERY_WORKFLOW}' AND ExecutionStatus = 'Running'`),
      );
      gauges.webhookDeliveriesPending.set(count);
      failing.delete('the webhook deliveries');
    } catch (err) {
      warn('the webhook deliveries', err);
    }
  };

  const collectBacklog = async () => {
    const temporal = sources.temporal;
    if (!temporal) return;
    try {
      await temporal.connection.withDeadline(Date.now() + TEMPORAL_DEADLINE_MS, async () => {
        for (const { name, queue } of sources.taskQueues) {
          for (const { type, value } of QUEUE_TYPES) {
            const response = await temporal.workflowService.describeTaskQueue({
              namespace: sources.namespace,
              taskQueue: { name },
              taskQueueType: value as never,
              reportStats: true,
            });
            const stats = response.stats;
            if (!stats) continue; // a server without task queue stats
            gauges.taskQueueBacklog.set({ task_queue: name, queue, type }, Number(stats.approximateBacklogCount ?? 0));
            const age = stats.approximateBacklogAge;
            gauges.taskQueueBacklogAge.set({ task_queue: name, queue, type }, age ? Number(age.seconds ?? 0) + (age.nanos ?? 0) / 1e9 : 0);
          }
        }
      });
      failing.delete('the Temporal task queues');
    } catch (err) {
      warn('the Temporal task queues', err);
    }
  };

  const collect = async (): Promise<MetricsSnapshot> => {
    // Series of a task queue or status not seen this time do not linger.
    gauges.registry.resetMetrics();
    await Promise.all([collectJobs(), collectBacklog(), collectDeliveries()]);
    const snapshot = await gauges.registry.getMetricsAsJSON();
    // A gauge without labels reads 0 after a reset: leave it out when its source did not answer.
    const unknown = new Set([
      ...(failing.has('the jobs') ? ['docextract_jobs_retrying', 'docextract_batch_items_waiting'] : []),
      ...(failing.has('the webhook deliveries') || !sources.temporal ? ['docextract_webhook_deliveries_pending'] : []),
    ]);
    return snapshot.filter((m) => !unknown.has(m.name));
  };

  return () =>
    (collecting ??= collect().finally(() => {
      collecting = undefined;
    }));
}
