// Durability check of the `npm start` configuration (not a timing): 50 extraction jobs accepted
// and running, then SIGKILL of the whole process and of every server it started (Postgres, the
// Temporal dev server: what a machine crash leaves behind, minus the OS page cache), then
// `npm start` again on the same data dir. Every accepted job must complete exactly once.
// `npx tsx bench/crash.ts`; prints the outcome and exits 1 when a job is lost or wrong.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startScriptedProvider } from '../test/harness/scripted-provider.js';
import { log } from './lib/infra.js';
import { call, expectStatus } from './lib/http.js';
import { startDevStack } from './lib/services.js';

const JOBS = 50;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docextract-crash-'));
await chmod(dataDir, 0o755); // embedded Postgres runs as the postgres user and must get through
const provider = await startScriptedProvider();
// Long enough that all 50 are still in flight when the machine "crashes".
provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T', total: 1 }), delayMs: 20_000 }));
let failed = false;
try {
  log(`crash: npm start in ${dataDir}`);
  let stack = await startDevStack({ dataDir, provider });
  await expectStatus(
    call(stack.url, 'PUT', '/v1/extractors/crash-check', {
      display_name: 'Crash check',
      instructions: 'Extract the title and total.',
      model: 'bench-model',
      schema: {
        type: 'object',
        properties: { title: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
        required: ['title', 'total'],
        additionalProperties: false,
      },
    }),
    201,
    'PUT extractor',
  );
  const ids: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    const job = await expectStatus(call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'crash-check', text: `Job ${i}` }), 201, 'POST job');
    ids.push(job.id);
  }
  // Wait until most jobs are at the model (running), then kill everything at once.
  for (let i = 0; i < 300 && provider.requests.length < JOBS * 0.8; i++) await new Promise((r) => setTimeout(r, 100));
  const statuses = await Promise.all(ids.map(async (id) => (await call(stack.url, 'GET', `/v1/extraction-jobs/${id}`)).body.status as string));
  const count = (list: string[]) => Object.entries(list.reduce<Record<string, number>>((a, s) => ((a[s] = (a[s] ?? 0) + 1), a), {})).map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`before the kill: ${JOBS} jobs accepted (201); statuses: ${count(statuses)}; model requests so far: ${provider.requests.length}`);
  await stack.kill();
  console.log('SIGKILL sent to the npm start process, its Temporal dev server and its Postgres');

  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T', total: 1 }) }));
  stack = await startDevStack({ dataDir, provider });
  const deadline = Date.now() + 300_000;
  let final: any[] = [];
  for (;;) {
    final = await Promise.all(ids.map(async (id) => (await call(stack.url, 'GET', `/v1/extraction-jobs/${id}`)).body));
    if (final.every((j) => ['completed', 'failed', 'canceled'].includes(j?.status)) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const listed = (await call(stack.url, 'GET', '/v1/extraction-jobs?limit=100')).body;
  const listedIds = new Set((Array.isArray(listed) ? listed : []).map((j: any) => j.id));
  const completedOk = final.filter((j) => j.status === 'completed' && j.result?.data?.total === 1).length;
  console.log(`after npm start again: statuses: ${count(final.map((j) => j?.status ?? 'missing'))}; completed with a result: ${completedOk}/${JOBS}; ` +
    `listed by the API: ${ids.filter((id) => listedIds.has(id)).length}/${JOBS}, jobs in the list: ${listedIds.size}`);
  failed = completedOk !== JOBS || listedIds.size !== JOBS;
  console.log(failed ? 'FAILED: a job was lost or did not complete' : 'OK: every accepted job completed exactly once; none lost');
  await stack.close();
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await provider.close();
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}
process.exit(failed ? 1 : 0);
