// `docextract`: the command line of the document extraction service, a thin layer over the typed
// client (clients/typescript). Results go to stdout, everything else (progress, what was created)
// to stderr; a failure prints `error <code>: <detail>` and exits non-zero.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import YAML from 'yaml';
import {
  createDocextractClient,
  DocextractError,
  type DocextractClient,
  type Extractor,
  type Job,
  type Parser,
  type ProviderName,
  type ProviderUpdate,
  type ReviewFieldDecision,
} from '../../clients/typescript/index.js';
import { loadCliConfig } from '../config/cli.js';
import { SERVICE_VERSION } from '../version.js';
import { changedFields, definitionOf, parseDefinitionsFile, type DefinitionKind } from './definitions.js';
import type { CliIo } from './io.js';
import { addEvalCommands } from './evaluate.js';
import { addEvalImportCommand } from './evaluate-import.js';
import { attachmentLines, batchCommands } from './batch.js';
import { runJob } from './run-job.js';
import { addSuggestCommand } from './suggest.js';
import { runStdioServer } from '../mcp/stdio.js';
import { chunkLines, writeTables } from './retrieval.js';
import { isClassificationJob, parseSegments, splitRevision, splitReviewLines, splitStatusLine } from './split-review.js';

export type { CliIo } from './io.js';

const PROVIDERS: ProviderName[] = ['compatible_api', 'hosted_api', 'hosted_project_api'];

