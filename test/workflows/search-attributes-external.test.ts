import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { findTemporalCli } from '../../src/runtime/temporal-cli.js';
import { startTemporalDevServer, type TemporalDevServer } from '../../src/runtime/temporal-dev-server.js';
import { SEARCH_ATTRIBUTES } from '../../src/temporal/search-attributes.js';
import { call, eventually, pollJob, startStackWithProvider } from '../api/job-helpers.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

// Issue 32: against an external Temporal server (TEMPORAL_ADDRESS) that lacks the job search
// attributes, the service registers them at start, and jobs are then found by them. Stood in for
// by a separately started `temporal server start-dev` without `--search-attribute` flags.

const SCHEMA = { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false };

let server: TemporalDevServer;
let stack: TestStack;
let provider: ScriptedProvider;

beforeAll(async () => {
  const cliPath = await findTemporalCli();
  if (!cliPath) throw new Error('the temporal CLI is needed (npm test installs it)');
  server = await startTemporalDevServer({ cliPath, namespace: readHarnessInfo().temporalNamespace, port: 0, uiPort: false, searchAttributes: false });
  ({ stack, provider } = await startStackWithProvider({ env: { TEMPORAL_ADDRESS: server.address } }));
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  await server?.stop();
});

describe('an external Temporal server without the job search attributes', () => {
  it('gets them registered by the service at start, and jobs are found by them', async () => {
    const listed = await stack.temporal.connection.operatorService.listSearchAttributes({ namespace: stack.config.temporal.namespace });
    expect(Object.keys(listed.customAttributes ?? {})).toEqual(expect.arrayContaining(SEARCH_ATTRIBUTES.map((k) => k.name)));

    const extractor = `external-${randomUUID().slice(0, 8)}`;
    await call(stack.url, 'PUT', `/v1/extractors/${extractor}`, { display_name: 'External', instructions: 'x', model: 'generic', schema: SCHEMA });
    provider.enqueue({ kind: 'error', status: 400, body: { error: { message: 'no' } } });
    const created = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: extractor, text: 'T' });
    expect(created.status).toBe(201);
    const [ended] = (await pollJob(stack.url, `/v1/extraction-jobs/${created.body.id}`)).slice(-1);
    expect(ended.status).toBe('failed');
    const ids = await eventually(async () => {
      const found: string[] = [];
      const query = `DocextractDefinition="${extractor}" AND DocextractJobStatus="failed"`;
      for await (const w of stack.temporal.workflow.list({ query })) found.push(w.workflowId);
      return found.length === 1 ? found : undefined;
    }, 30_000);
    expect(ids).toEqual([created.body.id]);
  }, 180_000);
});
