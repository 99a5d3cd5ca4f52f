// /metrics under `npm start` merges the API thread's registry with the worker's (main thread's):
// series both threads have are summed, series only one has are kept, and the process-wide default
// metrics appear once.
import { describe, expect, it } from '@jest/globals';
import { Counter, Histogram, Registry } from 'prom-client';
import { addMetricsSource, jobsCreated, scrape } from '../../src/metrics/index.js';

/** The value of one exposition line, e.g. `docextract_jobs_created_total{kind="parse"}`. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('scrape() with another thread as a metrics source', () => {
  it('sums shared series, keeps the others, and shows process metrics once', async () => {
    // The other thread: its own registry with the same metric names, as a second isolate has.
    const other = new Registry();
    const otherCreated = new Counter({ name: 'docextract_jobs_created_total', help: 'x', labelNames: ['kind'], registers: [other] });
    const otherHttp = new Histogram({ name: 'docextract_http_request_duration_seconds', help: 'x', labelNames: ['method', 'route', 'status'], buckets: [0.005, 0.01], registers: [other] });
    otherCreated.inc({ kind: 'parse' }, 2);
    otherCreated.inc({ kind: 'extraction' });
    otherHttp.observe({ method: 'GET', route: '/healthz', status: '200' }, 0.002);

    jobsCreated.inc({ kind: 'parse' });
    const alone = (await scrape()).body;
    expect(valueOf(alone, 'docextract_jobs_created_total{kind="parse"}')).toBe(1);
    // Known series are there at 0 from start-up, before anything happened.
    expect(valueOf(alone, 'docextract_jobs_created_total{kind="extraction"}')).toBe(0);
    expect(valueOf(alone, 'docextract_webhook_deliveries_total{outcome="delivered"}')).toBe(0);
    expect(valueOf(alone, 'docextract_jobs_finished_total{kind="parse",status="completed",error_code=""}')).toBe(0);
    expect(valueOf(alone, 'docextract_page_render_duration_seconds_count{operation="render"}')).toBe(0);

    addMetricsSource(() => other.getMetricsAsJSON());
    const { body, contentType } = await scrape();
    expect(contentType).toMatch(/^text\/plain/);
    expect(valueOf(body, 'docextract_jobs_created_total{kind="parse"}')).toBe(3);
    expect(valueOf(body, 'docextract_jobs_created_total{kind="extraction"}')).toBe(1);
    expect(valueOf(body, 'docextract_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(1);
    expect(valueOf(body, 'docextract_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz",status="200"}')).toBe(1);
    // Collected by this (main) thread only, so not doubled by the merge.
    expect(body.split('\n').filter((l) => l.startsWith('process_cpu_seconds_total ')).length).toBe(1);
    expect(body.match(/^# TYPE docextract_jobs_created_total counter$/gm)).toHaveLength(1);
  });
});