export function buildProgram(io: CliIo): Command {
  let cached: DocextractClient | undefined;
  let named = false;
  // The server this run talks to; without DOCEXTRACT_URL it is said once, so an answer from another service on :8000 is not a mystery.
  const config = () => {
    const loaded = loadCliConfig(io.env);
    if (!named && !io.env.DOCEXTRACT_URL) io.stderr.write(`docextract: using ${loaded.url} (DOCEXTRACT_URL not set)\n`);
    named = true;
    return loaded;
  };
  const client = () => {
    if (!cached) {
      const { url, token } = config();
      cached = createDocextractClient({ baseUrl: url, token });
    }
    return cached;
  };
  const out = (text: string): void => void io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  const note = (text: string): void => void io.stderr.write(`${text}\n`);
  const json = (value: unknown): void => out(JSON.stringify(value, null, 2));

  const program = new Command('docextract')
    .description('Command line of the document extraction service (DOCEXTRACT_URL, DOCEXTRACT_TOKEN).')
    .version(SERVICE_VERSION, '-V, --version', 'print the release of the service this command line belongs to')
    .showHelpAfterError()
    // Throw instead of exiting, so main() decides the exit status; subcommands inherit this.
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });

  const timeoutOption = () =>
    new Option('--timeout <seconds>', 'give up waiting after this long (the job keeps running)').default(3600).argParser(positiveInt);

  program
    .command('extract')
    .description('extract schema-valid JSON from a file (any accepted format: PDF, images, Office, HTML, EPUB, text...), or from text with "-" (stdin)')
    .argument('<file>', 'a document, or - to read stdin (a document or plain text)')
    .requiredOption('-e, --extractor <name>', 'extractor name or id')
    .option('--text', "send the file's contents as text instead of uploading it")
    .option('--json', 'print the whole job, not only result.data')
    .addOption(timeoutOption())
    .action(async (file: string, opts: { extractor: string; text?: boolean; json?: boolean; timeout: number }) => {
      const input = await readInput(file, io.stdin, opts.text);
      // Before the upload: a misspelt extractor must not leave an uploaded file behind.
      await definitionExists(client(), 'extractor', opts.extractor);
      const job = await runJob(client(), io, {
        upload: input.kind === 'document' ? { content: input.bytes, filename: input.filename } : undefined,
        // An e-mail: its attachments became files of their own; say which they are and which file is extracted.
        onUploaded: async (c, uploaded) => {
          const lines = await attachmentLines(c, uploaded);
          if (lines.length === 0) return;
          note(`${uploaded.filename} is an e-mail with ${uploaded.attachment_file_ids.length} attachment file${uploaded.attachment_file_ids.length === 1 ? '' : 's'}:`);
          for (const line of lines) note(line);
          note(`extracting ${uploaded.id} (the e-mail itself: its headers and body); extract an attachment by its own file`);
        },
        create: (c, fileId) =>
          c.createExtractionJob({ ...ref('extractor', opts.extractor), ...(fileId ? { file_id: fileId } : { text: input.kind === 'text' ? input.text : '' }) }),
        timeoutMs: opts.timeout * 1000,
      });
      if (opts.json) json(job);
      else json((job.result as { data: unknown }).data);
      // After the data, on stderr: the values the model was unsure of, and where to review them.
      for (const line of flagLines(job)) note(line);
      const review = (job as { review?: { status: string } | null }).review;
      if (review?.status === 'pending') note(`review pending: docextract review show ${job.id}`);
    });

  program
    .command('classify')
    .description('classify the pages of a file with a classifier; --split cuts a packet into its documents (docs/packets.md)')
    .argument('<file>', 'a document (any accepted format), or - to read stdin (a document, or text whose pages are separated by form feeds)')
    .requiredOption('-c, --classifier <name>', 'classifier name')
    .option('--split', 'split the file into segments (documents) instead of classing it as one document')
    .option('--route', 'with --split: run each segment through its class\'s extractor')
    .option('--text', "send the file's contents as text (pages separated by form feeds) instead of uploading it")
    .option('--json', 'print the whole job, not only its result')
    .addOption(timeoutOption())
    .action(async (file: string, opts: { classifier: string; split?: boolean; route?: boolean; text?: boolean; json?: boolean; timeout: number }) => {
      if (opts.route && !opts.split) throw new DocextractError('bad_request', 0, '--route needs --split');
      const input = await readInput(file, io.stdin, opts.text);
      // Before the upload: a misspelt classifier must not leave an uploaded file behind.
      await client().ok(client().api.GET('/v1/classifiers/{classifier_ref}', { params: { path: { classifier_ref: opts.classifier } } }));
      const job = await runJob(client(), io, {
        upload: input.kind === 'document' ? { content: input.bytes, filename: input.filename } : undefined,
        create: (c, fileId) =>
          c.createClassificationJob({
            classifier_name: opts.classifier,
            ...(fileId ? { file_id: fileId } : { text: input.kind === 'text' ? input.text : '' }),
            mode: opts.split ? 'split' : 'document',
            ...(opts.route ? { route: true } : {}),
          }),
        timeoutMs: opts.timeout * 1000,
      });
      if (job.review?.status === 'pending') note(`${job.id} is in review: a segment is under the classifier's review_threshold (docextract review show ${job.id})`);
      json(opts.json ? job : job.result);
    });

  addSuggestCommand(program, io, client, timeoutOption);

  program
    .command('parse')
    .description('transcribe a file into page-preserving Markdown')
    .argument('<file>', 'a file of any accepted format (PDF, images, Office, HTML, EPUB, text...), or - for stdin')
    .option('-p, --parser <name>', 'parser name or id (default: the service default, document-to-markdown)')
    .option('-o, --output <file>', 'write the Markdown to this file instead of stdout')
    .option('--pages', 'print the pages as JSON ([{page_number, content}]) instead of one Markdown text')
    .option('--chunks', 'print the chunks for retrieval, one JSON object per line, instead of the Markdown')
    .option('--max-tokens <n>', 'with --chunks: most cl100k_base tokens in a chunk (32-8192)', positiveInt, 512)
    .option('--overlap-tokens <n>', 'with --chunks: tokens of the previous chunk of a section that start a chunk', nonNegativeInt, 0)
    .option('--tables-dir <dir>', 'also write each table as CSV into this folder (table-0.csv, ...)')
    .addOption(timeoutOption())
    .action(async (file: string, opts: { parser?: string; output?: string; pages?: boolean; chunks?: boolean; maxTokens: number; overlapTokens: number; tablesDir?: string; timeout: number }) => {
      const input = await readInput(file, io.stdin);
      // Text on stdin is uploaded as a text file: the service lays it out on pages like any format.
      const upload = input.kind === 'document' ? { content: input.bytes, filename: input.filename } : { content: new TextEncoder().encode(input.text), filename: 'stdin.txt' };
      if (opts.parser) await definitionExists(client(), 'parser', opts.parser);
      const job = await runJob(client(), io, {
        upload,
        create: (c, fileId) => c.createParseJob({ file_id: fileId!, ...(opts.parser ? ref('parser', opts.parser) : {}) }),
        timeoutMs: opts.timeout * 1000,
      });
      const result = job.result as { content: string; pages: unknown[]; page_count: number };
      if (opts.tablesDir) {
        const written = await writeTables(client(), job.id, opts.tablesDir);
        note(`wrote ${written.length} table${written.length === 1 ? '' : 's'} to ${opts.tablesDir}`);
      }
      const text = opts.chunks
        ? await chunkLines(client(), job.id, { maxTokens: opts.maxTokens, overlapTokens: opts.overlapTokens })
        : opts.pages
          ? `${JSON.stringify(result.pages, null, 2)}\n`
          : result.content.endsWith('\n')
            ? result.content
            : `${result.content}\n`;
      if (opts.output) {
        await writeFile(opts.output, text);
        note(`wrote ${opts.output} (${result.page_count} page${result.page_count === 1 ? '' : 's'})`);
      } else {
        io.stdout.write(text);
      }
    });

  const jobs = program.command('jobs').description('extraction and parse jobs');
  jobs
    .command('list')
    .description('list jobs, newest first')
    .addOption(new Option('--kind <kind>', 'which jobs').choices(['all', 'extraction', 'parse']).default('all'))
    .option('--status <status>', 'only jobs with this status')
    .option('--limit <n>', 'at most this many of each kind (1-100)', positiveInt, 20)
    .option('--json', 'print JSON')
    .action(async (opts: { kind: string; status?: string; limit: number; json?: boolean }) => {
      const c = client();
      const query = { limit: opts.limit, ...(opts.status ? { status: opts.status as Job['status'] } : {}) };
      const lists: Job[][] = await Promise.all([
        opts.kind === 'parse' ? [] : c.ok(c.api.GET('/v1/extraction-jobs', { params: { query } })),
        opts.kind === 'extraction' ? [] : c.ok(c.api.GET('/v1/parse-jobs', { params: { query } })),
      ] as Promise<Job[]>[]);
      const all = lists.flat().sort((a, b) => b.created_at.localeCompare(a.created_at));
      if (opts.json) return json(all);
      for (const j of all) {
        const pages = j.progress ? `${j.progress.pages_completed}/${j.progress.pages_total}` : '-';
        out(`${j.id}\t${j.status}\t${pages}\t${j.created_at}${j.error ? `\t${j.error.code}` : ''}`);
      }
    });
  jobs
    .command('get')
    .argument('<job_id>')
    .description('print a job as JSON (its flagged values, if any, are listed on stderr)')
    .action(async (jobId: string) => {
      const job = await client().getJob(jobId);
      json(job);
      for (const line of flagLines(job)) note(line);
    });
  jobs
    .command('cancel')
    .argument('<job_id>')
    .description('cancel a queued or running job')
    .action(async (jobId: string) => out(`${jobId}\t${(await client().cancelJob(jobId)).status}`));
  jobs
    .command('delete')
    .argument('<job_id>')
    .description('delete a job (an active one is canceled first)')
    .action(async (jobId: string) => out(`${await client().deleteJob(jobId)}\t${jobId}`));

  reviewCommands(program, client, { out, note, json });
  batchCommands(program, client, io);

  program
    .command('mcp')
    .description('run the MCP server on stdio (for agents), over the service at DOCEXTRACT_URL with DOCEXTRACT_TOKEN')
    .action(async () => {
      const { url, token } = config();
      await runStdioServer({ url, token, stderr: io.stderr });
    });
  definitionCommands(program, 'extractor', client, { out, note, json });
  definitionCommands(program, 'parser', client, { out, note, json });

  const providers = program.command('providers').description('the three model providers');
  providers
    .command('list')
    .description('list the providers and their connection state')
    .action(async () => {
      const c = client();
      for (const p of await c.ok(c.api.GET('/v1/providers'))) {
        out(`${p.name}\t${p.has_api_key ? 'key set' : 'no key'}\t${JSON.stringify(p.configuration)}`);
      }
    });
  providers
    .command('get')
    .argument('<name>')
    .description('print a provider as JSON (never its key)')
    .action(async (name: string) => {
      const c = client();
      json(await c.ok(c.api.GET('/v1/providers/{name}', { params: { path: { name: providerName(name) } } })));
    });
  providers
    .command('set')
    .argument('<name>', PROVIDERS.join(' | '))
    .description('change a provider: only the options given change (PATCH); the key is never printed')
    .option('--base-url <url>', 'provider endpoint (use "default" to restore the default)')
    .option('--api-key-env <VAR>', 'name of an environment variable of the worker that holds the key')
    .option('--api-key-stdin', 'read the API key from stdin (it is stored encrypted)')
    .option('--clear-api-key', 'remove the stored API key')
    .option('--config <key=value>', 'set one configuration value (repeatable; JSON values are parsed)', collectPairs, {})
    .action(async (name: string, opts: { baseUrl?: string; apiKeyEnv?: string; apiKeyStdin?: boolean; clearApiKey?: boolean; config: Record<string, unknown> }) => {
      const c = client();
      const params = { path: { name: providerName(name) } };
      const body: ProviderUpdate = {};
      if (opts.baseUrl !== undefined) body.base_url = opts.baseUrl === 'default' ? null : opts.baseUrl;
      if (opts.apiKeyEnv !== undefined) body.api_key_env = opts.apiKeyEnv;
      if (opts.apiKeyStdin) body.api_key = (await readAll(io.stdin)).toString('utf8').trim();
      if (opts.clearApiKey) body.api_key = null;
      // Providers have no model of their own: extractors and parsers name theirs.
      const settings = opts.config;
      if (Object.keys(settings).length > 0) {
        // `configuration` replaces the stored object as a whole: merge into what is there.
        const current = await c.ok(c.api.GET('/v1/providers/{name}', { params }));
        body.configuration = { ...current.configuration, ...settings };
      }
      if (Object.keys(body).length === 0) throw new DocextractError('bad_request', 0, 'nothing to set: give at least one option');
      const updated = await c.ok(c.api.PATCH('/v1/providers/{name}', { params, body }));
      note(`updated provider ${updated.name} (${updated.has_api_key ? 'key set' : 'no key'})`);
      json(updated);
    });

  program
    .command('schema')
    .description('extraction schemas')
    .command('validate')
    .argument('<file>', 'a JSON or YAML schema, or an extractor definition file (its `schema`)')
    .description("check a schema against the service's dialect; exits 1 when it is rejected")
    .action(async (file: string) => {
      const doc = YAML.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const schema = doc && typeof doc === 'object' && !('type' in doc) && doc.schema && typeof doc.schema === 'object' ? doc.schema : doc;
      const c = client();
      const result = await c.ok(c.api.POST('/v1/schemas/validate', { body: { schema: schema as Record<string, unknown> } }));
      for (const w of result.warnings) note(`warning ${w.code} at ${w.path}: ${w.message}`);
      for (const e of result.errors) note(`${e.code} at ${e.path}: ${e.message}`);
      if (!result.valid) throw new DocextractError('invalid_schema', 0, `${file}: ${result.errors.length} error(s)`);
      out(`${file}: valid${result.warnings.length ? ` (${result.warnings.length} warning(s))` : ''}`);
    });

  const evalIo = {
    client,
    out,
    note,
    json,
    stderr: io.stderr,
    // As `extract`: a named file is uploaded whatever its format; `-` or --text is a text item.
    readInput: (file: string, asText?: boolean) => readInput(file, io.stdin, asText),
  };
  addEvalImportCommand(addEvalCommands(program, evalIo), evalIo);

  return program;
}

