// `docextract eval import FOLDER --set NAME [--extractor X] [--run]`: a folder of labelled documents
// (every `NAME.<ext>` with its right answer in `NAME.json` beside it) becomes the items of a set.
// Resumable: each item is recognised by its note `imported from <file name>`, so a second import of
// the same folder skips what is there already and adds only the rest.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { DocextractError, type DocextractClient, type EvaluationItem, type EvaluationRun } from '../../clients/typescript/index.js';
import { compileDataValidator } from '../schema-dialect/ajv.js';
import { runProgressView, runSummary, type EvalIo } from './evaluate.js';

/** The note that marks an imported item, and by which a later import of the folder recognises it. */
export const importNote = (filename: string): string => `imported from ${filename}`;

/** The documents of a folder that have an answer: `NAME.<ext>` (not .json) with `NAME.json` beside it, by name. */
export function labelledPairs(filenames: string[]): Array<{ document: string; answer: string }> {
  const names = new Set(filenames);
  return filenames
    .filter((f) => !f.startsWith('.') && path.extname(f) !== '' && path.extname(f).toLowerCase() !== '.json')
    .map((f) => ({ document: f, answer: `${f.slice(0, -path.extname(f).length)}.json` }))
    .filter((p) => names.has(p.answer))
    .sort((a, b) => a.document.localeCompare(b.document));
}

export interface ImportSummary {
  set: string;
  added: EvaluationItem[];
  skipped: string[];
  run: EvaluationRun | null;
}

async function allItems(c: DocextractClient, set: string): Promise<EvaluationItem[]> {
  const items: EvaluationItem[] = [];
  let cursor: string | undefined;
  do {
    const query = { limit: 100, ...(cursor ? { cursor } : {}) };
    const answer = await c.api.GET('/v1/evaluation-sets/{set_ref}/items', { params: { path: { set_ref: set }, query } });
    items.push(...(await c.ok(Promise.resolve(answer))));
    cursor = answer.response.headers.get('x-next-cursor') ?? undefined;
  } while (cursor);
  return items;
}

/** The set by name, created (display name = name) when there is none. */
async function ensureSet(c: DocextractClient, set: string, note: (s: string) => void): Promise<void> {
  try {
    await c.ok(c.api.GET('/v1/evaluation-sets/{set_ref}', { params: { path: { set_ref: set } } }));
  } catch (err) {
    if (!(err instanceof DocextractError) || err.code !== 'not_found') throw err;
    await c.createEvaluationSet({ name: set, display_name: set });
    note(`created evaluation set ${set}`);
  }
}

export async function importFolder(
  c: DocextractClient,
  folder: string,
  opts: { set: string; extractor?: string; run?: boolean; note: (s: string) => void; stderr?: NodeJS.WriteStream },
): Promise<ImportSummary> {
  if (opts.run && !opts.extractor) throw new DocextractError('bad_request', 0, '--run needs --extractor (the extractor the run scores)');
  const pairs = labelledPairs(await readdir(folder));
  if (pairs.length === 0) throw new DocextractError('bad_request', 0, `${folder}: no NAME.<ext> with a NAME.json beside it`);
  // Every answer is read and checked before anything is uploaded: a wrong answer stops the import whole.
  const answers = new Map<string, unknown>();
  const problems: string[] = [];
  const validate = opts.extractor
    ? compileDataValidator((await c.ok(c.api.GET('/v1/extractors/{extractor_ref}', { params: { path: { extractor_ref: opts.extractor } } }))).schema)
    : undefined;
  for (const p of pairs) {
    let answer: unknown;
    try {
      answer = JSON.parse(await readFile(path.join(folder, p.answer), 'utf8'));
    } catch (err) {
      problems.push(`${p.answer}: not JSON (${(err as Error).message})`);
      continue;
    }
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
      problems.push(`${p.answer}: expected a JSON object (the expected output)`);
      continue;
    }
    for (const line of validate?.(answer).errors ?? []) problems.push(`${p.answer}: ${line.startsWith(':') ? `/${line}` : line}`);
    answers.set(p.document, answer);
  }
  if (problems.length > 0) {
    throw new DocextractError('expected_output_mismatch', 0, {
      message: `${problems.length} problem${problems.length === 1 ? '' : 's'} in the answers${opts.extractor ? ` (against extractor ${opts.extractor}'s schema)` : ''}; nothing was imported`,
      errors: problems.map((message) => ({ message })),
    });
  }
  await ensureSet(c, opts.set, opts.note);
  const imported = new Set((await allItems(c, opts.set)).map((i) => i.note));
  const added: EvaluationItem[] = [];
  const skipped: string[] = [];
  for (const [i, p] of pairs.entries()) {
    const note = importNote(p.document);
    if (imported.has(note)) {
      skipped.push(p.document);
      opts.note(`skipped ${i + 1}/${pairs.length} ${p.document} (already imported)`);
      continue;
    }
    const file = await c.uploadFile(new Uint8Array(await readFile(path.join(folder, p.document))), { filename: p.document });
    const item = await c.addEvaluationItem(opts.set, { file_id: file.id, expected_output: answers.get(p.document) as Record<string, unknown>, note });
    added.push(item);
    opts.note(`imported ${i + 1}/${pairs.length} ${p.document} as ${item.id}`);
  }
  let run: EvaluationRun | null = null;
  if (opts.run) {
    const created = await c.createEvaluationRun({ evaluation_set: opts.set, extractor_name: opts.extractor! });
    opts.note(`evaluation run ${created.id} created`);
    const view = opts.stderr ? runProgressView(opts.stderr) : undefined;
    try {
      run = await c.waitForEvaluationRun(created.id, { onUpdate: (r) => view?.update(r) });
    } finally {
      view?.stop();
    }
  }
  return { set: opts.set, added, skipped, run };
}

export function addEvalImportCommand(evaluation: Command, io: EvalIo): void {
  evaluation
    .command('import')
    .description('import a folder of labelled documents into a set (created when missing): every NAME.<ext> with NAME.json (its expected output) beside it; items already imported are skipped')
    .argument('<folder>')
    .requiredOption('--set <name>', 'the evaluation set (name)')
    .option('-e, --extractor <name>', "check every answer against this extractor's schema first (and the extractor --run scores)")
    .option('--run', 'start a run of --extractor over the set at the end, and print its table')
    .option('--json', 'print {set, added, skipped, run} as JSON')
    .action(async (folder: string, opts: { set: string; extractor?: string; run?: boolean; json?: boolean }) => {
      const summary = await importFolder(io.client(), folder, { ...opts, note: io.note, stderr: io.stderr });
      io.note(`${summary.set}: ${summary.added.length} imported, ${summary.skipped.length} already there`);
      if (opts.json) return io.json({ set: summary.set, added: summary.added, skipped: summary.skipped, run: summary.run });
      if (summary.run) {
        io.out(runSummary(summary.run));
        if (summary.run.status !== 'completed') throw new DocextractError(`evaluation_run_${summary.run.status}`, 0, `evaluation run ${summary.run.id} ended ${summary.run.status}`);
      }
    });
}
