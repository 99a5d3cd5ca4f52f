// `docextract suggest-schema FILES…` (issue 51): upload 1–10 sample documents, create a schema
// suggestion, wait for it, and print its schema (or write it with --out), ready for an extractor's
// `schema`. Field notes and suggested rules go to stderr; --json prints the whole result.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, Option } from 'commander';
import { DocextractError, type DocextractClient, type ProviderName, type SchemaSuggestion, type SchemaSuggestionResult } from '../../clients/typescript/index.js';
import type { CliIo } from './io.js';
import { runJob } from './run-job.js';

const MAX_FILES = 10;
const PROVIDERS: ProviderName[] = ['compatible_api', 'hosted_api', 'hosted_project_api'];

export function addSuggestCommand(program: Command, io: CliIo, client: () => DocextractClient, timeoutOption: () => Option): void {
  const note = (text: string): void => void io.stderr.write(`${text}\n`);
  program
    .command('suggest-schema')
    .description('suggest an extractor schema from 1-10 sample documents (the model reads their first pages)')
    .argument('<files...>', 'sample documents (any accepted format)')
    .option('-i, --instructions <text>', 'what the extractor is for, e.g. "supplier invoices: totals and line items"')
    .option('-o, --out <file>', 'write the schema to this file instead of stdout')
    .option('--provider <name>', `provider (${PROVIDERS.join(', ')}; default compatible_api)`)
    .option('-m, --model <model>', 'model (default: the service\'s local model on compatible_api)')
    .option('--json', 'print the whole result (schema, field_notes, instructions, rules), not only the schema')
    .addOption(timeoutOption())
    .action(async (files: string[], opts: { instructions?: string; out?: string; provider?: string; model?: string; json?: boolean; timeout: number }) => {
      if (files.length > MAX_FILES) throw new DocextractError('bad_request', 0, `at most ${MAX_FILES} sample files (got ${files.length})`);
      if (opts.provider && !(PROVIDERS as string[]).includes(opts.provider)) throw new DocextractError('bad_request', 0, `unknown provider '${opts.provider}' (one of ${PROVIDERS.join(', ')})`);
      // Read every file before uploading any: a missing path must not leave uploads behind.
      const samples = await Promise.all(files.map(async (f) => ({ filename: path.basename(f), content: new Uint8Array(await readFile(f)) })));
      const job = await runJob<SchemaSuggestion>(client(), io, {
        create: async (c) => {
          const fileIds: string[] = [];
          for (const sample of samples) {
            const uploaded = await c.uploadFile(sample.content, { filename: sample.filename });
            note(`uploaded ${uploaded.id} (${sample.filename})`);
            fileIds.push(uploaded.id);
          }
          return c.createSchemaSuggestion({
            file_ids: fileIds,
            ...(opts.instructions ? { instructions: opts.instructions } : {}),
            ...(opts.provider ? { provider_name: opts.provider as ProviderName } : {}),
            ...(opts.model ? { model: opts.model } : {}),
          });
        },
        timeoutMs: opts.timeout * 1000,
      });
      const result = job.result as SchemaSuggestionResult;
      for (const n of result.field_notes) note(`${n.path}: ${n.description}`);
      if (result.rules.length > 0) note(`${result.rules.length} suggested rule${result.rules.length === 1 ? '' : 's'} (not applied; see --json)`);
      const text = `${JSON.stringify(opts.json ? result : result.schema, null, 2)}\n`;
      if (opts.out) {
        await writeFile(opts.out, text);
        note(`wrote ${opts.out}`);
      } else {
        io.stdout.write(text);
      }
    });
}