interface Printers {
  out: (text: string) => void;
  note: (text: string) => void;
  json: (value: unknown) => void;
}

/** `extractors|parsers list|get|apply`: the same three commands over either kind. */
function definitionCommands(program: Command, kind: DefinitionKind, client: () => DocextractClient, p: Printers): void {
  const plural = `${kind}s` as const;
  const group = program.command(plural).description(`${kind} definitions`);
  const get = async (c: DocextractClient, name: string): Promise<Extractor | Parser> =>
    kind === 'extractor'
      ? c.ok(c.api.GET('/v1/extractors/{extractor_ref}', { params: { path: { extractor_ref: name } } }))
      : c.ok(c.api.GET('/v1/parsers/{parser_ref}', { params: { path: { parser_ref: name } } }));

  group
    .command('list')
    .description(`list ${plural}, newest first`)
    .option('--limit <n>', 'at most this many (1-100)', positiveInt, 100)
    .action(async (opts: { limit: number }) => {
      const c = client();
      const query = { limit: opts.limit };
      const items: (Extractor | Parser)[] =
        kind === 'extractor' ? await c.ok(c.api.GET('/v1/extractors', { params: { query } })) : await c.ok(c.api.GET('/v1/parsers', { params: { query } }));
      for (const d of items) p.out(`${d.name}\t${d.source}\t${d.provider_name}/${d.model}\t${d.updated_at}`);
    });
  group
    .command('get')
    .argument('<name>', 'stable name or id')
    .option('--json', 'print the whole resource as JSON instead of the definition as YAML')
    .description(`print a ${kind}: its definition as YAML, ready for \`${plural} apply\``)
    .action(async (name: string, opts: { json?: boolean }) => {
      const item = await get(client(), name);
      if (opts.json) p.json(item);
      else p.out(YAML.stringify(definitionOf(kind, item)));
    });
  group
    .command('apply')
    .argument('<file>', 'a YAML file with one definition per document (--- between them), each with a `name`')
    .description(`create or replace ${plural} by name (PUT); a definition that already matches is left alone`)
    .action(async (file: string) => {
      const c = client();
      const definitions = parseDefinitionsFile(await readFile(file, 'utf8'), file);
      let changed = 0;
      for (const def of definitions) {
        const name = def.name as string;
        const current = await get(c, name).catch((err: unknown) => {
          if (err instanceof DocextractError && err.code === 'not_found') return undefined;
          throw err;
        });
        const fields = current ? changedFields(kind, def, current) : [];
        if (current && fields.length === 0) {
          p.out(`${kind} ${name}: unchanged`);
          continue;
        }
        try {
          if (kind === 'extractor') {
            await c.ok(c.api.PUT('/v1/extractors/{extractor_ref}', { params: { path: { extractor_ref: name } }, body: def as never }));
          } else {
            await c.ok(c.api.PUT('/v1/parsers/{parser_ref}', { params: { path: { parser_ref: name } }, body: def as never }));
          }
        } catch (err) {
          // Which definition of the file was refused; the error itself follows (src/cli/error-text.ts).
          p.note(`${kind} ${name}: refused`);
          throw err;
        }
        changed++;
        p.out(current ? `${kind} ${name}: updated (${fields.join(', ')})` : `${kind} ${name}: created`);
      }
      if (changed === 0) p.note(`${file}: nothing to change`);
    });
}

