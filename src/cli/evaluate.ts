// `docextract eval create-set|add|run|show|compare|thresholds`: evaluation sets and runs from the command line.
// Tables and results go to stdout; progress and notes to stderr.
import { readFile } from 'node:fs/promises';
import cliProgress from 'cli-progress';
import { type Command, InvalidArgumentError } from 'commander';
import { DocextractError, type DocextractClient, type EvaluationComparison, type EvaluationMetrics, type EvaluationRun, type ThresholdsProposal } from '../../clients/typescript/index.js';

export interface EvalIo {
  client: () => DocextractClient;
  out: (text: string) => void;
  note: (text: string) => void;
  json: (value: unknown) => void;
  stderr: NodeJS.WriteStream;
  /** A document (bytes) or a plain text, from a path or `-` (stdin); `asText` (--text) reads a named file as text. */
  readInput: (file: string, asText?: boolean) => Promise<{ kind: 'document'; bytes: Uint8Array; filename: string } | { kind: 'text'; text: string }>;
}

/** Adds `eval …` and returns the `eval` command (src/cli/evaluate-import.ts adds `eval import` to it). */
export function addEvalCommands(program: Command, io: EvalIo): Command {
  const evaluation = program.command('eval').description('evaluation sets, runs that score an extractor field by field, and comparisons');

  evaluation
    .command('create-set')
    .description('create an evaluation set')
    .argument('<name>', 'stable name (lowercase slug)')
    .option('--display-name <text>', 'human-readable label (default: the name)')
    .option('--description <text>', 'what the set holds')
    .action(async (name: string, opts: { displayName?: string; description?: string }) => {
      io.json(await io.client().createEvaluationSet({ name, display_name: opts.displayName ?? name, ...(opts.description ? { description: opts.description } : {}) }));
    });

  evaluation
    .command('add')
    .description('add a labelled document to a set: a file of any accepted format (uploaded as a file), or text (- or --text), with its right answer')
    .argument('<set>', 'set name or id')
    .argument('<file>', 'a document of any accepted format, or - for text on stdin')
    .option('--text', "send the file's contents as text instead of uploading it")
    .requiredOption('--expected <json-file>', 'the right answer, a JSON file: an object (expected_output), or an array of segments [{class, pages: {start, end}}] (expected_segments, for classifier runs)')
    .option('--note <text>', 'a note kept with the item')
    .action(async (set: string, file: string, opts: { expected: string; note?: string; text?: boolean }) => {
      const expected = JSON.parse(await readFile(opts.expected, 'utf8')) as Record<string, unknown> | Array<{ class: string; pages: { start: number; end: number } }>;
      const input = await io.readInput(file, opts.text);
      const source =
        input.kind === 'document' ? { file_id: (await io.client().uploadFile(input.bytes, { filename: input.filename })).id } : { text: input.text };
      const answer = Array.isArray(expected) ? { expected_segments: expected } : { expected_output: expected };
      const item = await io.client().addEvaluationItem(set, { ...source, ...answer, ...(opts.note ? { note: opts.note } : {}) });
      io.note(`added ${item.id} to ${set}`);
      io.json(item);
    });

  evaluation
    .command('run')
    .description('run an extractor (or a classifier) over a set, show progress, and print the field table (worst first; for a classifier: page accuracy, boundaries, confusion matrix)')
    .argument('<set>', 'set name or id')
    .option('-e, --extractor <name>', 'extractor name')
    .option('-c, --classifier <name>', 'classifier name, instead of --extractor (items with expected segments)')
    .option('--numeric-tolerance <ratio>', 'relative tolerance for numbers (default 0)', nonNegative)
    .option('--fuzzy-field <pointer>', 'compare this field by Levenshtein similarity (repeatable)', collect, [])
    .option('--fuzzy-threshold <ratio>', 'similarity at which a fuzzy field is equal (default 0.9)', nonNegative)
    .option('--exclude-field <pointer>', 'leave this field out of the score (repeatable)', collect, [])
    .option('--json', 'print the whole run, not the table')
    .action(async (set: string, opts: { extractor?: string; classifier?: string; numericTolerance?: number; fuzzyField: string[]; fuzzyThreshold?: number; excludeField: string[]; json?: boolean }) => {
      const options = {
        ...(opts.numericTolerance !== undefined ? { numeric_tolerance: opts.numericTolerance } : {}),
        ...(opts.fuzzyThreshold !== undefined ? { fuzzy_threshold: opts.fuzzyThreshold } : {}),
        ...(opts.fuzzyField.length > 0 ? { fuzzy_fields: opts.fuzzyField } : {}),
        ...(opts.excludeField.length > 0 ? { exclude_fields: opts.excludeField } : {}),
      };
      if ((opts.extractor === undefined) === (opts.classifier === undefined)) throw new DocextractError('usage', 0, 'give exactly one of --extractor and --classifier');
      const created = await io
        .client()
        .createEvaluationRun(opts.classifier !== undefined ? { evaluation_set: set, classifier_name: opts.classifier } : { evaluation_set: set, extractor_name: opts.extractor!, options });
      io.note(`evaluation run ${created.id} created`);
      const view = runProgressView(io.stderr);
      let run: EvaluationRun;
      try {
        run = await io.client().waitForEvaluationRun(created.id, { onUpdate: (r) => view.update(r) });
      } finally {
        view.stop();
      }
      if (opts.json) io.json(run);
      else io.out(runSummary(run));
      if (run.status !== 'completed') throw new DocextractError(`evaluation_run_${run.status}`, 0, `evaluation run ${run.id} ended ${run.status}`);
    });

  evaluation
    .command('show')
    .description('print a run: the field table (worst first) and every mismatch')
    .argument('<run>', 'evaluation run id')
    .option('--json', 'print the whole run')
    .action(async (runId: string, opts: { json?: boolean }) => {
      const run = await io.client().getEvaluationRun(runId);
      if (opts.json) io.json(run);
      else io.out(`${runSummary(run)}${mismatchList(run)}`);
    });

  evaluation
    .command('compare')
    .description('compare a run with a baseline run of the same set: per-field deltas, regressions and fixes')
    .argument('<run>', 'the new run')
    .argument('<baseline>', 'the baseline run')
    .option('--json', 'print the comparison as JSON')
    .action(async (runId: string, baselineId: string, opts: { json?: boolean }) => {
      const cmp = await io.client().compareEvaluationRuns(runId, baselineId);
      if (opts.json) io.json(cmp);
      else io.out(comparisonText(cmp));
    });

  evaluation
    .command('thresholds')
    .description("per-field review thresholds from a completed run at a target precision, and the share of documents that would pass untouched")
    .argument('<run>', 'a completed run')
    .requiredOption('--target <precision>', 'the share of auto-accepted values that must be right (0 < p ≤ 1)', parseTarget)
    .option('--apply', "write them into the run's extractor as its review_thresholds (a new version)")
    .option('--json', 'print the answer as JSON')
    .action(async (runId: string, opts: { target: number; apply?: boolean; json?: boolean }) => {
      const answer = await io.client().proposeThresholds(runId, opts.target, { apply: opts.apply });
      if (opts.json) io.json(answer);
      else io.out(thresholdsText(answer));
    });
  return evaluation;
}

