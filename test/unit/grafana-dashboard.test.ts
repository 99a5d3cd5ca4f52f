// docs/grafana/docextract.json against the metrics the service exports: every query names metrics
// that exist (read from the code's registries, so a renamed or removed metric fails here instead of
// leaving a panel empty), with labels those metrics have, and the dashboard shows what operators
// look at first (issue 32: jobs by status, throughput, durations, model latency and errors,
// retries, webhook lag, render time, the task queue backlog; issue 45: batch items waiting for the
// window, reviews pending, webhook deliveries pending, workflow task failures).
import { describe, expect, it } from '@jest/globals';
import { exportedMetricFamilies, seriesNames, type MetricFamily } from '../../src/metrics/catalog.js';
import { TARGET_LABELS, dashboard, panelsOf, parse, queries, type Query } from '../harness/grafana-dashboard.js';

const families = exportedMetricFamilies();
const bySeries = new Map<string, MetricFamily>(families.flatMap((f) => seriesNames(f).map((s) => [s, f] as [string, MetricFamily])));

/** What is wrong with one query: metrics not exported, labels they do not have, groupings by labels none of them has. */
function problemsOf(q: Query): string[] {
  const problems: string[] = [];
  const { selectors, grouping } = parse(q.expr);
  if (selectors.length === 0) problems.push(`${q.where}: no metric in ${q.expr}`);
  const known = new Set<string>(TARGET_LABELS);
  for (const s of selectors) {
    const family = bySeries.get(s.name);
    if (!family) {
      problems.push(`${q.where}: ${s.name} is not exported`);
      continue;
    }
    const labels = [...family.labelNames, ...TARGET_LABELS, ...(s.name.endsWith('_bucket') ? ['le'] : [])];
    labels.forEach((l) => known.add(l));
    for (const l of s.labels.filter((l) => !labels.includes(l))) problems.push(`${q.where}: ${s.name} has no label ${l}`);
  }
  for (const l of grouping.filter((l) => !known.has(l))) problems.push(`${q.where}: groups by ${l}, a label of none of its metrics`);
  return problems;
}

describe('docs/grafana/docextract.json', () => {
  it('reads the exported names from the registries (the present included)', () => {
    expect(bySeries.has('docextract_jobs')).toBe(true);
    expect(bySeries.has('docextract_webhook_delivery_lag_seconds_bucket')).toBe(true);
    expect(bySeries.has('docextract_jobs_created_total')).toBe(true);
    expect(bySeries.has('process_cpu_seconds_total')).toBe(true);
  });

  it('names in every query only metrics the service exports, with labels they have', () => {
    const all = queries();
    expect(all.length).toBeGreaterThan(20);
    expect(all.flatMap(problemsOf)).toEqual([]);
  });


  it('shows the present, throughput, durations, model latency and errors, retries, webhooks and rendering', () => {
    const named = new Set(queries().flatMap((q) => parse(q.expr).selectors.map((s) => bySeries.get(s.name)?.name)));
    const required = [
      'docextract_jobs',
      'docextract_jobs_retrying',
      'docextract_model_requests_in_flight',
      'docextract_model_slots_in_use',
      'docextract_temporal_task_queue_backlog',
      'docextract_jobs_created_total',
      'docextract_jobs_finished_total',
      'docextract_job_duration_seconds',
      'docextract_model_request_duration_seconds',
      'docextract_model_request_retries_total',
      'docextract_webhook_deliveries_total',
      'docextract_webhook_delivery_lag_seconds',
      'docextract_page_render_duration_seconds',
      'docextract_http_request_duration_seconds',
      // Batches, reviews and workflows (issue 45).
      'docextract_batch_items_waiting',
      'docextract_reviews_pending',
      'docextract_webhook_deliveries_pending',
      'docextract_workflow_task_failures_total',
    ];
    expect(required.filter((name) => !named.has(name))).toEqual([]);
  });

  it('tells the interactive jobs\' task queue from the batch queue in the backlog panels', () => {
    const backlog = queries().filter((q) => /docextract_temporal_task_queue_backlog/.test(q.expr));
    expect(backlog.length).toBeGreaterThanOrEqual(2);
    for (const q of backlog) expect([q.where, q.expr]).toEqual([q.where, expect.stringMatching(/by \([^)]*\bqueue\b[^)]*\)/)]);
  });

  it('is a dashboard Grafana imports: unique panel ids, panels within the 24-column grid, one data source variable', () => {
    const panels = panelsOf(dashboard.panels);
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of panels) {
      expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
      if (p.type !== 'row') expect([p.title, p.datasource]).toEqual([p.title, { type: 'prometheus', uid: '${datasource}' }]);
    }
    expect(dashboard.templating.list.find((v: any) => v.type === 'datasource')).toMatchObject({ name: 'datasource', query: 'prometheus' });
    expect(dashboard.uid).toBe('docextract');
  });

  it('its checker finds a misspelt metric, an unknown label and a grouping by a label no metric has', () => {
    const check = (expr: string) => problemsOf({ where: 'q', expr });
    expect(parse('sum by (kind) (rate(docextract_jobs_created_total{job=~"$job"}[$__rate_interval]))')).toEqual({
      selectors: [{ name: 'docextract_jobs_created_total', labels: ['job'] }],
      grouping: ['kind'],
    });
    expect(check('sum by (kind) (rate(docextract_jobs_created_total{job=~"$job"}[5m]))')).toEqual([]);
    expect(check('sum(rate(docextract_job_created_total[5m]))')).toEqual(['q: docextract_job_created_total is not exported']);
    expect(check('histogram_quantile(0.95, sum by (le) (rate(docextract_model_request_duration_seconds_bucket{outcome="ok",colour="red"}[5m])))')).toEqual([
      'q: docextract_model_request_duration_seconds_bucket has no label colour',
    ]);
    expect(check('max by (colour) (docextract_jobs)')).toEqual(['q: groups by colour, a label of none of its metrics']);
    expect(check('vector(1)')).toEqual(['q: no metric in vector(1)']);
  });
});