/** GET the extractor or parser by name or id: throws `not_found` (nothing uploaded yet) when there is none. */
async function definitionExists(c: DocextractClient, kind: DefinitionKind, name: string): Promise<void> {
  if (kind === 'extractor') await c.ok(c.api.GET('/v1/extractors/{extractor_ref}', { params: { path: { extractor_ref: name } } }));
  else await c.ok(c.api.GET('/v1/parsers/{parser_ref}', { params: { path: { parser_ref: name } } }));
}

type Input = { kind: 'document'; bytes: Uint8Array; filename: string } | { kind: 'text'; text: string };

/**
 * The one upload path of the command line: a named file is uploaded as a file, whatever its format
 * (the service names it from the bytes); only `-` (stdin) that is not a PDF/PNG/JPEG, or `asText`
 * (--text), is sent as text.
 */
export async function readInput(file: string, stdin: NodeJS.ReadableStream, asText = false): Promise<Input> {
  const bytes = file === '-' ? await readAll(stdin) : await readFile(file);
  if (asText) return { kind: 'text', text: bytes.toString('utf8') };
  const isDocument = /^(%PDF|\x89PNG|\xff\xd8\xff)/.test(bytes.subarray(0, 4).toString('latin1'));
  if (isDocument || file !== '-') return { kind: 'document', bytes: new Uint8Array(bytes), filename: file === '-' ? 'stdin' : path.basename(file) };
  return { kind: 'text', text: bytes.toString('utf8') };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const ID_PATTERN = /^(ext|prs)_[0-9a-hjkmnp-tv-z]{26}$/;
function ref(kind: 'extractor', value: string): { extractor_id: string } | { extractor_name: string };
function ref(kind: 'parser', value: string): { parser_id: string } | { parser_name: string };
function ref(kind: DefinitionKind, value: string): Record<string, string> {
  return ID_PATTERN.test(value) ? { [`${kind}_id`]: value } : { [`${kind}_name`]: value };
}

function providerName(name: string): ProviderName {
  if (!(PROVIDERS as string[]).includes(name)) throw new DocextractError('bad_request', 0, `unknown provider '${name}' (one of ${PROVIDERS.join(', ')})`);
  return name as ProviderName;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number, 0 or more');
  return n;
}

function collectPairs(pair: string, acc: Record<string, unknown>): Record<string, unknown> {
  const eq = pair.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError('expected key=value');
  const raw = pair.slice(eq + 1);
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // not JSON: keep the string
  }
  return { ...acc, [pair.slice(0, eq)]: value };
}

