import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stopChild } from '../../src/runtime/process.js';
import { call, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import { makePdf } from '../fixtures/documents.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';

// Every line a worker process writes, on stdout and stderr, is one JSON object: our own lines, the
// Temporal SDK's and those of its Rust core (forwarded through the SDK runtime's logger). Run at
// debug level, where the core is talkative, through a whole job and a graceful stop.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG_VARIABLE = /^(DATABASE_|TEMPORAL_|SERVICE_|HOST$|PORT$|LOG_LEVEL$)/;

let stack: TestStack;
let provider: ScriptedProvider;
let child: ChildProcess | undefined;
const stdout: string[] = [];
const stderr: string[] = [];
let job: any;
let exit: { code: number | null; signal: NodeJS.Signals | null };

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ worker: false }));
  provider.respondWith(() => ({ kind: 'content', content: '# A page' }));
  const harness = readHarnessInfo();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !CONFIG_VARIABLE.test(k)));
  child = spawn(process.execPath, [path.join('scripts', 'start-service.mjs'), path.join('src', 'bin', 'worker.ts')], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_OPTIONS: '',
      DATABASE_URL: harness.databaseUrl,
      TEMPORAL_ADDRESS: harness.temporalAddress,
      TEMPORAL_NAMESPACE: harness.temporalNamespace,
      TEMPORAL_TASK_QUEUE: stack.taskQueue,
      SERVICE_DATA_DIR: stack.config.dataDir,
      LOG_LEVEL: 'debug',
      WORKFLOW_BUNDLE_PATH: harness.workflowBundlePath,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<typeof exit>((resolve) => child!.once('exit', (code, signal) => resolve({ code, signal })));
  const collect = (into: string[]) => {
    let rest = '';
    return (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop()!;
      into.push(...parts.filter((l) => l !== ''));
    };
  };
  child.stdout!.on('data', collect(stdout));
  child.stderr!.on('data', collect(stderr));

  const file = await upload(stack.url, makePdf(['one', 'two']), 'two.pdf', 'application/pdf');
  const created = await call(stack.url, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
  expect(created.status).toBe(201);
  job = (await pollJob(stack.url, `/v1/parse-jobs/${created.body.id}`, undefined, 60_000)).at(-1);
  child.kill('SIGTERM');
  exit = await exited;
}, 120_000);

afterAll(async () => {
  if (child) await stopChild(child, { signal: 'SIGKILL' });
  await stack?.close();
  await provider?.close();
});

describe('a worker process at debug level', () => {
  it('ran a job and stopped cleanly', () => {
    expect(job.status).toBe('completed');
    expect(exit).toEqual({ code: 0, signal: null });
  });

  it('wrote only JSON lines, on stdout and on stderr', () => {
    const all = [...stdout, ...stderr];
    expect(all.length).toBeGreaterThan(20);
    const notJson = all.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
  });

  it('forwarded lines of the SDK core into that stream', () => {
    const core = stdout.map((l) => JSON.parse(l)).filter((e) => e.name === 'temporal-sdk' && e.temporal?.sdkComponent === 'core');
    expect(core.length).toBeGreaterThan(0);
  });
});
