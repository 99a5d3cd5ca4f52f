// The Python package (clients/python) end to end: pytest runs clients/python/tests against this
// file's real stack (Postgres, Temporal, API, worker) whose model is the scripted provider, which
// pytest scripts through a small control server. The venv under .tools/ is created on first use
// (pinned pytest; the package installed with pip from clients/python, as a user would).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensurePythonVenv, PYTHON_CLIENT_DIR, run, TEST_PINS, venvBin, venvEnv } from '../../scripts/python-client.js';
import { startApi, type RunningApi } from '../../src/runtime/api-process.js';
import { makePdf, makePng } from '../fixtures/documents.js';
import type { ScriptedProvider, Step } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { startStackWithProvider } from '../api/job-helpers.js';
import { startSeaweedS3, type SeaweedS3 } from '../harness/seaweedfs.js';
import { spawnService, type Service } from '../../bench/lib/services.js';

const TOKEN = 'tok-python-client-7f3a91';

let stack: TestStack;
let provider: ScriptedProvider;
let protectedApi: RunningApi;
/** The same service with SERVICE_STORAGE=s3 (direct uploads), on a real SeaweedFS bucket. */
let s3Api: Service;
let s3: SeaweedS3;
let control: http.Server;
let controlUrl: string;
let work: string;

/** POST /respond {step}: answer every model request with it; POST /reset; GET /requests → {count}. */
function startControl(p: ScriptedProvider): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/respond') {
        const step = JSON.parse(body) as Step;
        p.respondWith(() => step);
      } else if (req.method === 'POST' && req.url === '/reset') {
        p.reset();
      } else if (!(req.method === 'GET' && req.url === '/requests')) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count: p.requests.length }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    batches: true,
    env: { SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100', SERVICE_PROVIDER_MAX_INTERVAL_MS: '200', SERVICE_PROVIDER_MAX_ATTEMPTS: '2' },
  }));
  // The same service with a bearer token required (SERVICE_API_TOKENS).
  protectedApi = await startApi({ ...stack.config, apiTokens: [TOKEN] }, {
    databaseUrl: stack.config.databaseUrl!,
    temporalAddress: stack.config.temporal.address!,
    logger: (await import('pino')).pino({ level: 'silent' }),
    port: 0,
  });
  // An API process of its own (`npm run start:api`): the object store is per process, and this
  // one's other APIs keep bytes in Postgres. Same database and key; a queue of its own (it only uploads).
  s3 = await startSeaweedS3();
  s3Api = await spawnService('api', {
    ...s3.env,
    S3_PREFIX: 'py/',
    AWS_ACCESS_KEY_ID: s3.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
    DATABASE_URL: stack.config.databaseUrl!,
    TEMPORAL_ADDRESS: stack.config.temporal.address!,
    TEMPORAL_NAMESPACE: stack.config.temporal.namespace,
    TEMPORAL_TASK_QUEUE: `py-s3-${Date.now()}`,
    SERVICE_DATA_DIR: stack.config.dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
  }, undefined);
  control = await startControl(provider);
  controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  work = mkdtempSync(path.join(tmpdir(), 'docextract-pytest-'));
  writeFileSync(path.join(work, 'sample.pdf'), makePdf(['Invoice 7', 'Total 12.50']));
  writeFileSync(path.join(work, 'sample.png'), makePng(64, 48, [200, 220, 240]));
  await ensurePythonVenv(TEST_PINS);
  // As a user installs it: pip from the folder (deps from the index); rebuilt each run.
  await run(venvBin('python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--force-reinstall', '--no-deps', PYTHON_CLIENT_DIR], { env: venvEnv() });
  // With the extras of the LangChain loader and the LlamaIndex reader: langchain-core and llama-index-core from PyPI.
  await run(venvBin('python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-compile', `${PYTHON_CLIENT_DIR}[langchain,llama-index]`], { env: venvEnv() });
}, 600_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (control ? control.close(() => resolve()) : resolve()));
  await protectedApi?.close();
  await s3Api?.stop();
  await s3?.stop();
  await stack?.close();
  await provider?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

it('pytest: every test of clients/python/tests passes against the real service', async () => {
  const junit = path.join(work, 'junit.xml');
  // cwd outside clients/python, so the tests import the installed package, not the source folder.
  const r = await run(
    venvBin('python'),
    ['-m', 'pytest', path.join(PYTHON_CLIENT_DIR, 'tests'), '-p', 'no:cacheprovider', '--import-mode=importlib', `--junitxml=${junit}`, '-q'],
    {
      cwd: work,
      allowFailure: true,
      env: venvEnv({
        DOCEXTRACT_TEST_URL: stack.url,
        DOCEXTRACT_TEST_PROTECTED_URL: protectedApi.url,
        DOCEXTRACT_TEST_TOKEN: TOKEN,
        DOCEXTRACT_TEST_S3_URL: s3Api.url,
        DOCEXTRACT_TEST_PROVIDER: controlUrl,
        DOCEXTRACT_TEST_FIXTURES: work,
      }),
    },
  );
  const output = `${r.stdout}\n${r.stderr}`;
  const xml = readFileSync(junit, 'utf8');
  const suite = /<testsuite [^>]*>/.exec(xml)?.[0] ?? '';
  const count = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(suite)?.[1] ?? NaN);
  const testFiles = readdirSync(path.join(PYTHON_CLIENT_DIR, 'tests')).filter((f) => /^test_.*\.py$/.test(f));
  const defined = testFiles.reduce((n, f) => n + (readFileSync(path.join(PYTHON_CLIENT_DIR, 'tests', f), 'utf8').match(/^(?:async )?def test_/gm) ?? []).length, 0);
  expect({ exit: r.status, tests: count('tests'), failures: count('failures'), errors: count('errors'), skipped: count('skipped'), output: r.status === 0 ? '' : output }).toEqual({
    exit: 0,
    tests: defined,
    failures: 0,
    errors: 0,
    skipped: 0,
    output: '',
  });
  expect(defined).toBeGreaterThanOrEqual(14);
  // The direct-upload tests went through the bucket (two completed uploads); the multipart fallback did not.
  const completed = await stack.db('direct_uploads').whereNotNull('completed_at').whereNotNull('file_id').count({ n: '*' }).first();
  expect(Number(completed!.n)).toBe(2);
}, 600_000);
