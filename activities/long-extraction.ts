import { Context } from '@temporalio/activity';
import type { Config } from '../src/config/index.js';
import { anyRuleFailed, evaluateRules, withRuleFlags } from '../src/rules/index.js';
import { buildFlags, initialReview, jobConfidence, notGrounded, pagesToCheck, reviewEnabled, thresholdResolver, type ConfidenceMap } from '../src/confidence/index.js';
import { findInWords, findTextInPool, warmRenderPool, type BoxedWord, type TextBox, type TextQuery } from '../src/documents/index.js';
import { getFileOcrWords } from '../src/storage/page-ocr.js';
import type { Extractor } from '../src/domain/extractors.js';
import {
  askAvoidingLoops,
  buildProvenance,
  describePages,
  isDegenerateData,
  mergeWindows,
  jobSpan,
  pendingWindows,
  planPageWindows,
  rangeOfRow,
  shiftWindows,
  splitTextPages,
  textPageChars,
  windowSchema,
  searchKey,
  type TextLocator,
  type Window,
  boxPages,
  withCells,
} from '../src/long-documents/index.js';
import { getRenditionCells } from '../src/storage/file-renditions.js';
import { recordJobFinished } from '../src/metrics/index.js';
import { conformToSchema, OutputError, runExtraction } from '../src/providers/index.js';
import type { DocumentInput, ExtractionExample, GenerationSettings, ImageInput, ProviderSettings, WindowContext } from '../src/providers/types.js';
import { compileDataValidator, compileDerivedValidator } from '../src/schema-dialect/index.js';
import type { ExtractionWindowPlan, RecordOutcome, WindowOutcome } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';
import { allPageImages, DocumentCache, PagePrefetch, pageCountOf, pagesOf, pageTexts } from './documents.js';
import type { StoredDocument } from '../src/domain/stored-document.js';
import { chooseExamples, type ExampleJob } from '../src/domain/example-choice.js';
import { jobFailure, translatingErrors } from './failures.js';
import { whileHeartbeating, withHeartbeat } from './heartbeat.js';
import { WindowTextSearches } from './window-text-searches.js';
import { callModel, jobSlotsName } from './model-call.js';
import { JobStopWatch } from './job-stop-watch.js';
import { outsideWorkspace } from '../src/storage/workspace-scope.js';
import { writePaidAnswer } from './paid-answer.js';
import { extractionDefinition } from './extraction.js';
import { askUntilUsable } from './output-attempts.js';
import { loadProviderSettings } from './provider-settings.js';
import * as jobs from '../src/storage/jobs/lifecycle.js';
import { findJobRow, findJobStatuses } from '../src/storage/jobs/reads.js';
import { recordExtractionModelUsed } from '../src/storage/jobs/extraction.js';
import { storedWindows as readStoredWindows, storeWindow, windowIsStored } from '../src/storage/jobs/results.js';

// Extraction of a job in page windows (the 0.4 path of the extraction workflow): plan the windows,
// extract each window in an activity of its own (its validated answer stored at once), then merge,
// validate, add provenance and record the result in a step of its own.

type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };

/** Most pages rendered ahead of the windows that will need them. */
const MAX_PREFETCH_PAGES = 32;

/** The job's input as pages: a PDF's pages, one image, or inline text cut into text pages. */
type Source =
  | { kind: 'pdf' | 'image'; bytes: Buffer; fileId: string; doc: StoredDocument }
  | { kind: 'text'; pages: string[] };

/** Inline text as text pages: the whole text when it fits one window, else parts at line or paragraph boundaries. */
export function textPages(text: string, config: Pick<Config, 'extractionWindowChars' | 'extractionWindowPages'>): string[] {
  if (text.length <= config.extractionWindowChars) return [text];
  return splitTextPages(text, textPageChars(config.extractionWindowChars, config.extractionWindowPages));
}

/**
 * The one place a window calls the provider, through the engine's model-call wrapper (heartbeats,
 * cancellation that waits for the request to close, provider limits, retries by time).
 */