function parseTarget(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 1) throw new InvalidArgumentError('must be a number in (0, 1]');
  return n;
}

/** The fields with their thresholds, then what passes untouched (and the version written). */
export function thresholdsText(t: ThresholdsProposal): string {
  const num = (v: number | null) => (v === null ? '-' : v.toFixed(3));
  const rows = Object.entries(t.fields).map(([f, x]) => [f, num(x.threshold), pct(x.precision), pct(x.auto_accept_share), String(x.n)]);
  const lines = [
    table(['field', 'threshold', 'precision', 'auto-accept', 'n'], rows),
    `target precision ${pct(t.target_precision)}: ${pct(t.straight_through_rate)} of ${t.items_total} documents pass untouched`,
  ];
  if (t.applied_version !== null) lines.push(`applied: the extractor is now version ${t.applied_version}`);
  return lines.join('\n');
}

// ---- Text output ----

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '-' : `${(v * 100).toFixed(1)}%`);
const signed = (v: number | null | undefined) => (v === null || v === undefined ? '-' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}`);

/** Rows padded into columns. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** Fields worst first: lowest F1 (fields with none last), then lowest accuracy, then by name. */
export function fieldsWorstFirst(fields: Record<string, EvaluationMetrics>): Array<[string, EvaluationMetrics]> {
  const rank = (v: number | null) => (v === null ? Infinity : v);
  return Object.entries(fields).sort(
    ([a, m], [b, n]) => rank(m.f1) - rank(n.f1) || rank(m.accuracy) - rank(n.accuracy) || a.localeCompare(b),
  );
}

export function runSummary(run: EvaluationRun): string {
  const head = `run ${run.id}  ${run.status}  items ${run.progress.items_completed} completed, ${run.progress.items_failed} failed of ${run.progress.items_total}`;
  if (!run.report) return `${head}\n`;
  if (!('overall' in run.report)) return `${head}\n\n${classifierReportText(run.report)}`;
  const { overall, fields } = run.report;
  const row = (name: string, m: EvaluationMetrics) => [name, String(m.n), pct(m.precision), pct(m.recall), pct(m.f1), pct(m.accuracy)];
  const rows = [...fieldsWorstFirst(fields).map(([f, m]) => row(f, m)), row('overall', overall)];
  return `${head}\n\n${table(['field', 'n', 'precision', 'recall', 'f1', 'accuracy'], rows)}\n`;
}

/** A classifier run's report (issue 44): pages, boundaries, and the confusion matrix (rows expected, columns predicted). */
function classifierReportText(report: Exclude<NonNullable<EvaluationRun['report']>, { overall: unknown }>): string {
  const b = report.boundaries;
  const { classes, counts } = report.confusion_matrix;
  return [
    `pages ${report.pages}  page accuracy ${pct(report.page_accuracy)}  boundaries precision ${pct(b.precision)} recall ${pct(b.recall)} (${b.correct} right of ${b.predicted} predicted, ${b.expected} expected)`,
    '',
    table(['expected \\ predicted', ...classes], classes.map((c, i) => [c, ...(counts[i] ?? []).map(String)])),
    '',
  ].join('\n');
}

function mismatchList(run: EvaluationRun): string {
  if (!run.report || !('overall' in run.report)) return '';
  const lines: string[] = [];
  for (const item of run.report.items) {
    if (item.mismatches.length === 0 && !item.error) continue;
    lines.push(`\n${item.item_id} (${item.status}${item.error ? `: ${item.error.code}` : ''}, accuracy ${pct(item.accuracy)})`);
    for (const m of item.mismatches) lines.push(`  ${m.path}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.extracted)}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

