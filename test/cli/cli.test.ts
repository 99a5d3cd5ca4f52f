// The `docextract` command line as a user runs it: a real process (bin/docextract.mjs) against a
// real stack (Postgres, Temporal, worker), with the scripted model server answering. Output that is
// not a terminal gets plain progress lines; a run under tmux captures the live bar
// (test/fixtures/cli/progress-bar.txt).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makePdf } from '../fixtures/documents.js';
import { call, eventually, pointCompatibleProviderAt, startStackWithProvider } from '../api/job-helpers.js';
import { freePort } from '../../src/runtime/ports.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'docextract.mjs');
const PROGRESS_FIXTURE = path.join(ROOT, 'test', 'fixtures', 'cli', 'progress-bar.txt');
const EXTRACTOR = 'cli-demo';
const DATA = { merchant: 'Corner Shop', total: 12.5 };
const SCHEMA = {
  type: 'object',
  properties: { merchant: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
  required: ['merchant', 'total'],
};
const execFileAsync = promisify(execFile);

let stack: TestStack;
let provider: ScriptedProvider;
let dir: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: { SERVICE_PAGE_CONCURRENCY: '1', SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100', SERVICE_PROVIDER_MAX_INTERVAL_MS: '200' },
  }));
  const put = await call(stack.url, 'PUT', `/v1/extractors/${EXTRACTOR}`, {
    display_name: 'CLI demo',
    instructions: 'Extract the merchant and the total.',
    model: 'test-vision-model',
    schema: SCHEMA,
  });
  expect([200, 201]).toContain(put.status);
  dir = mkdtempSync(path.join(tmpdir(), 'docextract-cli-'));
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => provider.reset());

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Only what the README tells a user to set: no NODE_OPTIONS or service configuration from Jest. */
function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DOCEXTRACT_URL: stack.url, ...extra };
}

/** Run `docextract args…` to its end; `input` goes to its stdin. */
function cli(args: string[], opts: { input?: string | Buffer; env?: Record<string, string> } = {}): Promise<Run> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: cliEnv(opts.env), stdio: ['pipe', 'pipe', 'pipe'] });
  return collect(child, opts.input);
}

function collect(child: ReturnType<typeof spawn>, input?: string | Buffer): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stdin!.end(input);
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

function pdfFile(name: string, pages: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, makePdf(pages));
  return file;
}

describe('extract and parse', () => {
  it('extract <pdf> --extractor prints result.data, with plain progress lines on a non-terminal stderr', async () => {
    provider.enqueue({ kind: 'content', content: JSON.stringify(DATA), delayMs: 500 });
    const run = await cli(['extract', pdfFile('receipt.pdf', ['Corner Shop 12.50']), '--extractor', EXTRACTOR]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(JSON.parse(run.stdout)).toEqual(DATA);
    const jobId = /created (ejob_\w+)/.exec(run.stderr)?.[1];
    expect(jobId).toBeDefined();
    expect(run.stderr).toMatch(/^uploaded file_\w+$/m);
    expect(run.stderr).toContain(`${jobId} completed 1/1 pages`);
    expect(run.stderr).not.toMatch(/\x1b\[/); // no terminal control codes when not a TTY
  });

  it('extract - reads text from stdin; --json prints the whole job', async () => {
    provider.enqueue({ kind: 'content', content: JSON.stringify(DATA) });
    const run = await cli(['extract', '-', '--extractor', EXTRACTOR, '--json'], { input: 'Corner Shop, total 12.50' });
    expect(run.code).toBe(0);
    const job = JSON.parse(run.stdout);
    expect(job).toMatchObject({ status: 'completed', file_id: null, source_text: 'Corner Shop, total 12.50', result: { data: DATA } });
  });

  it('parse <pdf> -o out.md writes every page; --pages prints them as JSON', async () => {
    provider.respondWith((req) => {
      const n = (req.body.messages as unknown[]).length; // any answer will do; keep pages distinct by order
      return { kind: 'content', content: `# Page ${provider.requests.length} (${n})` };
    });
    const pdf = pdfFile('three.pdf', ['one', 'two', 'three']);
    const run = await cli(['parse', pdf, '-o', 'out.md']);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.stringContaining('wrote out.md (3 pages)') });
    expect(run.stdout).toBe('');
    const markdown = readFileSync(path.join(dir, 'out.md'), 'utf8');
    expect(markdown.split('<!-- PageBreak -->')).toHaveLength(3);
    expect(run.stderr).toMatch(/pjob_\w+ completed 3\/3 pages/);

    const pages = await cli(['parse', pdf, '--pages']);
    expect(pages.code).toBe(0);
    expect(JSON.parse(pages.stdout).map((p: { page_number: number }) => p.page_number)).toEqual([1, 2, 3]);
  });

  it('runs as `npx docextract` from the repository', async () => {
    const { stdout } = await execFileAsync('npx', ['--no-install', 'docextract', 'extractors', 'list'], { cwd: ROOT, env: cliEnv(), timeout: 60_000 });
    expect(stdout).toMatch(new RegExp(`^${EXTRACTOR}\\tuser\\t`, 'm'));
    expect(stdout).toMatch(/^receipt\tprebuilt\t/m);
  }, 90_000);
});

