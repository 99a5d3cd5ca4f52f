// The README's Quick start as a newcomer follows it: `npm start` (the first command of its
// `quickstart:start` block), then every command of its `quickstart:first-job` block, as written,
// in bash from the repository's root — curl upload, extraction with the prebuilt `receipt`
// extractor, the long-poll, and the same with the CLI. The model is the scripted one, set the way
// the README says to point the built-in definitions at a model server (SERVICE_LOCAL_BASE_URL).
// The only change made to the commands: the README's default address becomes this run's API.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stopChild } from '../../src/runtime/process.js';
import { devProcessEnv, startDevProcess, type DevProcess } from '../harness/dev-process.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const DEFAULT_URL = 'http://127.0.0.1:8000';
const RECEIPT = {
  merchant_name: 'CORNER SHOP',
  merchant_address: '12 High Street, Springfield',
  merchant_phone: '555-0142',
  date: '2026-11-26',
  time: '09:41',
  currency: 'EUR',
  subtotal: 9.75,
  tax: 0.78,
  tip: null,
  total: 10.53,
  payment_method: 'credit_card',
  line_items: [
    { description: 'Coffee', quantity: 2, unit_price: 3.5, amount: 7 },
    { description: 'Croissant', quantity: 1, unit_price: 2.75, amount: 2.75 },
  ],
};

/** The ```sh blocks between `<!-- quickstart:NAME -->` and `<!-- /quickstart:NAME -->`. */
function shellBlocks(name: string): string[] {
  const section = README.split(`<!-- quickstart:${name} -->`)[1]?.split(`<!-- /quickstart:${name} -->`)[0];
  if (section === undefined) throw new Error(`README.md has no quickstart:${name} markers`);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

let provider: ScriptedProvider;
let dataDir: string;
let dev: DevProcess | undefined;

beforeAll(async () => {
  const harness = readHarnessInfo();
  dataDir = await mkdtemp(path.join(harness.tempDir, 'quick-start-'));
  await chmod(dataDir, 0o755);
  provider = await startScriptedProvider();
  // The model server is not ready at first (its first three answers are 503s), as when it starts
  // after the service: the README's wait loop must say what the job waits for meanwhile.
  let answered = 0;
  provider.respondWith(() =>
    ++answered <= 3 ? { kind: 'error', status: 503 } : { kind: 'content', content: JSON.stringify(RECEIPT), delayMs: 300 },
  );
}, 60_000);

afterAll(async () => {
  if (dev && dev.child.exitCode === null && dev.child.signalCode === null) await stopChild(dev.child, { signal: 'SIGTERM', timeoutMs: 30_000 });
  await provider?.close();
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}, 60_000);

describe("the README's Quick start", () => {
  it('reaches a completed extraction with curl and with the CLI, against npm start', async () => {
    const start = shellBlocks('start');
    expect(start).toHaveLength(1);
    const commands = start[0]!.split('\n').map((line) => line.replace(/#.*$/, '').trim()).filter(Boolean);
    expect(commands).toEqual(['npm start', 'npm test']);

    // `npm start` as typed (the harness's 'npm' mode), on this run's free ports and data folder.
    dev = await startDevProcess(
      await devProcessEnv(
        dataDir,
        {
          // Its prestart (installing dependencies when they are missing) is not under test here.
          npm_config_ignore_scripts: 'true',
          // What the README's "Get a model" says: the built-in definitions' model server.
          SERVICE_LOCAL_BASE_URL: provider.baseUrl,
          // Long-polls held 1 s, so the loop goes round (and prints) while the model call is retried.
          SERVICE_LONG_POLL_MAX_S: '1',
        },
        /^(npm_|DOCEXTRACT_)/,
      ),
      240_000,
      3,
      'npm',
    );

    const blocks = shellBlocks('first-job');
    expect(blocks).toHaveLength(2);
    expect(blocks.join('')).toContain(DEFAULT_URL);
    // Each block's output on lines of its own (a curl answer has no final newline).
    const script = blocks.map((b) => b.replaceAll(DEFAULT_URL, dev!.url)).join("printf '\\n<<block>>\\n'\n");
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.any(String) });

    const [curlOutput, cliOutput] = stdout.split('\n<<block>>\n');
    // curl: the long-poll answered with the completed job and its result.
    const job = JSON.parse(curlOutput!.trim());
    expect(job).toMatchObject({ id: expect.stringMatching(/^ejob_/), status: 'completed', result: { data: RECEIPT } });
    expect(job.extractor_name ?? 'receipt').toBe('receipt');
    // While it waited, the loop printed the job's status and why it waited (its `retry`), on stderr.
    expect(stderr).toMatch(/^"status":"running" "last_error_code":"provider_unavailable" "last_error_message":"[^\n]+"$/m);
    // The CLI: result.data on stdout; what it did on stderr.
    expect(JSON.parse(cliOutput!)).toEqual(RECEIPT);
    expect(stderr).toMatch(/^uploaded file_\w+$/m);
    expect(stderr).toMatch(/^ejob_\w+ completed$/m);
    // Both asked the model about the receipt: curl's job three refused attempts and one answered, the CLI's one.
    expect(provider.requests).toHaveLength(5);
  }, 420_000);
});