function extractWithModel(
  deps: ResolvedActivityDeps,
  target: { jobId: string; callKey: string; jobSlots?: number; stop?: AbortSignal },
  settings: ProviderSettings,
  args: Omit<Parameters<typeof runExtraction>[0], 'settings' | 'signal' | 'beforeSend'>,
) {
  return callModel(deps, { ...target, kind: 'extraction', settings, model: args.definition.model }, (signal, gate) =>
    runExtraction({ ...args, settings, signal, beforeSend: gate }),
  );
}

/** How long a window stopped by its job's status waits for its activity's own cancellation. */
const STOPPED_WINDOW_WAIT_MS = 60_000;

/** Resolves when `signal` aborts (the activity's cancellation: rethrown) or after `ms`. */
function untilAborted(signal: AbortSignal, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });
}

export function longExtractionActivities(deps: ResolvedActivityDeps, documents: DocumentCache) {
  const { db, config, secrets, logger } = deps;
  // The next windows' pages render while the windows in flight are at the model: as many pages
  // ahead as the windows in flight hold (bounded, as each is ~1 MB of base64 held until asked for).
  const prefetch = new PagePrefetch(
    Math.max(config.renderPrefetchPages, Math.min(MAX_PREFETCH_PAGES, config.pageConcurrency * config.extractionWindowPages)),
  );

  const textSearches = new WindowTextSearches();
  // Which jobs were asked to stop, one read for all windows in flight here (as for classification
  // pages). Read unscoped: the watch's timer keeps the workspace of the activity that started it.
  const stopWatch = new JobStopWatch((ids) => outsideWorkspace(() => findJobStatuses(db, 'extraction', ids)));

  /**
   * A canceled job reads `canceled` as soon as its last open request has closed (issue 48), not
   * when its workflow gets to settle it: many workflows settle one after another on a busy worker.
   * Only where every request of the job holds a slot of its job lease (`modelSlots`), or this
   * window is the job's only request (`whole`): otherwise another request could still be open.
   */
  async function settleIfCanceled(jobId: string): Promise<void> {
    const row = await jobs.settleCancelingIfIdle(db, 'extraction', jobId, jobSlotsName(jobId));
    if (row) recordJobFinished('extraction', 'canceled', { createdAt: row.created_at, finishedAt: row.completed_at });
  }

  /** Whether first..last is the job's whole span, read from its row (pages_total is the range's pages, or the file's). */
  function isWholeSpan(job: { page_start?: number | null; page_end?: number | null; pages_total?: number | null }, first: number, last: number): boolean {
    const range = rangeOfRow(job);
    if (range) return first === range.start && last === range.end;
    return job.pages_total != null && first === 1 && last === job.pages_total;
  }

  async function loadSource(job: { file_id: string | null; source_text: string | null }): Promise<Source> {
    if (job.file_id === null) return { kind: 'text', pages: textPages(job.source_text ?? '', config) };
    const doc = await documents.load(job.file_id);
    return { kind: pagesOf(doc).kind === 'application/pdf' ? 'pdf' : 'image', bytes: doc.bytes, fileId: job.file_id, doc };
  }

  /**
   * Pages first..last as model input (with their text layers when `withTextLayer`); the pages of
   * the windows after it start rendering.
   */
  async function windowInput(source: Source, first: number, last: number, total: number, withTextLayer: boolean): Promise<DocumentInput> {
    if (source.kind === 'text') return { type: 'text', text: source.pages.slice(first - 1, last).join('') };
    const [images, texts] = await Promise.all([
      Promise.all(prefetch.images(source.fileId, source.doc, first, last, total, config)) as Promise<ImageInput[]>,
      // The pages are read (with OCR where they have no text) even when the text is not sent: provenance finds values through them.
      pageTexts({ config, doc: source.doc, logger }, first, last, config.extractionWindowChars),
    ]);
    return withTextLayer ? { type: 'images', images, texts, firstPage: first } : { type: 'images', images };
  }

  /** The examples chosen for the job (recorded as its examples_used by the first window to ask). */
  async function loadExamples(job: ExampleJob, extractor: Extractor): Promise<ExtractionExample[]> {
    const examples: ExtractionExample[] = [];
    for (const ex of await chooseExamples(db, (id) => documents.load(id), job, extractor)) {
      const fileId = ex.input.type === 'file' ? (ex.input.file_id ?? null) : null;
      const input: DocumentInput = fileId
        ? { type: 'images', images: await allPageImages(await documents.load(fileId), config) }
        : { type: 'text', text: ex.input.text ?? '' };
      examples.push({ input, output: ex.output });
    }
    return examples;
  }

  async function storedWindows(jobId: string): Promise<Array<{ first_page: number; last_page: number; data: unknown; usage: Usage | null; confidence?: ConfidenceMap | null }>> {
    return readStoredWindows(db, jobId) as Promise<Array<{ first_page: number; last_page: number; data: unknown; usage: Usage | null; confidence?: ConfidenceMap | null }>>;
  }

  /** extractWindow's work; `stop` aborts its model request once the job was asked to stop. `mayRecordCancel(whole)`: told whether this window is the job's whole span. */
  async function extractWindowUntilStopped(
    jobId: string,
    first: number,
    last: number,
    modelSlots: number | undefined,
    stop: AbortSignal,
    mayRecordCancel: (whole: boolean) => void,
  ): Promise<WindowOutcome> {
    return translatingErrors(async () => {
      const job = await findJobRow(db, 'extraction', jobId);
      if (!job) return 'not_running';
      if (job.status !== 'running') {
        // A window started after the cancel (it waited for an activity slot): nothing of it is open.
        if (job.status === 'canceling' && (modelSlots !== undefined || isWholeSpan(job, first, last))) await settleIfCanceled(jobId);
        return 'not_running';
      }
      if (await windowIsStored(db, jobId, first)) return 'stored';
      const extractor = job.extractor_snapshot as Extractor;
      const log = logger.child({ job_id: jobId, workflow_id: jobId, window: [first, last], attempt: Context.current().info.attempt });
      const source = await loadSource(job);
      const range = rangeOfRow(job);
      // The file's page count (the job's pages_total counts only its range's pages).
      const total: number = range === null && job.pages_total != null ? job.pages_total : source.kind === 'text' ? source.pages.length : await pageCountOf(source.doc, config);
      const [spanFirst, spanLast] = jobSpan(range, total);
      const unit = source.kind === 'text' ? 'text page' : 'page';
      // The job's whole span in one request: today's request with the real schema.
      const whole = first === spanFirst && last === spanLast;
      mayRecordCancel(whole);
      const window: WindowContext | undefined = whole ? undefined : { first, last, total, unit };
      const where = describePages([first, last], unit);
      // Heartbeat while the pages render: behind other windows' pages in a busy pool this can take
      // longer than the heartbeat timeout, and a timed-out attempt would be retried and render again.
      // The examples and the provider's settings load while the pages render.
      const [input, examples, settings] = await Promise.all([
        withHeartbeat(() => windowInput(source, first, last, spanLast, extractor.include_text_layer !== false)),
        loadExamples(job, extractor),
        loadProviderSettings(db, secrets, extractor.provider_name),
      ]);
      const ask = (generation: GenerationSettings | undefined) =>
        extractWithModel(deps, { jobId, callKey: `window:${first}-${last}`, ...(modelSlots ? { jobSlots: modelSlots } : {}), stop }, settings, {
          config,
          definition: extractionDefinition(extractor),
          input,
          examples,
          ...(window ? { window } : {}),
          ...(generation ? { generation } : {}),
        });
      // Whole-document answers keep today's messages; a window's say which pages they are about.
      const about = (message: string) => (whole ? message : `${where}: ${message}`);

      const answerWindow = async (): Promise<'stored'> => {
        const outcome = await askAvoidingLoops(ask, (a) => isDegenerateData(a.data), () =>
          log.warn('degenerate answer (the same item over and over), asking again with a frequency penalty'),
        );
        if (!outcome) {
          throw jobFailure('output_degenerate', `The model's answer for ${where} repeats the same item over and over, also when asked again`);
        }
        const answer = outcome.answer;
        // Compiled here, once the model has answered (~50 ms the first time for a schema, then
        // cached): before the request it would hold the first windows back.
        const validate = whole ? compileDataValidator(extractor.schema) : compileDerivedValidator(windowSchema(extractor.schema));
        const check = validate(answer.data);
        if (!check.valid) {
          throw new OutputError('output_schema_mismatch', `The model's answer does not satisfy the schema: ${check.errors.slice(0, 5).join('; ')}`);
        }
        // The window's own token probabilities: its values keep them through the merge.
        // Paid for: held through a database outage rather than asked again.
        await writePaidAnswer(() => storeWindow(db, { job_id: jobId, first_page: first, last_page: last, data: answer.data, usage: answer.usage ?? null, confidence: answer.confidence ?? null }), log, where);
        // Provenance's text-layer search for this window, while later windows are at the model.
        if (source.kind === 'pdf') textSearches.start(jobId, source.bytes, pageRange(first, last), answer.data);
        log.debug({ usage: answer.usage }, 'window extracted');
        return 'stored';
      };
      // An answer cut off for length is not asked again: the window is split (a single page fails).
      return askUntilUsable(
        config.outputAttempts,
        log,
        async (): Promise<WindowOutcome> => {
          try {
            return await answerWindow();
          } catch (err) {
            if (!(err instanceof OutputError && err.code === 'output_truncated')) throw err;
            if (first < last) {
              log.info('answer cut off for length, splitting the window');
              return 'truncated';
            }
            throw jobFailure(
              'output_truncated',
              `The model's answer for ${where} was cut off at the output token limit (${config.extractionMaxTokens} tokens, SERVICE_EXTRACTION_MAX_TOKENS), even for this ${unit} alone`,
            );
          }
        },
        about,
      );
    });
  }

  return {
    /**
     * Count the pages, check the extraction page limit, record what will be used, and list the
     * windows still to extract (pages covered by stored windows are never asked again).
     */
    async planExtractionWindows(jobId: string): Promise<ExtractionWindowPlan> {
      return translatingErrors(async () => {
        const job = await findJobRow(db, 'extraction', jobId);
        if (!job || job.status !== 'running') return { pagesTotal: 0, windows: [] };
        const extractor = job.extractor_snapshot as Extractor;
        await recordExtractionModelUsed(db, jobId, { provider_name_used: extractor.provider_name, model_used: extractor.model });
        if (job.file_id !== null) warmRenderPool(); // the threads start while the file is read
        const source = await loadSource(job);
        // The file's page count as stored at upload: the file is not counted again.
        const fileTotal = source.kind === 'text' ? source.pages.length : await pageCountOf(source.doc, config);
        // A page range (issue 44) was checked against the file when the job was created.
        const [first, last] = jobSpan(rangeOfRow(job), fileTotal);
        const pagesTotal = last - first + 1;
        if (source.kind !== 'text' && pagesTotal > config.extractionMaxPages) {
          throw jobFailure(
            'document_too_many_pages',
            `The document has ${pagesTotal} pages; extraction reads at most ${config.extractionMaxPages} (SERVICE_EXTRACTION_MAX_PAGES)`,
          );
        }
        await jobs.recordPagesTotal(db, 'extraction', jobId, pagesTotal);
        const planned = shiftWindows(planPageWindows(pagesTotal, config.extractionWindowPages), first);
        const stored = (await storedWindows(jobId)).map((r) => [r.first_page, r.last_page] as Window);
        const windows = pendingWindows(planned, stored);
        // The first windows' pages start rendering now, for the window activities about to start.
        if (source.kind === 'pdf' && planned.length > 1 && windows[0]) prefetch.start(source.fileId, source.doc, windows[0][0], last, config);
        return { pagesTotal, windows, ...(first > 1 ? { firstPage: first } : {}) };
      });
    },

    /**
     * Extract pages first..last and store the validated answer at once. A window covering the
     * whole document is today's single request (the real schema); any other window is asked with
     * the window variant and checked against the window schema. An answer cut off for length is
     * not stored: 'truncated' tells the workflow to split the window (a single page fails).
     * `modelSlots` (runs since MODEL_SLOTS): the job's bound on requests at the model; the window
     * renders and builds its request before a slot is free and waits for one only to send it.
     */
    async extractWindow(jobId: string, first: number, last: number, modelSlots?: number): Promise<WindowOutcome> {
      // Watched before the row is read: a cancel answered after that read aborts this window's
      // request within a poll (or stops it before it is sent), without waiting for the activity's
      // cancellation to come back on a heartbeat.
      const stop = stopWatch.watch(jobId);
      let settles = modelSlots !== undefined;
      try {
        return await extractWindowUntilStopped(jobId, first, last, modelSlots, stop.signal, (whole) => (settles ||= whole));
      } catch (err) {
        const stopped = stop.signal.aborted && !Context.current().cancellationSignal.aborted;
        // The request (if any) has closed and its slot is released: the job may read canceled now.
        if ((stopped || Context.current().cancellationSignal.aborted) && settles) await settleIfCanceled(jobId).catch(() => {});
        if (!stopped) throw err;
        // The cancel is on its way to the run (or is retried once Temporal is back): wait for it, so
        // that the run ends canceled, as the job did; nothing is open at the provider meanwhile.
        await withHeartbeat((signal) => untilAborted(signal, STOPPED_WINDOW_WAIT_MS));
        return 'not_running';
      } finally {
        stop.done();
      }
    },

    /**
     * Merge the stored windows in page order, validate the result against the extractor's real
     * schema, add provenance, and record it (running → completed) with the summed usage.
     */
    async finishExtraction(jobId: string): Promise<RecordOutcome> {
      return whileHeartbeating(() => translatingErrors(async () => {
        const job = await findJobRow(db, 'extraction', jobId);
        if (!job || job.status !== 'running') return 'not_running';
        const extractor = job.extractor_snapshot as Extractor;
        const rows = await storedWindows(jobId);
        const [spanFirst, spanLast] = jobSpan(rangeOfRow(job), job.pages_total!);
        let next = spanFirst;
        for (const r of rows) {
          if (r.first_page !== next) break;
          next = r.last_page + 1;
        }
        if (next !== spanLast + 1) {
          throw jobFailure('internal_error', `The stored windows do not cover pages ${spanFirst}–${spanLast} of the document`);
        }
        const merged = mergeWindows(
          extractor.schema,
          rows.map((r) => ({ pages: pageRange(r.first_page, r.last_page), data: r.data })),
        );
        const data = conformToSchema(extractor.schema, merged.data);
        const check = compileDataValidator(extractor.schema)(data);
        if (!check.valid) {
          throw jobFailure(
            'output_schema_mismatch',
            `The merged answer does not satisfy the schema: ${check.errors.slice(0, 5).join('; ')}`,
          );
        }
        const result: Record<string, unknown> = { data };
        let ungrounded: string[] = [];
        if (job.file_id !== null) {
          const source = await loadSource(job);
          // Pages read with OCR (scans, images) are searched through their words; the others through the PDF's text layer.
          const ocr = await getFileOcrWords(db, job.file_id);
          const fromText = source.kind === 'pdf' ? await provenanceFromTextLayer(source.bytes, data, merged.origins, await textSearches.take(jobId), ocr) : null;
          // Only the cells of the pages values were found on: a large workbook's are never all read.
          const provenance = fromText
            ? withCells(fromText, await getRenditionCells(db, job.file_id, boxPages(fromText)))
            : buildProvenance(data, merged.origins, ocr.size > 0 ? ocrLocator(ocr) : null);
          result.provenance = provenance;
          const checked = pagesToCheck(data, provenance);
          // Asked in the render pool: a long document's structured text would hold the worker's event loop.
          const withText = source.kind === 'pdf' ? await source.doc.pagesWithText(checked) : new Set<number>();
          for (const n of checked) if ((ocr.get(n)?.length ?? 0) > 0) withText.add(n);
          ungrounded = notGrounded(data, provenance, withText);
        }
        if (rows.length > 1) result.conflicts = merged.conflicts;
        // Confidence of every value from its own window's token probabilities, and what needs a human.
        const confidence = jobConfidence(data, merged.sources, rows.map((r) => r.confidence ?? null));
        // The extractor version's rules (its snapshot); a failed one flags its values and asks for a review.
        const ruleResults = evaluateRules(extractor.rules, data);
        const reviewed = reviewEnabled(extractor);
        const baseFlags = buildFlags({
          data,
          schema: extractor.schema,
          confidence,
          threshold: reviewed ? thresholdResolver(extractor) : null,
          conflicts: merged.conflicts.map((c) => c.path),
          notGrounded: ungrounded,
        });
        const flags = ruleResults.length > 0 ? withRuleFlags(baseFlags, ruleResults, data, confidence) : baseFlags;
        result.confidence = confidence;
        result.flags = flags;
        result.rule_results = ruleResults;
        const review = initialReview(reviewed || anyRuleFailed(ruleResults), data, flags.length, new Date());
        const usage = sumUsage(rows.map((r) => r.usage));
        const completed = await jobs.completeJob(db, 'extraction', jobId, { result, usage, review });
        const n = completed ? 1 : 0;
        if (completed) recordJobFinished('extraction', 'completed', { createdAt: completed.created_at, finishedAt: completed.completed_at });
        logger.info({ job_id: jobId, workflow_id: jobId, windows: rows.length, conflicts: merged.conflicts.length, usage }, n === 1 ? 'extraction completed' : 'extraction finished after the job was stopped');
        return n === 1 ? 'recorded' : 'not_running';
      }));
    },
  };
}

