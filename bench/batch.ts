// Batch benchmark (issue 35), on the `npm start` configuration with the scripted provider answering
// at once, every throughput figure beside the engine floor measured on the same `npm start`:
//
// - Engine floor: a no-op workflow (one local activity, one activity writing one row) run by a
//   worker of this process against that `npm start`'s Temporal dev server and Postgres, 16 in
//   flight (bench/lib/engine-floor.ts): workflows/s, what the engine allows on this machine.
// - Text: a batch of BENCH_BATCH_ITEMS (default 2,000) text extraction items at concurrency 16
//   against single jobs created at once; items/s ÷ floor (target ≥ 0.6). 20 interactive jobs on
//   the idle service and again while the batch runs (p50 created → completed; target ≤ 2× idle).
//   RSS of the npm start process after a quarter of the batch (500 items by default) and at its end
//   (target: within 10 %).
// - PDF: BENCH_BATCH_PDFS (default 40) mixed PDFs of BENCH_BATCH_PDF_PAGES (default 10) pages as
//   single parse jobs created at once, then as one parse batch at concurrency 16: pages/s, items/s ÷
//   floor, and the worker's CPU per page (npm start's node process, every thread, from /proc;
//   Temporal and Postgres counted apart). Each PDF configuration runs on a fresh `npm start` with a
//   floor of its own. SERVICE_RENDER_* variables in the environment are passed to every stack;
//   BENCH_RENDER_FORMATS=png,jpeg runs the PDF part once per format (SERVICE_RENDER_FORMAT);
//   BENCH_BATCH_BASELINE=<commit> runs it also on that commit (a git worktree, bench/lib/baseline.ts):
//   CPU per page before and after a change, in one run.
//
// - Interactive first (issue 38): the text part runs once per model speed in BENCH_BATCH_MODELS
//   (default `fast,slow`): `fast` answers at once (the batch is CPU-bound), `slow` answers after
//   BENCH_BATCH_SLOW_MODEL_MS (default 1,500 ms; the batch waits on the model); each reports the
//   interactive p50 idle and while the batch runs, and their ratio (target ≤ 2×).
// - Workspaces (issue 42): the batch runs in workspace `bench-a`, the interactive jobs in
//   `bench-b` (X-Docextract-Workspace on the open service): B's p50 during A's batch ≤ 2× idle.
//
// `npx tsx bench/batch.ts` (BENCH_FLOOR_WORKFLOWS, default 500; BENCH_BATCH_SKIP_TEXT=1 or
// BENCH_BATCH_SKIP_PDF=1 to run one part only).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startScriptedProvider, type ScriptedProvider } from '../test/harness/scripted-provider.js';
import { prepareBaseline, type Baseline } from './lib/baseline.js';
import { cpuSince, cpuSnapshot, devEngine, loadAverage, measureEngineFloor, type CpuSnapshot, type DevEngine, type FloorFigures } from './lib/engine-floor.js';
import { between, call, expectStatus, uploadBytes, waitForJob } from './lib/http.js';
import { log } from './lib/infra.js';
import { isMain, runStandalone } from './lib/main.js';
import { makeMixedPdf } from './lib/pdf.js';
import { readRss, startDevStack, warmUpStack } from './lib/services.js';
import { fmt, mib, percentile, printSection, table, type Section } from './lib/stats.js';

const ITEMS = Number(process.env.BENCH_BATCH_ITEMS || 2000);
const CONCURRENCY = 16;
const SINGLES = 20;
const SINGLE_JOBS = Math.min(200, ITEMS);
/** RSS is read after this many items and at the end (the issue: after 500 and after 2,000). */
const RSS_CHECKPOINT = Math.round(ITEMS / 4);
const FLOOR_WORKFLOWS = Number(process.env.BENCH_FLOOR_WORKFLOWS || 500);
const PDFS = Number(process.env.BENCH_BATCH_PDFS || 40);
const PDF_PAGES = Number(process.env.BENCH_BATCH_PDF_PAGES || 10);
const MODELS = (process.env.BENCH_BATCH_MODELS || 'fast,slow').split(',').map((m) => m.trim()).filter((m) => m === 'fast' || m === 'slow');
const SLOW_MODEL_MS = Number(process.env.BENCH_BATCH_SLOW_MODEL_MS || 1500);
const RENDER_FORMATS = process.env.BENCH_RENDER_FORMATS?.split(',').map((f) => f.trim()).filter(Boolean) ?? [];
const BASELINE = process.env.BENCH_BATCH_BASELINE || undefined;
const PARSER = 'document-to-markdown';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SERVICE_RENDER_* of this environment, for every stack (loadConfig's variables are not inherited: bench/lib/services.ts). */
function renderEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('SERVICE_RENDER_') && e[1] !== undefined));
}

