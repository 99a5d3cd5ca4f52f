// The contract fuzzed: Schemathesis runs every phase (examples, coverage, fuzzing, stateful) and
// every check against a real stack (API + worker + the scripted provider as compatible_api) built
// from openapi.yaml. It must report 0 failures: no 5xx, no response outside its schema, no
// undocumented status code or header, every undeclared method 405 with Allow, ...
//
// `npm test` runs it with a fixed seed and a small budget (FUZZ_SEED, FUZZ_MAX_EXAMPLES below), so
// CI is repeatable and stays within about two minutes; `npm run fuzz` runs the same test with a
// fresh seed and 50 examples per operation. Settings: schemathesis.toml; hooks (long-poll `wait`
// capped, `__proto__` keys not generated, every other valid request of the operations that create
// files, extractors, jobs and webhook endpoints made usable so linked operations reach real ones,
// each with its reason): schemathesis_hooks.py.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config/index.js';
import { dropDatabase, ensureDatabase, migrateAndSeed, withDatabaseName, withPgClient } from '../../src/runtime/database.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.js';
import { ensureSchemathesis, SCHEMATHESIS_VERSION } from './schemathesis-tool.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TOKEN = 'fuzz-admin-token-5d1c0e';

const CI_SEED = 20261123;
const CI_MAX_EXAMPLES = 15;
const SEED = Number(process.env.FUZZ_SEED || CI_SEED);
const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES || CI_MAX_EXAMPLES);
const PHASES = 'examples,coverage,fuzzing,stateful';
const MAX_TIME = process.env.FUZZ_MAX_TIME; // seconds; unset: bounded by the examples alone

let stack: TestStack;
let provider: ScriptedProvider;
let receiver: WebhookReceiver;
let st: string;
let fuzzDatabase: { adminUrl: string; name: string } | undefined;

/**
 * A migrated, seeded database of the fuzzer's own: it creates definitions under the contract's
 * example names (`invoice`, …), which other test files run by the same Jest worker create too.
 */
async function ownDatabase(): Promise<string> {
  const adminUrl = readHarnessInfo().databaseUrl;
  const name = `${decodeURIComponent(new URL(adminUrl).pathname.slice(1))}_fuzz`;
  await withPgClient(adminUrl, (client) => ensureDatabase(client, name));
  fuzzDatabase = { adminUrl, name };
  const url = withDatabaseName(adminUrl, name);
  await migrateAndSeed(url, loadConfig({}));
  return url;
}

beforeAll(async () => {
  st = await ensureSchemathesis();
  provider = await startScriptedProvider();
  provider.setModels(['scripted-model-a', 'scripted-model-b']);
  // The hooks create some webhook endpoints on this receiver (a loopback address, hence the setting).
  receiver = await startWebhookReceiver();
  // Tokens on, so the `ignored_auth` check has something to check.
  stack = await startTestStack({ env: { SERVICE_API_TOKENS: TOKEN, SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true', DATABASE_URL: await ownDatabase() } });
  const put = await fetch(`${stack.url}/v1/providers/compatible_api`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ base_url: provider.baseUrl }),
  });
  expect(put.status).toBe(200);
}, 900_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  await receiver?.close();
  if (fuzzDatabase) await withPgClient(fuzzDatabase.adminUrl, (client) => dropDatabase(client, fuzzDatabase!.name));
});

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  failures: string[];
  tests: number;
}