/** Pages first..last. */
const pageRange = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/**
 * buildProvenance with the PDF's text layer searched in the render threads (mupdf's structured text
 * of hundreds of pages would hold this thread, which in `npm start` also serves the API): a first
 * pass collects every search buildProvenance would make, the render pool answers those not already
 * `known` (searched when their window was stored), and a second pass builds the provenance.
 */
async function provenanceFromTextLayer(bytes: Buffer, data: unknown, origins: Map<string, number[]>, known: Map<string, TextBox[]>, ocr: Map<number, BoxedWord[]>) {
  const queries = new Map<string, TextQuery>();
  buildProvenance(data, origins, (text, pages) => {
    const key = searchKey(text, pages);
    if (!known.has(key)) queries.set(key, { text, pages });
    return [];
  });
  const found = await findTextInPool(bytes, [...queries.values()]);
  const answers = new Map<string, TextBox[]>([...known, ...[...queries.keys()].map((k, i): [string, TextBox[]] => [k, found[i] ?? []])]);
  const onOcrPages = ocrLocator(ocr);
  const locate: TextLocator = (text, pages) => {
    const found = [...(answers.get(searchKey(text, pages)) ?? []), ...onOcrPages(text, pages)];
    return found.sort((a, b) => a.page - b.page);
  };
  return buildProvenance(data, origins, locate);
}

/** Finds a text among the OCR words of the given pages (pages without an OCR reading have no hits). */
function ocrLocator(ocr: Map<number, BoxedWord[]>): TextLocator {
  return (text, pages) => {
    const boxes = [];
    for (const page of pages) {
      const words = ocr.get(page);
      if (words) for (const hit of findInWords(words, text)) boxes.push({ page, ...hit });
    }
    return boxes;
  };
}

function sumUsage(items: (Usage | null)[]): Usage | null {
  const present = items.filter((u): u is Usage => !!u);
  if (present.length === 0) return null;
  return present.reduce(
    (a, u) => ({
      prompt_tokens: a.prompt_tokens + (u.prompt_tokens ?? 0),
      completion_tokens: a.completion_tokens + (u.completion_tokens ?? 0),
      total_tokens: a.total_tokens + (u.total_tokens ?? 0),
    }),
    { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  );
}