async function withDevStack<T>(
  opts: { root?: string; env?: Record<string, string>; provider: ScriptedProvider; tag: string },
  body: (stack: Awaited<ReturnType<typeof startDevStack>>, engine: DevEngine) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `docextract-bench-batch-${opts.tag}-`));
  await chmod(dataDir, 0o755); // embedded Postgres runs as the postgres user and must get through
  try {
    const stack = await startDevStack({ root: opts.root, dataDir, provider: opts.provider, env: opts.env });
    try {
      return await body(stack, await devEngine(stack, dataDir));
    } finally {
      await stack.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  }
}

async function floor(engine: DevEngine, where: string): Promise<FloorFigures & { load: string }> {
  log(`batch: engine floor (${where}): ${FLOOR_WORKFLOWS} no-op workflows, ${CONCURRENCY} in flight`);
  const figures = await measureEngineFloor(engine, { workflows: FLOOR_WORKFLOWS, concurrency: CONCURRENCY });
  log(`batch: engine floor (${where}): ${fmt(figures.perSecond)} workflows/s`);
  return { ...figures, load: loadAverage() };
}

/**
 * POST that follows the API's 503 `scheduler_unavailable` (the workflow could not be started: under
 * heavy load the Temporal client's start call can fail; the job is removed and the answer says to
 * retry after 5 s), as a client honouring Retry-After does. Counts the retries it made in `retries`.
 */
/**
 * The batch's workspace (A) and the interactive jobs' (B), picked by header with an operator token:
 * an open service (no SERVICE_API_TOKENS) is one workspace (issue 48), so the text stack has a token.
 */
const BENCH_TOKEN = 'bench-batch-operator-token-0123456789';
const OPERATOR = { authorization: `Bearer ${BENCH_TOKEN}` };
const BATCH_WS = { ...OPERATOR, 'x-docextract-workspace': 'bench-a' };
const INTERACTIVE_WS = { ...OPERATOR, 'x-docextract-workspace': 'bench-b' };

async function postRetrying(url: string, route: string, body: unknown, what: string, retries: { n: number }, headers: Record<string, string> = {}): Promise<any> {
  for (;;) {
    const reply = await call(url, 'POST', route, body, headers);
    if (reply.status === 503 && reply.body?.code === 'scheduler_unavailable') {
      retries.n++;
      await sleep(5000);
      continue;
    }
    return expectStatus(Promise.resolve(reply), 201, what);
  }
}

/** Poll a batch every 200 ms until it completed; `onCounts` sees each read. */
async function waitForBatch(url: string, id: string, onCounts: (counts: Record<string, number>) => Promise<void> = async () => {}, headers: Record<string, string> = {}): Promise<any> {
  for (;;) {
    const current = (await call(url, 'GET', `/v1/batches/${id}`, undefined, headers)).body;
    await onCounts(current.request_counts);
    if (current.status === 'completed' || current.status === 'canceled') return current;
    await sleep(200);
  }
}

const cpuMs = (cpu: CpuSnapshot, per: number) => [cpu.node, cpu.temporal, cpu.postgres, cpu.bench].map((s) => fmt((1000 * s) / per, 1)).join(' / ');

// ---------------------------------------------------------------------------------------------
// Text items

interface TextFigures {
  floor: FloorFigures & { load: string };
  idleP50: number;
  duringP50: number;
  singleRate: number;
  singleLoad: string;
  batchRate: number;
  batchMs: number;
  completed: number;
  batchCpu: CpuSnapshot;
  batchLoad: string;
  rssCheckpoint: number;
  checkpointItems: number;
  rssEnd: number;
  hwmEnd: number;
  /** POSTs answered 503 scheduler_unavailable and retried after 5 s, by phase. */
  retries: Record<string, number>;
}