describe('definitions kept as files', () => {
  const extractorYaml = (instructions: string) =>
    [
      'name: invoice-cli',
      'display_name: Invoice (CLI)',
      `instructions: ${instructions}`,
      'model: test-vision-model',
      'schema:',
      '  type: object',
      '  properties:',
      "    invoice_number: { type: [string, 'null'] }",
      "    total: { type: [number, 'null'] }",
      '  required: [invoice_number, total]',
      'examples:',
      '  - input: { text: "Invoice 7, total 3" }',
      '    output: { invoice_number: "7", total: 3 }',
      '---',
      'name: receipt-cli',
      'display_name: Receipt (CLI)',
      'instructions: Extract the merchant and the total.',
      `schema: ${JSON.stringify(SCHEMA)}`,
      '',
    ].join('\n');

  it('extractors apply creates, then a second apply changes nothing (updated_at unchanged), then an edit updates', async () => {
    const file = path.join(dir, 'extractors.yaml');
    writeFileSync(file, extractorYaml('Extract the invoice number and the total.'));
    const first = await cli(['extractors', 'apply', file]);
    expect({ code: first.code, stdout: first.stdout }).toEqual({ code: 0, stdout: 'extractor invoice-cli: created\nextractor receipt-cli: created\n' });
    const before = (await call(stack.url, 'GET', '/v1/extractors/invoice-cli')).body;
    const beforeReceipt = (await call(stack.url, 'GET', '/v1/extractors/receipt-cli')).body;

    const second = await cli(['extractors', 'apply', file]);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('extractor invoice-cli: unchanged\nextractor receipt-cli: unchanged\n');
    expect(second.stderr).toContain('nothing to change');
    expect((await call(stack.url, 'GET', '/v1/extractors/invoice-cli')).body.updated_at).toBe(before.updated_at);
    expect((await call(stack.url, 'GET', '/v1/extractors/receipt-cli')).body.updated_at).toBe(beforeReceipt.updated_at);

    writeFileSync(file, extractorYaml('Extract the invoice number and the grand total.'));
    const third = await cli(['extractors', 'apply', file]);
    expect(third.stdout).toBe('extractor invoice-cli: updated (instructions)\nextractor receipt-cli: unchanged\n');
    const after = (await call(stack.url, 'GET', '/v1/extractors/invoice-cli')).body;
    expect(after.instructions).toBe('Extract the invoice number and the grand total.');
    expect(after.id).toBe(before.id);
  });

  it('extractors get prints YAML that applies back unchanged', async () => {
    const got = await cli(['extractors', 'get', EXTRACTOR]);
    expect(got.code).toBe(0);
    expect(got.stdout).toMatch(/^name: cli-demo$/m);
    writeFileSync(path.join(dir, 'roundtrip.yaml'), got.stdout);
    const applied = await cli(['extractors', 'apply', 'roundtrip.yaml']);
    expect(applied.stdout).toBe(`extractor ${EXTRACTOR}: unchanged\n`);
  });

  it('parsers apply twice: created, then unchanged', async () => {
    const file = path.join(dir, 'parser.yaml');
    writeFileSync(file, 'name: tables-cli\ndisplay_name: Tables (CLI)\ninstructions: Render tables as HTML.\n');
    expect((await cli(['parsers', 'apply', file])).stdout).toBe('parser tables-cli: created\n');
    const before = (await call(stack.url, 'GET', '/v1/parsers/tables-cli')).body;
    expect((await cli(['parsers', 'apply', file])).stdout).toBe('parser tables-cli: unchanged\n');
    expect((await call(stack.url, 'GET', '/v1/parsers/tables-cli')).body.updated_at).toBe(before.updated_at);
    const list = await cli(['parsers', 'list']);
    expect(list.stdout).toMatch(/^tables-cli\tuser\tcompatible_api\//m);
  });

  it('extractors apply: a refused definition names itself, and its schema errors print one a line, not as JSON', async () => {
    writeFileSync(
      path.join(dir, 'refused.yaml'),
      'name: cli-refused\ndisplay_name: Refused\ninstructions: Extract the date.\nmodel: test-vision-model\nschema:\n  type: object\n  properties:\n    date: { type: string, format: date }\n',
    );
    const run = await cli(['extractors', 'apply', 'refused.yaml']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^extractor cli-refused: refused$/m);
    expect(run.stderr).toMatch(/^error invalid_schema: The schema does not belong to the extraction schema dialect\.$/m);
    expect(run.stderr).toMatch(/^ {2}unsupported_keyword at \$\.properties\.date\.format: .+$/m);
    expect(run.stderr).not.toContain('{"');
  });

  it('schema validate: a dialect schema is valid; a rejected one exits 1 with invalid_schema and each diagnostic', async () => {
    writeFileSync(path.join(dir, 'good.json'), JSON.stringify(SCHEMA));
    const good = await cli(['schema', 'validate', 'good.json']);
    expect({ code: good.code, stdout: good.stdout }).toEqual({ code: 0, stdout: 'good.json: valid\n' });
    writeFileSync(path.join(dir, 'bad.yaml'), 'type: object\nproperties:\n  date: { type: string, format: date }\n');
    const bad = await cli(['schema', 'validate', 'bad.yaml']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/unsupported_keyword at \$\.properties\.date\.format/);
    expect(bad.stderr).toMatch(/^error invalid_schema: bad\.yaml: 1 error\(s\)$/m);
  });
});

describe('jobs and providers', () => {
  it('jobs list, get, cancel and delete', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const created = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'stalls' });
    const jobId = created.body.id as string;
    const list = await cli(['jobs', 'list', '--kind', 'extraction']);
    expect(list.stdout).toMatch(new RegExp(`^${jobId}\\t(queued|running)\\t`, 'm'));
    expect(JSON.parse((await cli(['jobs', 'get', jobId])).stdout)).toMatchObject({ id: jobId, extractor_id: expect.any(String) });
    expect((await cli(['jobs', 'cancel', jobId])).stdout).toMatch(new RegExp(`^${jobId}\\t(canceling|canceled)\\n$`));
    await eventually(async () => ((await call(stack.url, 'GET', `/v1/extraction-jobs/${jobId}`)).body.status === 'canceled' ? true : undefined), 30_000);
    expect((await cli(['jobs', 'delete', jobId])).stdout).toBe(`deleted\t${jobId}\n`);
    expect((await call(stack.url, 'GET', `/v1/extraction-jobs/${jobId}`)).status).toBe(404);
  });

  it('providers set stores a key read from stdin and never prints it; --config merges settings', async () => {
    const key = 'sk-cli-test-0123456789';
    const run = await cli(['providers', 'set', 'hosted_api', '--api-key-stdin', '--config', 'max_concurrent_requests=3'], { input: `${key}\n` });
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain(key);
    expect(JSON.parse(run.stdout)).toMatchObject({ name: 'hosted_api', has_api_key: true, configuration: { max_concurrent_requests: 3 } });
    const again = await cli(['providers', 'set', 'hosted_api', '--api-key-env', 'HOSTED_KEY', '--config', 'note=cli']);
    expect(JSON.parse(again.stdout).configuration).toEqual({ max_concurrent_requests: 3, note: 'cli' });
    const cleared = await cli(['providers', 'set', 'hosted_api', '--clear-api-key', '--config', 'max_concurrent_requests=0']);
    expect(cleared.code).toBe(1);
    expect(cleared.stderr).toMatch(/^error invalid_provider_configuration: /m);
    await call(stack.url, 'PUT', '/v1/providers/hosted_api', {});
  });
});

