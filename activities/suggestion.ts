import { Context } from '@temporalio/activity';
import { SUGGESTION_PAGES_PER_FILE } from '../src/domain/schema-suggestions.js';
import { warmRenderPool } from '../src/documents/index.js';
import { recordJobFinished } from '../src/metrics/index.js';
import { runSchemaSuggestion, type SuggestionAnswer, type SuggestionSample } from '../src/providers/index.js';
import type { Usage } from '../src/providers/types.js';
import { clearJobRetries } from '../src/storage/call-retries.js';
import * as jobs from '../src/storage/jobs/lifecycle.js';
import type { SuggestionJobRow } from '../src/storage/jobs/tables.js';
import { findJobRow, findJobStatus } from '../src/storage/jobs/reads.js';
import { diagnosticsText, readSuggestionAnswer, type SuggestionDiagnostic } from '../src/suggestions/answer.js';
import type { JobEnd } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';
import { DocumentCache, pageCountOf, pageImages, pageTexts } from './documents.js';
import { jobFailure, translatingErrors } from './failures.js';
import { withHeartbeat } from './heartbeat.js';
import { callModel } from './model-call.js';
import { writePaidAnswer } from './paid-answer.js';
import { loadProviderSettings } from './provider-settings.js';

// Schema suggestions (issue 51): the first pages of each sample file (images and text layers, as
// an extraction request sends them) or the inline texts go to the model in one request; a schema
// outside the dialect is asked for once more, quoting the validator's diagnostics; still invalid,
// the job fails `suggestion_invalid` with the diagnostics in its error.

/** The longest answer quoted back in the second request. */
const QUOTED_ANSWER_MAX_CHARS = 60_000;

const addUsage = (a: Usage | null, b: Usage | null): Usage | null =>
  a && b ? { prompt_tokens: a.prompt_tokens + b.prompt_tokens, completion_tokens: a.completion_tokens + b.completion_tokens, total_tokens: a.total_tokens + b.total_tokens } : (a ?? b);

export function suggestionActivities(deps: ResolvedActivityDeps, documents: DocumentCache) {
  const { db, config, secrets, logger } = deps;

  async function samplesOf(job: SuggestionJobRow): Promise<{ samples: SuggestionSample[]; pages: number }> {
    if (job.texts) return { samples: job.texts.map((text) => ({ type: 'text' as const, text })), pages: job.texts.length };
    warmRenderPool();
    const samples: SuggestionSample[] = [];
    let pages = 0;
    for (const fileId of job.file_ids) {
      const doc = await documents.load(fileId);
      const pageCount = await pageCountOf(doc, config);
      const shown = Math.min(pageCount, SUGGESTION_PAGES_PER_FILE);
      const images = await withHeartbeat(() => pageImages(doc, 1, shown, config));
      const texts = await pageTexts({ config, doc, logger }, 1, shown, config.extractionWindowChars);
      const file = await db('files').where({ id: fileId }).first('filename');
      samples.push({ type: 'file', name: (file?.filename as string | undefined) ?? fileId, pageCount, images, texts });
      pages += shown;
    }
    return { samples, pages };
  }

  return {
    /**
     * queued → running, ask the model for a schema (twice at most), and record the suggestion
     * (running → completed) or `suggestion_invalid` (running → failed). Returns how the job ended.
     */
    async suggestSchema(jobId: string): Promise<JobEnd | 'not_running'> {
      return translatingErrors(async () => {
        if (!(await jobs.claimJob(db, 'suggestion', jobId)) && (await findJobStatus(db, 'suggestion', jobId)) !== 'running') return 'not_running';
        const job = (await findJobRow(db, 'suggestion', jobId))!;
        const log = logger.child({ job_id: jobId, workflow_id: jobId, attempt: Context.current().info.attempt });
        await jobs.recordModelUsed(db, 'suggestion', jobId, { provider_name_used: job.provider_name, model_used: job.model });
        const settings = await loadProviderSettings(db, secrets, job.provider_name);
        const { samples, pages } = await samplesOf(job);
        await jobs.recordPagesTotal(db, 'suggestion', jobId, pages);

        const ask = (callKey: string, retry?: { answer: string; diagnostics: string }): Promise<SuggestionAnswer> =>
          callModel(deps, { kind: 'suggestion', jobId, callKey, settings, model: job.model }, (signal, gate) =>
            runSchemaSuggestion({ settings, config, input: { model: job.model, instructions: job.instructions, samples, ...(retry ? { retry } : {}) }, signal, beforeSend: gate }),
          );
        const fallback = job.instructions ?? '';
        const first = await ask('suggest');
        let usage = first.usage;
        let read = readSuggestionAnswer(first.parsed, fallback);
        let diagnostics: SuggestionDiagnostic[] = read.ok ? [] : read.diagnostics;
        if (!read.ok) {
          log.warn({ diagnostics: diagnostics.length }, 'suggested schema is not in the dialect, asking once more');
          const second = await ask('suggest-again', { answer: first.text.slice(0, QUOTED_ANSWER_MAX_CHARS), diagnostics: diagnosticsText(diagnostics) });
          usage = addUsage(usage, second.usage);
          read = readSuggestionAnswer(second.parsed, fallback);
          diagnostics = read.ok ? [] : read.diagnostics;
        }
        if (!read.ok) {
          // Recorded here rather than thrown: the job's error carries the diagnostics too.
          const failure = jobFailure(
            'suggestion_invalid',
            `The suggested schema is not valid in the extraction schema dialect, also when asked again with the diagnostics:\n${diagnosticsText(diagnostics.slice(0, 20))}`,
          );
          const error = { code: failure.type ?? 'suggestion_invalid', message: failure.message, diagnostics };
          const failed = await jobs.failJob(db, 'suggestion', jobId, error);
          if (!failed) return 'not_running';
          recordJobFinished('suggestion', 'failed', { errorCode: error.code, createdAt: failed.created_at, finishedAt: failed.completed_at });
          await clearJobRetries(db, jobId);
          log.info({ code: error.code }, 'schema suggestion failed');
          return { status: 'failed', error: { code: error.code, message: error.message } };
        }
        if (read.rejectedRules.length > 0) log.info({ rejected: read.rejectedRules.map((r) => r.reason) }, 'suggested rules left out');
        const completed = await writePaidAnswer(
          () => jobs.completeJob(db, 'suggestion', jobId, { result: read.suggestion, usage, provider_name_used: job.provider_name, model_used: job.model }),
          log,
          'the suggestion',
        );
        if (!completed) return 'not_running';
        recordJobFinished('suggestion', 'completed', { createdAt: completed.created_at, finishedAt: completed.completed_at });
        await clearJobRetries(db, jobId);
        log.info({ usage, fields: read.suggestion.field_notes.length, rules: read.suggestion.rules.length }, 'schema suggestion completed');
        return { status: 'completed' };
      });
    },
  };
}