export function comparisonText(cmp: EvaluationComparison): string {
  const rows = Object.entries(cmp.fields)
    .sort(([a, x], [b, y]) => (x.f1_delta ?? 0) - (y.f1_delta ?? 0) || a.localeCompare(b))
    .map(([f, d]) => [f, signed(d.f1_delta), signed(d.accuracy_delta)]);
  const change = (c: { item_id: string; path: string; baseline: unknown; new: unknown }) =>
    `  ${c.item_id} ${c.path}: ${JSON.stringify(c.baseline)} → ${JSON.stringify(c.new)}`;
  return [
    table(['field', 'f1 Δ', 'accuracy Δ'], rows),
    '',
    `regressions (${cmp.regressions.length})`,
    ...cmp.regressions.map(change),
    `fixes (${cmp.fixes.length})`,
    ...cmp.fixes.map(change),
    '',
  ].join('\n');
}

// ---- Progress ----

interface RunProgressView {
  update(run: EvaluationRun): void;
  stop(): void;
}

/** A live bar of items ended on a terminal; one line per change otherwise (logs, CI, pipes). */
export function runProgressView(stream: NodeJS.WriteStream): RunProgressView {
  const ended = (r: EvaluationRun) => r.progress.items_completed + r.progress.items_failed;
  if (!stream.isTTY) {
    let last = '';
    return {
      update(run) {
        const line = `${run.id} ${run.status} ${ended(run)}/${run.progress.items_total} items`;
        if (line !== last) stream.write(`${line}\n`);
        last = line;
      },
      stop() {},
    };
  }
  const bar = new cliProgress.SingleBar(
    { stream, format: '{run} [{bar}] {value}/{total} items | {status}', barsize: 30, hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(run) {
      if (!started) bar.start(Math.max(run.progress.items_total, 1), ended(run), { run: run.id, status: run.status });
      else bar.update(ended(run), { run: run.id, status: run.status });
      started = true;
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

function nonNegative(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number ≥ 0');
  return n;
}

function collect(value: string, acc: string[]): string[] {
  return [...acc, value];
}
