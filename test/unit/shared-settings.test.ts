// The settings API and workers must share (src/config/shared.ts) are the ones docs/deployment.md
// lists and docker-compose.yml's shared block carries, with the defaults the service itself has.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/index.js';
import { SHARED_SETTINGS } from '../../src/config/shared.js';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const names = SHARED_SETTINGS.map((s) => s.name);

describe('settings every process must share', () => {
  it('include the key, the webhook address rule and both task queues', () => {
    expect(names).toEqual(expect.arrayContaining(['SERVICE_SECRET_KEY', 'SERVICE_WEBHOOK_ALLOW_PRIVATE', 'TEMPORAL_TASK_QUEUE', 'TEMPORAL_BATCH_TASK_QUEUE']));
  });

  it('are each a setting the service reads', () => {
    const source = read('src/config/index.ts');
    for (const name of names) expect([name, source.includes(`  ${name}:`)]).toEqual([name, true]);
  });

  it("are all in docker-compose.yml's shared block, which api, worker and migrate use", () => {
    const compose = parse(read('docker-compose.yml')) as { 'x-service-environment': Record<string, string>; services: Record<string, { environment?: unknown }> };
    const shared = compose['x-service-environment'];
    expect(names.filter((n) => !(n in shared))).toEqual([]);
    for (const service of ['api', 'worker', 'migrate']) expect([service, compose.services[service]!.environment]).toEqual([service, shared]);
    // Its defaults are the service's own: `${VAR:-default}` read as the service would read `default`.
    const defaults = Object.fromEntries(
      Object.entries(shared).flatMap(([k, v]) => {
        const m = /^\$\{[A-Z_]+:-([^}]*)\}$/.exec(String(v));
        return m ? [[k, m[1]!]] : [];
      }),
    );
    const fromCompose = loadConfig({ ...defaults, DATABASE_URL: 'postgres://u:p@h:5432/d', SERVICE_SECRET_KEY: 'k'.repeat(32) });
    const builtIn = loadConfig({ DATABASE_URL: 'postgres://u:p@h:5432/d', SERVICE_SECRET_KEY: 'k'.repeat(32) });
    expect(fromCompose.temporal.batchTaskQueue).toBe(builtIn.temporal.batchTaskQueue);
    expect(fromCompose.webhooks.allowPrivate).toBe(builtIn.webhooks.allowPrivate);
    expect(fromCompose.localModel).toBe(builtIn.localModel);
    expect(fromCompose.nuextractModels).toEqual(builtIn.nuextractModels);
    expect(fromCompose.maxPages).toBe(builtIn.maxPages);
    expect(fromCompose.providerRetry).toEqual(builtIn.providerRetry);
    expect(fromCompose.batches.sliceMs).toBe(builtIn.batches.sliceMs);
    expect(fromCompose.batches.slicesPerRun).toBe(builtIn.batches.slicesPerRun);
    expect([fromCompose.renderDpi, fromCompose.renderFormat]).toEqual([builtIn.renderDpi, builtIn.renderFormat]);
  });

  it('are listed in docs/deployment.md, in one table', () => {
    const doc = read('docs/deployment.md');
    const section = doc.split('## Settings every process must share')[1]?.split('\n## ')[0] ?? '';
    expect(names.filter((n) => !section.includes(`| \`${n}\` |`))).toEqual([]);
  });
});