async function textPart(model: 'fast' | 'slow'): Promise<TextFigures> {
  const provider = await startScriptedProvider();
  const delayMs = model === 'slow' ? SLOW_MODEL_MS : 0;
  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T', total: 1 }), ...(delayMs ? { delayMs } : {}) }));
  try {
    return await withDevStack({ provider, env: { ...renderEnv(), SERVICE_API_TOKENS: BENCH_TOKEN }, tag: 'text' }, async (stack, engine) => {
      // Workspaces (issue 42): the batch runs in workspace A, the interactive jobs in B, each with its
      // own extractor; the operator token's header picks the workspace.
      for (const [name, headers] of [['bench-a', BATCH_WS], ['bench-b', INTERACTIVE_WS]] as const) {
        await expectStatus(call(stack.url, 'POST', '/v1/workspaces', { name, display_name: name }, OPERATOR), 201, `POST workspace ${name}`);
        await expectStatus(
          call(stack.url, 'PUT', '/v1/extractors/bench-batch', {
            display_name: 'Bench batch',
            instructions: 'Extract the title and total.',
            model: 'bench-model',
            schema: { type: 'object', properties: { title: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } }, required: ['title', 'total'], additionalProperties: false },
          }, headers),
          201,
          `PUT extractor in ${name}`,
        );
      }
      const retries: Record<string, { n: number }> = {};
      /** Create `n` single jobs at once; their created → completed times (ms) and the wall time. */
      const singles = async (n: number, tag: string) => {
        const started = Date.now();
        const retried = (retries[tag] = { n: 0 });
        const ids = await Promise.all(
          Array.from({ length: n }, async (_, i) => (await postRetrying(stack.url, '/v1/extraction-jobs', { extractor_name: 'bench-batch', text: `${tag} ${i}` }, 'POST job', retried, INTERACTIVE_WS)).id as string),
        );
        const jobs = await Promise.all(ids.map((id) => waitForJob(stack.url, `/v1/extraction-jobs/${id}`, 50, 600_000, INTERACTIVE_WS)));
        return { latencies: jobs.map((j) => between(j.created_at, j.completed_at)), wallMs: Date.now() - started };
      };

      await singles(5, 'warm-up');
      log(`batch: ${SINGLES} interactive jobs on the idle service`);
      const idle = await singles(SINGLES, 'idle');
      const floorFigures = await floor(engine, 'text stack');
      log(`batch: ${SINGLE_JOBS} single jobs created at once`);
      const single = await singles(SINGLE_JOBS, 'single');
      const singleLoad = loadAverage();

      log(`batch: ${ITEMS} text items at concurrency ${CONCURRENCY}`);
      const inputs = Array.from({ length: ITEMS }, (_, i) => ({ custom_id: `b-${i}`, text: `batch item ${i}` }));
      const cpu0 = cpuSnapshot(engine);
      const t0 = Date.now();
      const batch = await postRetrying(stack.url, '/v1/batches', { kind: 'extraction', extractor_name: 'bench-batch', inputs, concurrency: CONCURRENCY }, 'POST batch', (retries.batch = { n: 0 }), BATCH_WS);
      let rssCheckpoint = 0;
      let checkpointItems = 0;
      let during: { latencies: number[] } | undefined;
      const ended = await waitForBatch(stack.url, batch.id, async (counts) => {
        if (!rssCheckpoint && counts.completed! >= RSS_CHECKPOINT) {
          rssCheckpoint = readRss(engine.nodePid).rss;
          checkpointItems = counts.completed!;
          log(`batch: ${checkpointItems} items done; ${SINGLES} interactive jobs while the batch runs`);
          during = await singles(SINGLES, 'during');
        }
      }, BATCH_WS);
      const batchMs = Date.now() - t0;
      const batchCpu = cpuSince(cpu0, engine);
      const rss = readRss(engine.nodePid);
      if (ended.request_counts.completed !== ITEMS) throw new Error(`the batch ended ${ended.status} with ${JSON.stringify(ended.request_counts)}`);
      return {
        floor: floorFigures,
        idleP50: percentile(idle.latencies, 50),
        duringP50: during ? percentile(during.latencies, 50) : NaN,
        singleRate: SINGLE_JOBS / (single.wallMs / 1000),
        singleLoad,
        batchRate: ITEMS / (batchMs / 1000),
        batchMs,
        completed: ended.request_counts.completed,
        batchCpu,
        batchLoad: loadAverage(),
        rssCheckpoint,
        checkpointItems,
        rssEnd: rss.rss,
        hwmEnd: rss.hwm,
        retries: Object.fromEntries(Object.entries(retries).filter(([, r]) => r.n > 0).map(([k, r]) => [k, r.n])),
      };
    });
  } finally {
    await provider.close();
  }
}

