// Every metric family /metrics can show, read from the code's own registries (the dashboard's test
// checks its queries against this, so a renamed metric cannot leave a panel silently empty).
import { registry } from './index.js';
import { presentGauges } from './present.js';
// Registers docextract_workflow_task_failures_total in the registry read below.
import './workflow-tasks.js';

export interface MetricFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary';
  labelNames: string[];
}

/** The families of this thread's registry (default process metrics included on the main thread) and of the API's present. */
export function exportedMetricFamilies(): MetricFamily[] {
  const metrics = [...registry.getMetricsAsArray(), ...presentGauges().registry.getMetricsAsArray()];
  return metrics.map((m) => {
    const metric = m as unknown as { name: string; type: MetricFamily['type']; labelNames?: string[] };
    return { name: metric.name, type: metric.type, labelNames: [...(metric.labelNames ?? [])] };
  });
}

/** The series names of a family as Prometheus stores them (a histogram's _bucket, _sum and _count). */
export function seriesNames(family: MetricFamily): string[] {
  if (family.type === 'histogram') return [`${family.name}_bucket`, `${family.name}_sum`, `${family.name}_count`];
  if (family.type === 'summary') return [family.name, `${family.name}_sum`, `${family.name}_count`];
  return [family.name];
}
