// What both Schemathesis test files share: the stack they fuzz (API + worker + the scripted provider
// as compatible_api, tokens on, a database of its own), one `st run` and the reading of its report.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config/index.js';
import { dropDatabase, ensureDatabase, migrateAndSeed, withDatabaseName, withPgClient } from '../../src/runtime/database.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.js';
import { ensureSchemathesis } from './schemathesis-tool.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TOKEN = 'fuzz-admin-token-5d1c0e';
export const PHASES = 'examples,coverage,fuzzing,stateful';

/**
 * The phases a fuzz file runs: FUZZ_PHASES when set; else every phase under `npm run fuzz` (FUZZ_SEED
 * set); else the file's own (`soakOr(npm test's, PHASES)`).
 */
export function phasesToRun(filePhases: string): string {
  return process.env.FUZZ_PHASES || (process.env.FUZZ_SEED ? PHASES : filePhases);
}

export interface FuzzStack {
  st: string;
  stack: TestStack;
  provider: ScriptedProvider;
  receiver: WebhookReceiver;
  /** Points compatible_api back at the scripted provider (a run may have pointed it elsewhere). */
  resetProviders(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A migrated, seeded database of the fuzzer's own (`suffix` keeps the two test files apart): it
 * creates definitions under the contract's example names (`invoice`, …), which other test files run
 * by the same Jest worker create too.
 */
async function ownDatabase(suffix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = readHarnessInfo().databaseUrl;
  const name = `${decodeURIComponent(new URL(adminUrl).pathname.slice(1))}_${suffix}`;
  await withPgClient(adminUrl, (client) => ensureDatabase(client, name));
  const url = withDatabaseName(adminUrl, name);
  await migrateAndSeed(url, loadConfig({}));
  return { url, drop: () => withPgClient(adminUrl, (client) => dropDatabase(client, name)) };
}

export async function startFuzzStack(opts: { databaseSuffix: string; env?: Record<string, string> }): Promise<FuzzStack> {
  const st = await ensureSchemathesis();
  const provider = await startScriptedProvider();
  provider.setModels(['scripted-model-a', 'scripted-model-b']);
  const receiver = await startWebhookReceiver();
  const database = await ownDatabase(opts.databaseSuffix);
  // Tokens on, so the `ignored_auth` check has something to check.
  const stack = await startTestStack({ batches: true, env: { SERVICE_API_TOKENS: TOKEN, DATABASE_URL: database.url, ...opts.env } });
  const resetProviders = async () => {
    const put = await fetch(`${stack.url}/v1/providers/compatible_api`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ base_url: provider.baseUrl }),
    });
    if (put.status !== 200) throw new Error(`PUT /v1/providers/compatible_api: ${put.status} ${await put.text()}`);
  };
  await resetProviders();
  await seedExampleExtractors(stack.url);
  return {
    st,
    stack,
    provider,
    receiver,
    resetProviders,
    close: async () => {
      await stack.close();
      await provider.close();
      await receiver.close();
      await database.drop();
    },
  };
}

/**
 * The extractors openapi.yaml's examples name (a classifier's classes, `loan-application` and
 * `pay-slip`), so its examples are valid requests here as in a service that follows the docs: a
 * class naming no extractor is `422 unknown_extractor`.
 */
export const EXAMPLE_EXTRACTORS = ['loan-application', 'pay-slip'];

async function seedExampleExtractors(url: string): Promise<void> {
  for (const name of EXAMPLE_EXTRACTORS) {
    const put = await fetch(`${url}/v1/extractors/${name}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        display_name: name,
        instructions: 'Extract the applicant.',
        schema: { type: 'object', properties: { applicant: { type: ['string', 'null'] } }, required: ['applicant'], additionalProperties: false },
      }),
    });
    if (put.status !== 200 && put.status !== 201) throw new Error(`PUT /v1/extractors/${name}: ${put.status} ${await put.text()}`);
  }
}

export interface RunOptions {
  seed: number;
  maxExamples: number;
  /** test/fuzz/<file> passed with --config-file. */
  configFile: string;
  /** Extra environment of `st` (SCHEMATHESIS_HOOKS for the hooked run). */
  env?: Record<string, string>;
  maxTime?: string;
  /** Schemathesis phases, comma-separated; every phase (PHASES) unless given. */
  phases?: string;
}

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  failures: string[];
  tests: number;
  /** The command that ran, for the report (the token filtered). */
  command: string;
}

export async function runSchemathesis(fuzz: FuzzStack, opts: RunOptions): Promise<Outcome> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docextract-fuzz-'));
  const junit = path.join(dir, 'junit.xml');
  const args = [
    '--config-file', path.join(REPO_ROOT, 'test', 'fuzz', opts.configFile),
    'run',
    path.join(REPO_ROOT, 'openapi.yaml'),
    '--url', fuzz.stack.url,
    '--header', `Authorization: Bearer ${TOKEN}`,
    '--phases', opts.phases ?? PHASES,
    '--checks', 'all',
    '--seed', String(opts.seed),
    '--max-examples', String(opts.maxExamples),
    '--workers', '1',
    '--request-timeout', '30',
    '--report', 'junit',
    '--report-junit-path', junit,
    '--no-color',
    ...(opts.maxTime ? ['--max-time', opts.maxTime] : []),
  ];
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const env = { ...process.env, NO_COLOR: '1', COLUMNS: '160', ...opts.env };
    execFile(fuzz.st, args, { maxBuffer: 256 * 1024 * 1024, env }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
  const xml = await readFile(junit, 'utf8').catch(() => '');
  await writeFile(path.join(dir, 'stdout.txt'), result.stdout);
  console.log(`Schemathesis output: ${path.join(dir, 'stdout.txt')}, JUnit report: ${junit}`);
  const command = ['st', ...args].map((a) => (a.startsWith('Authorization:') ? `'Authorization: Bearer <token>'` : a)).join(' ');
  return { ...result, ...junitFailures(xml), command };
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
export function summaryCounts(stdout: string): { operations: string; testCases: string } {
  const tested = /Tested:\s*(\d+)/.exec(stdout)?.[1];
  const selected = /Selected:\s*(\d+\/\d+)/.exec(stdout)?.[1];
  const generated = /Test cases:\s*\n\s*([^\n]+)/.exec(stdout)?.[1]?.trim();
  return { operations: `${tested ?? '?'} tested (selected ${selected ?? '?'})`, testCases: generated ?? '?' };
}

/**
 * One line to quote (seed, budget, operations, test cases, failures, time), the summary, and on a
 * failure each failing case with its response and the curl line that reproduces it, then how to
 * replay the whole run.
 */
export function report(label: string, opts: RunOptions, outcome: Outcome, seconds: number, replay: string): string {
  const counts = summaryCounts(outcome.stdout);
  return (
    `${label}: seed ${opts.seed}, max examples ${opts.maxExamples}, phases ${opts.phases ?? PHASES}, checks all; ` +
    `operations ${counts.operations}; test cases ${counts.testCases}; failures ${outcome.failures.length}; ` +
    `exit ${outcome.code}; ${seconds.toFixed(0)} s\n` +
    outcome.stdout.split('\n').slice(-40).join('\n') +
    (outcome.code === 0
      ? ''
      : `\n${outcome.stdout.split(/^=+ WARNINGS =+$/m)[0]!.slice(-12_000)}\n` +
        `Reproduce: each failure above has its curl line (and \`st replay <id>\`); the whole run: ${replay}\n` +
        `(${outcome.command})`)
  );
}