function textReport(t: TextFigures, model: 'fast' | 'slow'): string {
  const f = t.floor;
  const ofFloor = (rate: number) => fmt(rate / f.perSecond, 2);
  const rssChange = ((t.rssEnd - t.rssCheckpoint) / t.rssCheckpoint) * 100;
  return [
    table(
      ['Figure', 'Value', '÷ engine floor', 'load average (1, 5, 15 min) at its end'],
      [
        ['engine floor: no-op workflows/s, 16 in flight', `${fmt(f.perSecond)} (${f.workflows} in ${fmt(f.wallMs / 1000)} s)`, '1', f.load],
        ['batch: text items/s, concurrency 16', `${fmt(t.batchRate)} (${t.completed} completed in ${fmt(t.batchMs / 1000)} s)`, `${ofFloor(t.batchRate)} (target ≥ 0.6)`, t.batchLoad],
        [`single text jobs created at once (${SINGLE_JOBS}): jobs/s`, fmt(t.singleRate), ofFloor(t.singleRate), t.singleLoad],
        ['batch / single', fmt(t.batchRate / t.singleRate, 2), '', ''],
        ['interactive p50 created → completed, idle', `${fmt(t.idleP50, 0)} ms`, '', ''],
        ['interactive p50 while the batch runs', `${fmt(t.duringP50, 0)} ms (${fmt(t.duringP50 / t.idleP50, 2)}× idle; target ≤ 2×)`, '', ''],
        [`RSS of npm start after ${t.checkpointItems} / ${t.completed} items`, `${mib(t.rssCheckpoint)} / ${mib(t.rssEnd)} MiB (${rssChange >= 0 ? '+' : ''}${fmt(rssChange)} %; target within 10 %); peak ${mib(t.hwmEnd)} MiB`, '', ''],
        ['CPU ms per workflow, floor: npm start node / Temporal / Postgres / bench process (floor worker, clients)', cpuMs(f.cpu, f.workflows), '', ''],
        ['CPU ms per item, text batch: npm start node / Temporal / Postgres / bench process (clients, scripted model)', cpuMs(t.batchCpu, t.completed), '', ''],
      ],
    ),
    '',
    `${ITEMS} text items at concurrency ${CONCURRENCY} on \`npm start\` (one process: API thread, worker, render threads; embedded Postgres and the Temporal dev server beside it), the scripted provider answering ${model === 'slow' ? `after ${SLOW_MODEL_MS} ms (a slow model)` : 'at once (a fast model)'}. ` +
      `Engine floor: ${f.workflows} no-op workflows (one local activity, one activity inserting one row into a scratch table, dropped afterwards) after 32 warm-up ones, run by a worker of the benchmark's process on a task queue of its own against the same npm start's Temporal server and Postgres, ${CONCURRENCY} in flight (each client loop starts one and waits for its result); during it npm start's own workers are idle. ` +
      `Single jobs: ${SINGLE_JOBS} created at once. Interactive: ${SINGLES} jobs created at once, on the idle service and again when ${t.checkpointItems} items of the batch were done (right after the RSS reading). ` +
      'CPU per workflow/item: user + system seconds from /proc of each process tree over the measured phase (the text batch includes the 20 interactive jobs and the benchmark\'s GETs every 200 ms). ' +
      `POSTs answered 503 \`scheduler_unavailable\` (workflow start failed) and retried after 5 s: ${Object.keys(t.retries).length ? Object.entries(t.retries).map(([k, n]) => `${k} ${n}`).join(', ') : 'none'}.`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// PDF items

interface PdfConfig {
  label: string;
  root?: string;
  env: Record<string, string>;
}

interface PdfRun {
  pages: number;
  wallMs: number;
  cpu: CpuSnapshot;
  load: string;
}

interface PdfFigures {
  config: PdfConfig;
  floor: FloorFigures & { load: string };
  singles: PdfRun;
  batch: PdfRun;
  /** POSTs answered 503 scheduler_unavailable and retried after 5 s. */
  retries: number;
}

async function pdfPart(config: PdfConfig, pdf: Buffer): Promise<PdfFigures> {
  const provider = await startScriptedProvider({ benchmark: true });
  const answer = () => provider.respondWith(() => ({ kind: 'content', content: '# Page\n\nTranscribed text.' }));
  try {
    return await withDevStack({ provider, root: config.root, env: config.env, tag: 'pdf' }, async (stack, engine) => {
      await warmUpStack(stack.url, provider);
      answer();
      log(`batch: PDF part (${config.label}): uploading ${PDFS} PDFs of ${PDF_PAGES} pages`);
      const files: string[] = [];
      for (let i = 0; i < PDFS; i++) files.push(await uploadBytes(stack.url, pdf, `mixed-${i}.pdf`, 'application/pdf'));
      // The render threads' first document (they start cold, as after 30 s idle): not measured.
      const warm = await expectStatus(call(stack.url, 'POST', '/v1/parse-jobs', { file_id: files[0] }), 201, 'POST parse job');
      await waitForJob(stack.url, `/v1/parse-jobs/${warm.id}`, 100);
      const floorFigures = await floor(engine, `PDF stack, ${config.label}`);
      provider.reset();
      answer();

      log(`batch: PDF part (${config.label}): ${PDFS} single parse jobs created at once`);
      const retries = { n: 0 };
      let cpu0 = cpuSnapshot(engine);
      let t0 = performance.now();
      const ids = await Promise.all(files.map(async (file_id) => (await postRetrying(stack.url, '/v1/parse-jobs', { file_id }, 'POST parse job', retries)).id as string));
      const jobs = await Promise.all(ids.map((id) => waitForJob(stack.url, `/v1/parse-jobs/${id}`, 200)));
      const singles: PdfRun = {
        pages: jobs.reduce((n, j) => n + j.result.page_count, 0),
        wallMs: performance.now() - t0,
        cpu: cpuSince(cpu0, engine),
        load: loadAverage(),
      };
      provider.reset();
      answer();

      log(`batch: PDF part (${config.label}): a parse batch of ${PDFS} PDFs at concurrency ${CONCURRENCY}`);
      cpu0 = cpuSnapshot(engine);
      t0 = performance.now();
      const created = await postRetrying(
        stack.url,
        '/v1/batches',
        { kind: 'parse', parser_name: PARSER, inputs: files.map((file_id, i) => ({ custom_id: `pdf-${i}`, file_id })), concurrency: CONCURRENCY },
        'POST parse batch',
        retries,
      );
      const ended = await waitForBatch(stack.url, created.id);
      const wallMs = performance.now() - t0;
      const cpu = cpuSince(cpu0, engine);
      if (ended.request_counts.completed !== PDFS) throw new Error(`the parse batch ended ${ended.status} with ${JSON.stringify(ended.request_counts)}`);
      // Pages from the results (NDJSON, one line per item).
      const lines = (await (await fetch(`${stack.url}/v1/batches/${created.id}/results`)).text()).split('\n').filter(Boolean).map((l) => JSON.parse(l));
      const batch: PdfRun = { pages: lines.reduce((n, l) => n + (l.result?.page_count ?? 0), 0), wallMs, cpu, load: loadAverage() };
      if (singles.pages !== PDFS * PDF_PAGES || batch.pages !== PDFS * PDF_PAGES) throw new Error(`pages parsed: ${singles.pages} single, ${batch.pages} batch; expected ${PDFS * PDF_PAGES}`);
      return { config, floor: floorFigures, singles, batch, retries: retries.n };
    });
  } finally {
    await provider.close();
  }
}

function pdfReport(runs: PdfFigures[]): string {
  const rows = runs.flatMap((r) => {
    const row = (mode: string, m: PdfRun) => {
      const pagesPerS = m.pages / (m.wallMs / 1000);
      const itemsPerS = PDFS / (m.wallMs / 1000);
      return [r.config.label, mode, fmt(r.floor.perSecond), fmt(pagesPerS), fmt(itemsPerS, 2), fmt(itemsPerS / r.floor.perSecond, 3), fmt((1000 * m.cpu.node) / m.pages, 1), cpuMs(m.cpu, m.pages), m.load];
    };
    const singleRate = r.singles.pages / (r.singles.wallMs / 1000);
    const batchRate = r.batch.pages / (r.batch.wallMs / 1000);
    return [row(`${PDFS} single parse jobs at once`, r.singles), row(`parse batch, concurrency ${CONCURRENCY}`, r.batch), [r.config.label, 'batch / single', '', fmt(batchRate / singleRate, 2), '', '', '', '', '']];
  });
  return [
    table(
      ['configuration', 'mode', 'engine floor workflows/s', 'pages/s', 'PDF items/s', 'items/s ÷ floor', 'worker CPU ms/page', 'CPU ms/page: npm start node / Temporal / Postgres / bench process', 'load average at its end'],
      rows,
    ),
    '',
    `${PDFS} copies (uploaded as ${PDFS} files) of a ${PDF_PAGES}-page mixed PDF (text, image and vector pages; bench/lib/pdf.ts), parser \`${PARSER}\`, the scripted model answering each page at once: ` +
      'first as single parse jobs all created at once, then as one parse batch. Each configuration on a fresh `npm start` (after one text job and one parse job not measured, and its own engine floor). ' +
      '"worker CPU ms/page": user + system CPU of npm start\'s node process (every thread: the worker, its render threads, the API thread) over the phase, per page; Temporal and Postgres are separate processes, counted apart. ' +
      'Configurations: SERVICE_RENDER_* of the environment are passed to every stack; BENCH_RENDER_FORMATS=png,jpeg runs one per SERVICE_RENDER_FORMAT; BENCH_BATCH_BASELINE=<commit> adds the same on that commit. ' +
      `POSTs answered 503 \`scheduler_unavailable\` and retried after 5 s: ${runs.map((r) => `${r.config.label} ${r.retries}`).join(', ')}.`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

export async function batchBenchmark(): Promise<Section> {
  const started = loadAverage();
  const parts: string[] = [];
  let failed: Error | undefined;
  if (process.env.BENCH_BATCH_SKIP_TEXT !== '1') {
    const ratios: string[] = [];
    for (const model of MODELS) {
      const figures = await textPart(model);
      const text = textReport(figures, model);
      log(`batch: text part (${model} model) done:\n${text}`); // on stderr at once, should a later part fail
      parts.push(`### Text items, ${model} model\n\n${text}`);
      ratios.push(`${model} model ${fmt(figures.duringP50 / figures.idleP50, 2)}× (${fmt(figures.duringP50, 0)} / ${fmt(figures.idleP50, 0)} ms)`);
    }
    parts.push(`Interactive p50 while the batch runs ÷ idle, this run: ${ratios.join('; ')} (target ≤ 2× for both).`);
  }
  if (process.env.BENCH_BATCH_SKIP_PDF !== '1') {
    const pdf = makeMixedPdf(PDF_PAGES);
    const env = renderEnv();
    const configs: PdfConfig[] = RENDER_FORMATS.length
      ? RENDER_FORMATS.map((format) => ({ label: `this commit, SERVICE_RENDER_FORMAT=${format}`, env: { ...env, SERVICE_RENDER_FORMAT: format } }))
      : [{ label: `this commit${Object.keys(env).length ? `, ${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}`, env }];
    let baseline: Baseline | undefined;
    const runs: PdfFigures[] = [];
    try {
      if (BASELINE) {
        baseline = await prepareBaseline(BASELINE);
        configs.push({ label: `baseline ${baseline.commit}`, root: baseline.root, env });
      }
      for (const config of configs) runs.push(await pdfPart(config, pdf));
      parts.push(`### PDF items (parse)\n\n${pdfReport(runs)}`);
    } catch (err) {
      // The text figures above still stand; the run still fails (exit code 1 below).
      console.error(err);
      parts.push(`### PDF items (parse)\n\nFAILED: ${(err as Error).message}${runs.length ? `\n\n${pdfReport(runs)}` : ''}`);
      failed = err as Error;
    } finally {
      await baseline?.close();
    }
  }
  parts.push(`Load average (1, 5, 15 min) when the batch benchmark started: ${started}; at its end: ${loadAverage()}.`);
  if (failed) {
    printSection({ title: 'Batches (partial)', body: parts.join('\n\n') });
    throw failed;
  }
  const what = [process.env.BENCH_BATCH_SKIP_TEXT !== '1' && `${ITEMS} text items`, process.env.BENCH_BATCH_SKIP_PDF !== '1' && `${PDFS} × ${PDF_PAGES}-page PDFs`].filter(Boolean);
  return { title: `Batches (${what.join('; ')})`, body: parts.join('\n\n') };
}

if (isMain(import.meta.url)) await runStandalone(batchBenchmark, { needsInfra: false });
