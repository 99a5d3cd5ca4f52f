// `docextract batch extract|parse|classify|results`: upload the files (every file as a file, whatever
// its format: the service names it from the bytes; only --text sends contents as text), create one
// batch, show its counts while it runs, and write its results as JSON lines (stdout or --out).
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { type Batch, type BatchRequest, type DocextractClient, type FileRecord } from '../../clients/typescript/index.js';
import type { CliIo } from './io.js';

const MAX_CUSTOM_ID = 64;

/** The batch's custom_id of each file: its name, or `<index>-<name>` (cut to 64 characters) when names repeat or are too long. */
export function customIdsOf(files: string[]): string[] {
  const names = files.map((f) => path.basename(f));
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return names.map((n, i) => (counts.get(n) === 1 && n.length <= MAX_CUSTOM_ID ? n : `${i}-${n}`.slice(0, MAX_CUSTOM_ID)));
}

const countsLine = (b: Batch) => {
  const c = b.request_counts;
  const r = b.review_counts;
  // Review counts only where a job went to review: an extractor without thresholds has nothing to say.
  const review = r && r.pending + r.approved + r.rejected > 0 ? `; review: ${r.pending} pending, ${r.approved} approved, ${r.rejected} rejected, ${r.not_required} not required` : '';
  return `${b.id} ${b.status}: ${c.completed} completed, ${c.failed} failed, ${c.canceled} canceled, ${c.running} running, ${c.queued} queued of ${c.total}${review}`;
};

type RunOptionsArg = { out?: string; concurrency?: number; text?: boolean; split?: boolean };

/** For an e-mail: one line per file made of its attachments (they are files of their own, each with an id). */
export async function attachmentLines(c: DocextractClient, file: FileRecord): Promise<string[]> {
  if (file.attachment_file_ids.length === 0 && file.skipped_attachments.length === 0) return [];
  const files = file.attachment_file_ids.length > 0 ? await c.attachmentFiles(file.id) : [];
  return [
    ...files.map((f) => `  attachment ${f.attachment_filename ?? f.filename}: ${f.id} (${f.kind})`),
    ...file.skipped_attachments.map((s) => `  attachment ${s.filename}: skipped (${s.reason})`),
  ];
}

export function batchCommands(program: Command, client: () => DocextractClient, io: CliIo): void {
  const note = (text: string): void => void io.stderr.write(`${text}\n`);
  const batch = program.command('batch').description('many documents as one batch');

  type RunOptions = { out?: string; concurrency?: number; text?: boolean; split?: boolean };
  const run = async (kind: 'extraction' | 'parse' | 'classification', definition: string, files: string[], opts: RunOptions) => {
    const c = client();
    const ids = customIdsOf(files);
    const inputs: BatchRequest['inputs'] = [];
    for (const [i, file] of files.entries()) {
      const bytes = new Uint8Array(await readFile(file));
      if (opts.text) {
        inputs.push({ custom_id: ids[i]!, text: Buffer.from(bytes).toString('utf8') });
        note(`read ${i + 1}/${files.length} ${file} (as text)`);
        continue;
      }
      const uploaded = await c.uploadFile(bytes, { filename: path.basename(file) });
      inputs.push({ custom_id: ids[i]!, file_id: uploaded.id });
      note(`uploaded ${i + 1}/${files.length} ${file} (${uploaded.id}, ${uploaded.kind})`);
      for (const line of await attachmentLines(c, uploaded)) note(line);
    }
    const concurrency = opts.concurrency ? { concurrency: opts.concurrency } : {};
    const body: BatchRequest =
      kind === 'extraction'
        ? { kind, extractor_name: definition, inputs, ...concurrency }
        : kind === 'parse'
          ? { kind, parser_name: definition, inputs, ...concurrency }
          : ({ kind, classifier_name: definition, mode: opts.split ? 'split' : 'document', inputs, ...concurrency } as BatchRequest);
    const created = await c.createBatch(body);
    note(`created ${created.id} (${files.length} items)`);
    let last = '';
    const ended = await c.waitForBatch(created, {
      onUpdate: (b) => {
        const line = countsLine(b);
        if (line !== last) note((last = line));
      },
    });
    if (ended.error) note(`batch ${ended.status}: ${ended.error.code}: ${ended.error.message}`);
    await writeResults(c, ended.id, opts.out);
  };

  const writeResults = async (c: DocextractClient, id: string, out?: string) => {
    const file = out ? createWriteStream(out) : undefined;
    const sink = file ?? io.stdout;
    let n = 0;
    for await (const line of c.batchResults(id)) {
      sink.write(`${JSON.stringify(line)}\n`);
      n++;
    }
    if (file) {
      await new Promise<void>((resolve, reject) => {
        file.on('error', reject);
        file.end(() => resolve());
      });
      note(`wrote ${out} (${n} line${n === 1 ? '' : 's'})`);
    }
  };

  batch
    .command('extract')
    .description('extract from many files as one batch (every file uploaded as a file, any accepted format; --text sends the contents as text)')
    .argument('<files...>')
    .requiredOption('-e, --extractor <name>', 'extractor name')
    .option('--text', "send each file's contents as text instead of uploading it")
    .option('--out <file>', 'write the results (JSON lines) to this file instead of stdout')
    .option('--concurrency <n>', 'items in flight at once', (v) => Number.parseInt(v, 10))
    .action((files: string[], opts: { extractor: string } & RunOptionsArg) => run('extraction', opts.extractor, files, opts));

  batch
    .command('classify')
    .description('classify many files as one batch (each an ordinary classification job; --split cuts each into documents)')
    .argument('<files...>')
    .requiredOption('-c, --classifier <name>', 'classifier name')
    .option('--split', 'split each file into segments (documents) instead of classing it as one document')
    .option('--text', "send each file's contents as text (pages separated by form feeds) instead of uploading it")
    .option('--out <file>', 'write the results (JSON lines) to this file instead of stdout')
    .option('--concurrency <n>', 'items in flight at once', (v) => Number.parseInt(v, 10))
    .action((files: string[], opts: { classifier: string } & RunOptionsArg) => run('classification', opts.classifier, files, opts));

  batch
    .command('parse')
    .description('transcribe many files as one batch')
    .argument('<files...>')
    .option('-p, --parser <name>', 'parser name', 'document-to-markdown')
    .option('--out <file>', 'write the results (JSON lines) to this file instead of stdout')
    .option('--concurrency <n>', 'items in flight at once', (v) => Number.parseInt(v, 10))
    .action((files: string[], opts: { parser: string; out?: string; concurrency?: number }) => run('parse', opts.parser, files, opts));

  batch
    .command('results')
    .description("print a batch's results (JSON lines, input order; what has ended so far while it runs)")
    .argument('<batch_id>')
    .option('--out <file>', 'write them to this file instead of stdout')
    .action((id: string, opts: { out?: string }) => writeResults(client(), id, opts.out));

  batch
    .command('get')
    .description('print a batch and its counts as JSON')
    .argument('<batch_id>')
    .action(async (id: string) => void io.stdout.write(`${JSON.stringify(await client().getBatch(id), null, 2)}\n`));
}
