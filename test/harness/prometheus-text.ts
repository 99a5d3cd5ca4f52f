// Parses the Prometheus text exposition format with the Prometheus project's own Python client
// (prometheus_client.parser, pinned, installed into the project's Python venv under .tools/ on first
// use), so the tests read /metrics as a scraper would, and never with regexes on the raw text.
// (The JavaScript parsers on npm drop the labels of histogram series.)
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensurePythonVenv, run, venvBin, venvEnv } from '../../scripts/python-client.js';

export const PROMETHEUS_CLIENT_PIN = 'prometheus-client==0.26.0';

export interface PrometheusSample {
  /** The family: `docextract_jobs_created` (the parser drops a counter's `_total`), `docextract_job_duration_seconds`. */
  family: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'info' | 'stateset' | 'gaugehistogram' | 'unknown';
  /** The series: `docextract_jobs_created_total`, `docextract_job_duration_seconds_count`, …_bucket, …_sum. */
  name: string;
  labels: Record<string, string>;
  /** A number; `inf`, `-inf` or `nan` as text. */
  value: number | string;
}

const SCRIPT = `
import json, math, sys
from prometheus_client.parser import text_string_to_metric_families
families, samples = [], []
with open(sys.argv[1], encoding='utf-8') as f:
    text = f.read()
for family in text_string_to_metric_families(text):
    families.append({"name": family.name, "type": family.type})
    for s in family.samples:
        v = s.value if math.isfinite(s.value) else str(s.value)
        samples.append({"family": family.name, "type": family.type, "name": s.name, "labels": s.labels, "value": v})
json.dump({"families": families, "samples": samples}, sys.stdout)
`;

export interface PrometheusExposition {
  /** Every declared family (also those without samples yet), e.g. `{name: 'docextract_jobs_created', type: 'counter'}`. */
  families: Array<{ name: string; type: PrometheusSample['type'] }>;
  samples: PrometheusSample[];
}

/** Families and samples of an exposition; throws when the text is not valid exposition format. */
export async function parsePrometheusText(text: string): Promise<PrometheusExposition> {
  await ensurePythonVenv([PROMETHEUS_CLIENT_PIN]);
  const file = path.join(os.tmpdir(), `metrics-${randomUUID()}.txt`);
  await writeFile(file, text);
  try {
    const r = await run(venvBin('python'), ['-c', SCRIPT, file], { env: venvEnv() });
    return JSON.parse(r.stdout) as PrometheusExposition;
  } finally {
    await rm(file, { force: true });
  }
}
