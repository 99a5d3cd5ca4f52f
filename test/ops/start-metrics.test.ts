// `npm start` as an operator first meets it: the banner prints every URL docs/npm-start.md
// promises and where Postgres listens (address, user, database); TEMPORAL_PORT and POSTGRES_PORT
// pin the embedded servers' ports, and a pinned port that is taken stops start-up with a message
// naming it; and /metrics right after start-up lists every series the Grafana dashboard reads, at 0.
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../../src/runtime/ports.js';
import { stopChild } from '../../src/runtime/process.js';
import { devProcessEnv, startDevProcess, type DevProcess } from '../harness/dev-process.js';
import { dashboardSeries } from '../harness/grafana-dashboard.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { parsePrometheusText } from '../harness/prometheus-text.js';

let dataDir: string;
let dev: DevProcess | undefined;
let env: Record<string, string>;
let postgresPort: number;
let temporalPort: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(readHarnessInfo().tempDir, 'start-metrics-'));
  await chmod(dataDir, 0o755);
  postgresPort = await freePort();
  temporalPort = await freePort();
  env = await devProcessEnv(dataDir, { POSTGRES_PORT: String(postgresPort), TEMPORAL_PORT: String(temporalPort) });
}, 60_000);

afterAll(async () => {
  if (dev && dev.child.exitCode === null && dev.child.signalCode === null) await stopChild(dev.child, { signal: 'SIGTERM', timeoutMs: 30_000 });
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}, 60_000);

describe('npm start, first minute', () => {
  it('stops at once, naming the setting, when a pinned port is taken', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen({ port: postgresPort, host: '127.0.0.1' }, resolve));
    try {
      const failed = await startDevProcess(env, 240_000, 1).then(
        async (d) => {
          await stopChild(d.child, { signal: 'SIGTERM', timeoutMs: 30_000 });
          return 'started';
        },
        (err: Error) => err.message,
      );
      expect(failed).toContain(
        `Start-up failed: embedded Postgres: 127.0.0.1:${postgresPort} is already in use, and POSTGRES_PORT=${postgresPort} pins it; stop what listens there or set POSTGRES_PORT to a free port`,
      );
      expect(failed).toMatch(/npm start exited \(\{"code":1,/);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 300_000);

  it('listens on the pinned ports and prints every URL, and Postgres’s address, user and database', async () => {
    dev = await startDevProcess(env, 240_000, 1);
    const api = dev.url;
    for (const line of [`API reference     ${api}/docs`, `Studio            ${api}/studio`, `Metrics           ${api}/metrics`]) {
      await eventuallyContains(dev, line);
    }
    await eventuallyContains(dev, `Temporal server   127.0.0.1:${temporalPort}   namespace default`);
    await eventuallyContains(dev, `Postgres          127.0.0.1:${postgresPort}   user postgres, database docextract (embedded, data in `);
    // It says where the password is, never the password itself.
    const password = (await readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
    expect(dev.lines.filter((l) => l.includes(password))).toEqual([]);
  }, 300_000);

  it('/metrics, before any job, lists every series the dashboard reads, at 0', async () => {
    const res = await fetch(`${dev!.url}/metrics`);
    expect(res.status).toBe(200);
    const { samples } = await parsePrometheusText(await res.text());
    const present = new Set(samples.map((s) => s.name));
    const used = dashboardSeries();
    expect(used.length).toBeGreaterThan(15);
    expect(used.filter((name) => !present.has(name))).toEqual([]);
    // The service's own series are all 0 (nothing happened yet); process_* and nodejs_* describe the process.
    const nonZero = samples.filter((s) => s.name.startsWith('docextract_') && used.includes(s.name) && !s.name.endsWith('_bucket') && Number(s.value) !== 0);
    expect(nonZero.map((s) => `${s.name}${JSON.stringify(s.labels)}=${s.value}`)).toEqual([]);
    // The new gauges of issue 45, at 0.
    for (const name of ['docextract_batch_items_waiting', 'docextract_webhook_deliveries_pending', 'docextract_workflow_task_failures_total', 'docextract_reviews_pending']) {
      expect([name, samples.find((s) => s.name === name)?.value]).toEqual([name, 0]);
    }
  }, 120_000);
});

async function eventuallyContains(d: DevProcess, text: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!d.lines.some((l) => l.includes(text))) {
    if (Date.now() > deadline) throw new Error(`npm start never printed ${JSON.stringify(text)}:\n${d.lines.slice(-30).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
