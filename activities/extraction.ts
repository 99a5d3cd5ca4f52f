import { chooseExamples } from '../src/domain/example-choice.js';
import { Context } from '@temporalio/activity';
import type { Extractor } from '../src/domain/extractors.js';
import { recordJobFinished } from '../src/metrics/index.js';
import { OutputError } from '../src/providers/errors.js';
import { runExtraction } from '../src/providers/index.js';
import type { DocumentInput, ExtractionDefinition, ExtractionExample } from '../src/providers/types.js';
import { compileDataValidator } from '../src/schema-dialect/index.js';
import type { RecordOutcome } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';
import { allPageImages, DocumentCache, pageTexts } from './documents.js';
import { translatingErrors } from './failures.js';
import { callModel } from './model-call.js';
import { askUntilUsable } from './output-attempts.js';
import { writePaidAnswer } from './paid-answer.js';
import { loadProviderSettings } from './provider-settings.js';
import * as jobs from '../src/storage/jobs/lifecycle.js';
import { findJobRow } from '../src/storage/jobs/reads.js';
import { recordExtractionModelUsed } from '../src/storage/jobs/extraction.js';

/** What the model is asked with, from the extractor's snapshot (a whole document or one of its windows). */
export function extractionDefinition(extractor: Extractor): ExtractionDefinition {
  return {
    name: extractor.name,
    instructions: extractor.instructions,
    schema: extractor.schema,
    model: extractor.model,
    reasoningEffort: extractor.reasoning_effort as never,
  };
}

export function extractionActivities(deps: ResolvedActivityDeps, documents: DocumentCache) {
  const { db, config, secrets, logger } = deps;

  /**
   * The document (or text) as model input: PDF pages rendered, images as uploaded; with
   * `withTextLayer`, each page's text layer beside its image (extractors' include_text_layer).
   */
  async function loadInput(fileId: string | null, text: string | null, withTextLayer = false): Promise<DocumentInput> {
    if (fileId === null) return { type: 'text', text: text ?? '' };
    const doc = await documents.load(fileId);
    const images = await allPageImages(doc, config);
    if (!withTextLayer) return { type: 'images', images };
    return { type: 'images', images, texts: await pageTexts({ config, doc, logger }, 1, images.length, config.extractionWindowChars) };
  }

  return {
    /**
     * Run the model on the job's input with the extractor as it was when the job was created,
     * validate the answer against the schema, and record it (running → completed).
     */
    async extractDocument(jobId: string): Promise<RecordOutcome> {
      return translatingErrors(async () => {
        const job = await findJobRow(db, 'extraction', jobId);
        if (!job || job.status !== 'running') return 'not_running';
        const extractor = job.extractor_snapshot as Extractor;
        const log = logger.child({ job_id: jobId, workflow_id: jobId, attempt: Context.current().info.attempt });

        // Say what is being used as soon as it is known, so a failed job tells it too.
        await recordExtractionModelUsed(db, jobId, { provider_name_used: extractor.provider_name, model_used: extractor.model });
        const settings = await loadProviderSettings(db, secrets, extractor.provider_name);
        const input = await loadInput(job.file_id, job.source_text, extractor.include_text_layer !== false);
        const examples: ExtractionExample[] = [];
        for (const ex of await chooseExamples(db, (id) => documents.load(id), job, extractor)) {
          examples.push({ input: await loadInput(ex.input.type === 'file' ? (ex.input.file_id ?? null) : null, ex.input.text ?? null), output: ex.output });
        }
        const validate = compileDataValidator(extractor.schema);

        // Unusable output is worth another try; truncation and provider errors are not retried here.
        return askUntilUsable(config.outputAttempts, log, async () => {
          const answer = await callModel(deps, { kind: 'extraction', jobId, callKey: 'extract', settings, model: extractor.model }, (signal, gate) =>
            runExtraction({
              settings,
              config,
              definition: extractionDefinition(extractor),
              input,
              examples,
              signal,
              beforeSend: gate,
            }),
          );
          const check = validate(answer.data);
          if (!check.valid) {
            throw new OutputError('output_schema_mismatch', `The model's answer does not satisfy the schema: ${check.errors.slice(0, 5).join('; ')}`);
          }
          // Paid for: held through a database outage rather than asked again.
          const completed = await writePaidAnswer(
            () =>
              jobs.completeJob(db, 'extraction', jobId, {
                result: { data: answer.data },
                usage: answer.usage,
                provider_name_used: extractor.provider_name,
                model_used: answer.model ?? extractor.model,
              }),
            log,
            'the answer',
          );
          const n = completed ? 1 : 0;
          if (completed) recordJobFinished('extraction', 'completed', { createdAt: completed.created_at, finishedAt: completed.completed_at });
          log.info({ usage: answer.usage, adapter: answer.adapter }, n === 1 ? 'extraction completed' : 'extraction finished after the job was stopped');
          return n === 1 ? 'recorded' : 'not_running';
        });
      });
    },
  };
}