async function runSchemathesis(): Promise<Outcome> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docextract-fuzz-'));
  const junit = path.join(dir, 'junit.xml');
  const args = [
    '--config-file', path.join(REPO_ROOT, 'test', 'fuzz', 'schemathesis.toml'),
    'run',
    path.join(REPO_ROOT, 'openapi.yaml'),
    '--url', stack.url,
    '--header', `Authorization: Bearer ${TOKEN}`,
    '--phases', PHASES,
    '--checks', 'all',
    '--seed', String(SEED),
    '--max-examples', String(MAX_EXAMPLES),
    '--workers', '1',
    '--request-timeout', '30',
    '--report', 'junit',
    '--report-junit-path', junit,
    '--no-color',
    ...(MAX_TIME ? ['--max-time', MAX_TIME] : []),
  ];
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const env = { ...process.env, NO_COLOR: '1', COLUMNS: '160', SCHEMATHESIS_HOOKS: path.join(REPO_ROOT, 'test', 'fuzz', 'schemathesis_hooks.py'), FUZZ_WEBHOOK_URL: `${receiver.url}/fuzz` };
    execFile(st, args, { maxBuffer: 256 * 1024 * 1024, env }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
  const xml = await readFile(junit, 'utf8').catch(() => '');
  await writeFile(path.join(dir, 'stdout.txt'), result.stdout);
  console.log(`Schemathesis output: ${path.join(dir, 'stdout.txt')}, JUnit report: ${junit}`);
  return { ...result, ...junitFailures(xml) };
}

/** `<operation>: <first line of each failure>` from the JUnit report (one testcase per operation). */
function junitFailures(xml: string): { failures: string[]; tests: number } {
  const failures: string[] = [];
  let tests = 0;
  for (const m of xml.matchAll(/<testcase\b[^>]*\bname="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    tests++;
    const body = m[2] ?? '';
    for (const f of body.matchAll(/<(failure|error)\b[^>]*?(?:message="([^"]*)")?[^>]*>([\s\S]*?)<\/\1>|<(failure|error)\b[^>]*?message="([^"]*)"[^>]*\/>/g)) {
      const text = decode(f[2] ?? f[5] ?? f[3] ?? '').trim().split('\n').filter(Boolean).slice(0, 3).join(' | ');
      failures.push(`${decode(m[1]!)}: ${text}`);
    }
  }
  return { failures, tests };
}

const decode = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#10;/g, '\n').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The counts of Schemathesis's summary: operations tested and selected, test cases generated. */
function summaryCounts(stdout: string): { operations: string; testCases: string } {
  const tested = /Tested:\s*(\d+)/.exec(stdout)?.[1];
  const selected = /Selected:\s*(\d+\/\d+)/.exec(stdout)?.[1];
  const generated = /Test cases:\s*\n\s*([^\n]+)/.exec(stdout)?.[1]?.trim();
  return { operations: `${tested ?? '?'} tested (selected ${selected ?? '?'})`, testCases: generated ?? '?' };
}

it(
  `Schemathesis ${SCHEMATHESIS_VERSION}: every phase and check passes against openapi.yaml`,
  async () => {
    const started = Date.now();
    const outcome = await runSchemathesis();
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const counts = summaryCounts(outcome.stdout);
    // One line to quote: seed, budget, operations, test cases, failures, time.
    console.log(
      `Schemathesis ${SCHEMATHESIS_VERSION}: seed ${SEED}, max examples ${MAX_EXAMPLES}, phases ${PHASES}, checks all; ` +
        `operations ${counts.operations}; test cases ${counts.testCases}; failures ${outcome.failures.length}; ` +
        `exit ${outcome.code}; ${seconds} s\n` +
        outcome.stdout.split('\n').slice(-40).join('\n') +
        // On a failure, also each failing case with its response and the curl line to reproduce it.
        (outcome.code === 0 ? '' : `\n${outcome.stdout.split(/^=+ WARNINGS =+$/m)[0]!.slice(-12_000)}`),
    );
    // Failures name the operation and the check, so a mismatch is found without re-running.
    expect({ exit: outcome.code, failures: outcome.failures, stderr: outcome.stderr.slice(-2000) }).toEqual({
      exit: 0,
      failures: [],
      stderr: expect.any(String),
    });
    // A run that tested nothing is no pass: every operation of openapi.yaml was exercised.
    expect(outcome.tests).toBeGreaterThanOrEqual(50);
    expect(counts.operations).toMatch(/^(\d+) tested \(selected \1\/\1\)$/);
  },
  MAX_TIME ? (Number(MAX_TIME) + 900) * 1000 : 1_800_000,
);