type Flagged = { path: string; reasons: string[]; confidence: number | null };

/** Value at a JSON Pointer of extracted data (review paths are leaves). */
function valueAtPointer(data: unknown, pointer: string): unknown {
  let at: any = data;
  for (const raw of pointer.split('/').slice(1)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = at[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return at;
}

/** One line per flagged value of an extraction job: path, value, confidence and reasons. */
function flagLines(job: Job): string[] {
  const result = job.result as { data?: unknown; flags?: Flagged[] } | null;
  const flags = result?.flags ?? [];
  if (flags.length === 0) return [];
  return [
    `${flags.length} flagged value${flags.length === 1 ? '' : 's'}:`,
    ...flags.map((f) => `  ${f.path}\t${JSON.stringify(valueAtPointer(result?.data, f.path))}\t${f.confidence === null ? '-' : f.confidence.toFixed(3)}\t${f.reasons.join(',')}`),
  ];
}

/** `docextract review list|show|approve|reject|correct…`: extraction jobs in review, and packets' splits (`cjob_…`, ./split-review.ts). */
function reviewCommands(
  program: Command,
  client: () => DocextractClient,
  io: { out: (s: string) => void; note: (s: string) => void; json: (v: unknown) => void },
): void {
  const review = program.command('review').description('review of extraction jobs whose values are flagged, and of packet splits (cjob_…)');
  review
    .command('list')
    .description('extraction and classification jobs by review status (default pending), newest first')
    .addOption(new Option('--status <status>', 'review status').choices(['pending', 'not_required', 'approved', 'rejected']).default('pending'))
    .addOption(new Option('--kind <kind>', 'which jobs').choices(['all', 'extraction', 'classification']).default('all'))
    .option('--limit <n>', 'at most this many of each kind (1-100)', positiveInt, 20)
    .option('--json', 'print JSON')
    .action(async (opts: { status: 'pending' | 'not_required' | 'approved' | 'rejected'; kind: string; limit: number; json?: boolean }) => {
      const c = client();
      const [extraction, classification] = await Promise.all([
        opts.kind === 'classification' ? [] : c.listJobsInReview(opts.status, opts.limit),
        opts.kind === 'extraction' ? [] : c.listClassificationJobsInReview(opts.status, opts.limit),
      ]);
      const jobs: Job[] = [...extraction, ...classification].sort((a, b) => b.created_at.localeCompare(a.created_at));
      if (opts.json) return io.json(jobs);
      for (const j of jobs) {
        const flags = ((j.result as { flags?: unknown[] } | null)?.flags ?? []).length;
        const review = (j as { review?: { status: string; revision: number } | null }).review;
        io.out(`${j.id}\t${review?.status ?? '-'}\trevision ${review?.revision ?? '-'}\t${flags} flag${flags === 1 ? '' : 's'}\t${j.created_at}`);
      }
    });
  review
    .command('show')
    .argument('<job_id>')
    .description("a job's review: its flagged values (path, model's value, reviewed value, confidence, reasons) and decisions; for a cjob_…, its segments and flags")
    .option('--json', 'print {review, flags, confidence, events} as JSON ({review, segments, flags, events} for a cjob_…)')
    .action(async (jobId: string, opts: { json?: boolean }) => {
      const c = client();
      if (isClassificationJob(jobId)) {
        const shown = await splitReviewLines(c, jobId);
        return opts.json ? io.json(shown.json) : shown.lines.forEach((l) => io.out(l));
      }
      const job = await c.getJob(jobId);
      const result = job.result as { data?: unknown; flags?: Flagged[]; confidence?: unknown } | null;
      const review = (job as { review?: { status: string; revision: number; reviewed_data: unknown } | null }).review ?? null;
      const events = await c.reviewEvents(jobId);
      if (opts.json) return io.json({ review, flags: result?.flags ?? [], confidence: result?.confidence ?? null, events });
      io.out(`${jobId}\t${review ? `${review.status}\trevision ${review.revision}` : 'no review'}`);
      for (const f of result?.flags ?? []) {
        const model = JSON.stringify(valueAtPointer(result?.data, f.path));
        const reviewed = review ? JSON.stringify(valueAtPointer(review.reviewed_data, f.path)) : model;
        io.out(`  ${f.path}\t${model}${reviewed !== model ? ` -> ${reviewed}` : ''}\t${f.confidence === null ? '-' : f.confidence.toFixed(3)}\t${f.reasons.join(',')}`);
      }
      for (const e of events) io.out(`  ${e.at}\t${e.action}${e.path ? `\t${e.path}` : ''}${e.actor ? `\t${e.actor}` : ''}`);
    });
  review
    .command('approve')
    .argument('<job_id>')
    .description("approve a job's review (at its current revision); for a cjob_…, approve the split as reviewed")
    .option('--accept-all', "first accept the model's value for every flagged value not yet decided")
    .option('--add-as-example', "add the job's input and reviewed data to the extractor's examples (a new version of the extractor)")
    .action(async (jobId: string, opts: { acceptAll?: boolean; addAsExample?: boolean }) => {
      const c = client();
      if (isClassificationJob(jobId)) {
        if (opts.addAsExample) throw new DocextractError('bad_request', 0, '--add-as-example is for extraction jobs: a split is not an example');
        return io.out(splitStatusLine(await c.approveSplit(jobId, await splitRevision(c, jobId))));
      }
      let job = await c.getJob(jobId);
      let revision = (job as { review?: { revision: number } | null }).review?.revision;
      if (revision === undefined) throw new DocextractError('review_not_open', 409, `Extraction job '${jobId}' has no review`);
      if (opts.acceptAll) {
        const decided = new Set((await c.reviewEvents(jobId)).map((e) => e.path));
        const open = ((job.result as { flags?: Flagged[] } | null)?.flags ?? []).filter((f) => !decided.has(f.path));
        if (open.length > 0) {
          job = await c.reviewJob(jobId, revision, open.map((f) => ({ path: f.path, action: 'accept' as const })));
          revision = (job as { review?: { revision: number } | null }).review!.revision;
        }
      }
      const extractorBefore = opts.addAsExample ? await extractorVersion(c, job) : undefined;
      const approved = await c.approveReview(jobId, revision, opts.addAsExample ? { addAsExample: true } : {});
      io.out(`${jobId}\t${approved.review?.status}\trevision ${approved.review?.revision}`);
      if (opts.addAsExample) {
        // The example is a change to the extractor: a new version, which the next jobs (and runs) use.
        const after = await extractorVersion(c, approved);
        if (after) io.note(`added as an example of extractor ${after.name}: version ${extractorBefore?.version ?? '?'} -> ${after.version}`);
      }
    });

  // One decision on values at the review's current revision: correct, accept, clear (mark absent).
  const currentRevision = async (c: DocextractClient, jobId: string): Promise<number> => {
    const revision = ((await c.getJob(jobId)) as { review?: { revision: number } | null }).review?.revision;
    if (revision === undefined) throw new DocextractError('review_not_open', 409, `Extraction job '${jobId}' has no review`);
    return revision;
  };
  const decide = async (jobId: string, fields: ReviewFieldDecision[]) => {
    if (isClassificationJob(jobId)) throw new DocextractError('bad_request', 0, `${jobId} is a packet's split: correct it with --segments (docextract review correct ${jobId} --segments invoice:1-2,letter:3)`);
    const c = client();
    const job = await c.reviewJob(jobId, await currentRevision(c, jobId), fields);
    io.out(`${jobId}\t${job.review?.status}\trevision ${job.review?.revision}`);
  };
  review
    .command('correct')
    .argument('<job_id>')
    .argument('[path]', 'JSON Pointer of the value, e.g. /total')
    .argument('[value]', 'the right value: JSON (12.5, null, "text") or else taken as a string')
    .option('--segments <split>', 'for a cjob_…: the corrected split, CLASS:START-END,… (e.g. invoice:1-2,letter:3) or a JSON array (inline or a file) of {class, pages: {start, end}}')
    .description('replace a value with the right one; for a cjob_…, send the corrected split (--segments)')
    .action(async (jobId: string, path: string | undefined, value: string | undefined, opts: { segments?: string }) => {
      if (isClassificationJob(jobId)) {
        if (opts.segments === undefined) throw new DocextractError('bad_request', 0, `${jobId} is a packet's split: give the corrected split with --segments`);
        const c = client();
        return io.out(splitStatusLine(await c.reviewSplit(jobId, await splitRevision(c, jobId), parseSegments(opts.segments))));
      }
      if (opts.segments !== undefined) throw new DocextractError('bad_request', 0, '--segments is for classification jobs (cjob_…)');
      if (path === undefined || value === undefined) throw new DocextractError('bad_request', 0, 'give the JSON Pointer of the value and the right value');
      return decide(jobId, [{ path, action: 'correct', value: jsonOrString(value) }]);
    });
  review
    .command('accept')
    .argument('<job_id>')
    .argument('<paths...>', 'JSON Pointers of the values')
    .description("keep the model's values")
    .action((jobId: string, paths: string[]) => decide(jobId, paths.map((path) => ({ path, action: 'accept' as const }))));
  review
    .command('clear')
    .argument('<job_id>')
    .argument('<paths...>', 'JSON Pointers of the values')
    .description('mark values absent from the document (null)')
    .action((jobId: string, paths: string[]) => decide(jobId, paths.map((path) => ({ path, action: 'mark_absent' as const }))));
  review
    .command('reject')
    .argument('<job_id>')
    .requiredOption('--reason <text>', 'why the job is rejected')
    .description("reject a job's review (at its current revision); for a cjob_…, reject the split (nothing is routed)")
    .action(async (jobId: string, opts: { reason: string }) => {
      const c = client();
      if (isClassificationJob(jobId)) return io.out(splitStatusLine(await c.rejectSplit(jobId, await splitRevision(c, jobId), opts.reason)));
      const job = await c.rejectReview(jobId, await currentRevision(c, jobId), opts.reason);
      io.out(`${jobId}\t${job.review?.status}\trevision ${job.review?.revision}`);
    });
}

/** The extractor an extraction job ran (name and current version), for the note on a new example. */
async function extractorVersion(c: DocextractClient, job: Job): Promise<{ name: string; version: number } | undefined> {
  const id = 'extractor_id' in job ? job.extractor_id : undefined;
  if (!id) return undefined;
  const extractor = await c.ok(c.api.GET('/v1/extractors/{extractor_ref}', { params: { path: { extractor_ref: id } } }));
  return { name: extractor.name, version: extractor.version };
}

/** A value given on the command line: JSON when it parses, else the text itself. */
export function jsonOrString(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