describe('failures', () => {
  it('an unknown extractor or parser exits 1 with `error not_found: …` before uploading anything', async () => {
    const files = async () => ((await call(stack.url, 'GET', '/v1/files?limit=100')).body as { id: string }[]).map((f) => f.id);
    const before = await files();
    const run = await cli(['extract', '-e', 'nope', pdfFile('x.pdf', ['x'])]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error not_found: .+/m);
    expect(run.stderr).not.toContain('uploaded');
    const parse = await cli(['parse', pdfFile('y.pdf', ['y']), '--parser', 'nope']);
    expect(parse.code).toBe(1);
    expect(parse.stderr).toMatch(/^error not_found: .+/m);
    expect(await files()).toEqual(before);
  });

  it('--version prints the release of the service', async () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await cli(['--version']);
    expect({ code: run.code, stdout: run.stdout.trim() }).toEqual({ code: 0, stdout: pkg.version });
  });

  it('with no model server, the progress line says the job is waiting for the model and why', async () => {
    // The model server is gone: its port refuses connections.
    const closed = `http://127.0.0.1:${await freePort()}/v1`;
    expect((await call(stack.url, 'PATCH', '/v1/providers/compatible_api', { base_url: closed })).status).toBe(200);
    try {
      const startedAt = Date.now();
      // Waits at most 10 s: the reason must show by then.
      const run = await cli(['extract', '-', '--extractor', EXTRACTOR, '--timeout', '10'], { input: 'Corner Shop, total 12.50' });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^ejob_\w+ running \S+ pages \| waiting for the model: provider_unavailable — .*ECONNREFUSED.* — attempt \d+, next (in \d+ s|now)$/m);
      expect(run.stderr).toMatch(/^error deadline_exceeded: /m);
      expect(Date.now() - startedAt).toBeLessThan(60_000);
      const jobId = /created (ejob_\w+)/.exec(run.stderr)![1]!;
      // Stopped before the model server is back, so that no late attempt of it reaches the next test's model.
      await call(stack.url, 'POST', `/v1/extraction-jobs/${jobId}/cancel`);
      await eventually(async () => ((await call(stack.url, 'GET', `/v1/extraction-jobs/${jobId}`)).body.status === 'canceled' ? true : undefined), 60_000);
    } finally {
      await pointCompatibleProviderAt(stack.url, provider.baseUrl);
    }
  });

  it("a failed job exits 1 with the job's error code", async () => {
    provider.enqueue({ kind: 'error', status: 400 });
    const run = await cli(['extract', '-', '--extractor', EXTRACTOR], { input: 'fails' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error provider_rejected: ejob_\w+ failed/m);
  });

  it('an unreachable service exits 1 with network_error; a usage error exits 2', async () => {
    const offline = await cli(['jobs', 'list'], { env: { DOCEXTRACT_URL: 'http://127.0.0.1:9' } });
    expect(offline.code).toBe(1);
    expect(offline.stderr).toMatch(/^error network_error: /m);
    const misconfigured = await cli(['jobs', 'list'], { env: { DOCEXTRACT_URL: 'not a url' } });
    expect(misconfigured.code).toBe(1);
    expect(misconfigured.stderr).toMatch(/^error invalid_config: DOCEXTRACT_URL: /m);
    const usage = await cli(['extract', 'x.pdf']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("required option '-e, --extractor <name>' not specified");
  });

  it('Ctrl-C (SIGINT) cancels the job the CLI started and exits 130', async () => {
    provider.respondWith(() => ({ kind: 'stall' }));
    const child = spawn(process.execPath, [BIN, 'parse', pdfFile('stall.pdf', ['a', 'b', 'c'])], { cwd: dir, env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const done = collect(child);
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const jobId = await eventually(async () => /created (pjob_\w+)/.exec(stderr)?.[1], 30_000);
    await provider.waitForRequests(1, 30_000);
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(new RegExp(`canceled ${jobId} \\((canceling|canceled)\\)`));
    const job = (await call(stack.url, 'GET', `/v1/parse-jobs/${jobId}`)).body;
    expect(['canceling', 'canceled']).toContain(job.status);
  });

  it('DOCEXTRACT_TOKEN is sent as a bearer token', async () => {
    const secured = await startTestStack({ worker: false, env: { SERVICE_API_TOKENS: 'cli-token-1' } });
    try {
      const without = await cli(['extractors', 'list'], { env: { DOCEXTRACT_URL: secured.url } });
      expect(without.code).toBe(1);
      expect(without.stderr).toMatch(/^error unauthorized: /m);
      const withToken = await cli(['extractors', 'list'], { env: { DOCEXTRACT_URL: secured.url, DOCEXTRACT_TOKEN: 'cli-token-1' } });
      expect(withToken.code).toBe(0);
      expect(withToken.stdout).toMatch(/^receipt\tprebuilt\t/m);
    } finally {
      await secured.close();
    }
  });
});

describe('the progress bar on a terminal (tmux)', () => {
  it('shows pages done/total while a multi-page parse runs; the capture is test/fixtures/cli/progress-bar.txt', async () => {
    await ensureTmux();
    provider.respondWith(() => ({ kind: 'content', content: '# A page', delayMs: 900 }));
    const pdf = pdfFile('five.pdf', ['1', '2', '3', '4', '5']);
    const socket = `docextract-cli-${process.pid}`;
    const tmux = (...args: string[]) => execFileAsync('tmux', ['-L', socket, ...args], { env: { ...process.env, TMUX: '' } });
    const envArgs = Object.entries(cliEnv()).map(([k, v]) => `${k}=${v}`);
    // The pane outlives the command, so its last frame can be read too.
    await tmux('new-session', '-d', '-s', 'cli', '-x', '100', '-y', '8', 'env', ...envArgs, process.execPath, BIN, 'parse', pdf, '-o', path.join(dir, 'five.md'));
    await tmux('set-option', '-t', 'cli', 'remain-on-exit', 'on');
    try {
      const bar = /\[[█░]+\] (\d+)\/(\d+) pages \| running/;
      // A frame of the run in progress: some pages done, not all.
      const frame = await eventually(async () => {
        const { stdout } = await tmux('capture-pane', '-p', '-t', 'cli');
        const m = bar.exec(stdout);
        return m && Number(m[1]) > 0 && Number(m[1]) < Number(m[2]) ? stdout : undefined;
      }, 60_000);
      expect(frame).toMatch(/^created pjob_\w+$/m);
      expect(frame).toMatch(/\/5 pages \| running/);
      const final = await eventually(async () => {
        const { stdout } = await tmux('capture-pane', '-p', '-t', 'cli');
        return /5\/5 pages \| completed/.test(stdout) ? stdout : undefined;
      }, 60_000);
      expect(final).toMatch(/\[█{30}\] 5\/5 pages \| completed/);
      expect(final).toMatch(/^pjob_\w+ completed$/m);

      const capture = `${frame.trimEnd()}\n`;
      // The committed capture is rewritten only on request, so a test run leaves the tree clean.
      if (!existsSync(PROGRESS_FIXTURE) || process.env.UPDATE_CLI_FIXTURES === '1') {
        mkdirSync(path.dirname(PROGRESS_FIXTURE), { recursive: true });
        writeFileSync(PROGRESS_FIXTURE, capture);
      }
      const committed = readFileSync(PROGRESS_FIXTURE, 'utf8');
      expect(committed).toMatch(/\[[█░]+\] [1-4]\/5 pages \| running/);
      // Same shape as today's capture: only ids and how far the bar had got may differ.
      const shape = (s: string) => s.replace(/\w+_[0-9a-z]{26}/g, 'ID').replace(/[█░]+\] \d+/g, 'BAR');
      expect(shape(committed)).toBe(shape(capture));
    } finally {
      await tmux('kill-server').catch(() => {});
    }
  }, 120_000);
});

/** tmux from Debian's package when missing (root on Debian, as on this project's machines and CI). */
async function ensureTmux(): Promise<void> {
  try {
    await execFileAsync('tmux', ['-V']);
    return;
  } catch {
    if (process.getuid?.() !== 0) throw new Error('tmux is missing and this is not root: apt-get install -y tmux');
  }
  await execFileAsync('apt-get', ['update'], { timeout: 300_000 });
  await execFileAsync('apt-get', ['install', '-y', '--no-install-recommends', 'tmux'], { timeout: 300_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

describe('review', () => {
  it('review list, show and approve --accept-all; jobs get lists the flagged values on stderr', async () => {
    const put = await call(stack.url, 'PUT', '/v1/extractors/cli-review', {
      display_name: 'CLI review',
      instructions: 'Extract the merchant and the total.',
      model: 'test-vision-model',
      schema: SCHEMA,
      review_threshold: 0.9,
    });
    expect([200, 201]).toContain(put.status);
    const logprobs = [
      { token: '{"merchant": "', logprob: 0 },
      { token: 'Corner Shop', logprob: Math.log(0.42) },
      { token: '", "total": ', logprob: 0 },
      { token: '12.5', logprob: Math.log(0.99) },
      { token: '}', logprob: 0 },
    ];
    provider.enqueue({ kind: 'content', content: logprobs.map((t) => t.token).join(''), logprobs });
    // `extract` prints the data, then (stderr) the flagged values and where to review them.
    const extracted = await cli(['extract', '-', '--extractor', 'cli-review'], { input: 'Corner Shop 12.50' });
    expect(extracted.code).toBe(0);
    expect(JSON.parse(extracted.stdout)).toEqual({ merchant: 'Corner Shop', total: 12.5 });
    const jobId = /^created (ejob_\w+)$/m.exec(extracted.stderr)?.[1] ?? '';
    expect(extracted.stderr).toMatch(/^1 flagged value:$/m);
    expect(extracted.stderr).toContain('  /merchant\t"Corner Shop"\t0.420\tlow_confidence');
    expect(extracted.stderr).toContain(`review pending: docextract review show ${jobId}`);

    const got = await cli(['jobs', 'get', jobId]);
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout).review.status).toBe('pending');
    expect(got.stderr).toContain('/merchant\t"Corner Shop"\t0.420\tlow_confidence');

    const listed = await cli(['review', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${jobId}\\tpending\\trevision 1\\t1 flag\\t`, 'm'));

    const shown = await cli(['review', 'show', jobId]);
    expect(shown.stdout).toContain(`${jobId}\tpending\trevision 1`);
    expect(shown.stdout).toContain('/merchant\t"Corner Shop"\t0.420\tlow_confidence');

    const refused = await cli(['review', 'approve', jobId]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error open_flags');

    const approved = await cli(['review', 'approve', jobId, '--accept-all']);
    expect(approved.code).toBe(0);
    expect(approved.stdout.trim()).toBe(`${jobId}\tapproved\trevision 3`);
    const events = await cli(['review', 'show', jobId, '--json']);
    expect(JSON.parse(events.stdout).events.map((e: { action: string }) => e.action)).toEqual(['accept', 'approve']);
  }, 120_000);

  it('review correct, clear, accept and reject, each at the current revision', async () => {
    const answer = (name: string) => {
      const logprobs = [
        { token: '{"merchant": "', logprob: 0 },
        { token: name, logprob: Math.log(0.42) },
        { token: '", "total": ', logprob: 0 },
        { token: '12.5', logprob: Math.log(0.5) },
        { token: '}', logprob: 0 },
      ];
      provider.enqueue({ kind: 'content', content: logprobs.map((t) => t.token).join(''), logprobs });
    };
    const pending = async (text: string) => {
      const created = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'cli-review', text });
      const id: string = created.body.id;
      await eventually(async () => ((await call(stack.url, 'GET', `/v1/extraction-jobs/${id}`)).body.status === 'completed' ? true : undefined), 60_000);
      return id;
    };
    answer('Corner Sho');
    const jobId = await pending('Corner Shop 12.50');
    const corrected = await cli(['review', 'correct', jobId, '/merchant', 'Corner Shop']);
    expect(corrected.code).toBe(0);
    expect(corrected.stdout.trim()).toBe(`${jobId}\tpending\trevision 2`);
    const cleared = await cli(['review', 'clear', jobId, '/total']);
    expect(cleared.stdout.trim()).toBe(`${jobId}\tpending\trevision 3`);
    const accepted = await cli(['review', 'accept', jobId, '/merchant']);
    expect(accepted.code).toBe(0);
    const job = (await call(stack.url, 'GET', `/v1/extraction-jobs/${jobId}`)).body;
    expect(job.review.reviewed_data).toEqual({ merchant: 'Corner Sho', total: null });
    const json = await cli(['review', 'correct', jobId, '/total', '12.5']);
    expect(json.code).toBe(0);
    expect((await call(stack.url, 'GET', `/v1/extraction-jobs/${jobId}`)).body.review.reviewed_data.total).toBe(12.5);

    answer('Nobody');
    const other = await pending('unreadable');
    const rejected = await cli(['review', 'reject', other, '--reason', 'not a receipt']);
    expect(rejected.code).toBe(0);
    expect(rejected.stdout.trim()).toBe(`${other}\trejected\trevision 2`);
  }, 120_000);
});
