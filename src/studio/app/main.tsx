// The studio: pick or upload a document, pick (or edit) an extractor or a parser, run it, and see
// what came back beside the pages it came from. Every call goes through the public API, by the typed
// client (./api).
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeWaiting, jobKind } from '../../../clients/typescript/index.js';
import { client, followJob } from './api';
import { PageView } from './pages';
import { JobStatus, JsonResult, MarkdownResult, ReviewPanel } from './results';
import { DefinitionPanel, FilePanel, TokenBar, schemaEdited, type Target } from './setup';
import { EvaluateView } from './evaluate';
import { BatchesView } from './batches';
import { ReviewQueueView } from './review-queue';
import { PacketsView } from './packets';
import type { ExtractionJob, FileRecord, Job, ParseJob, Selection } from './types';
import './studio.css';

function App() {
  const [reload, setReload] = useState(0);
  const [view, setView] = useState<'extract' | 'evaluate' | 'batches' | 'review' | 'packets'>('extract');
  const [file, setFile] = useState<FileRecord | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  // The schema the job ran with, to show its result's keys in the declared order.
  const [runSchema, setRunSchema] = useState<Record<string, unknown> | undefined>(undefined);
  const [selected, setSelected] = useState<{ pointer: string; selection: Selection } | null>(null);
  const [error, setError] = useState('');
  const [running, setRunning] = useState(false);
  const following = useRef<AbortController | null>(null);

  useEffect(() => () => following.current?.abort(), []);

  const pickFile = (f: FileRecord) => {
    setFile(f);
    setJob(null);
    setSelected(null);
  };

  async function run() {
    if (!file || !target) return;
    following.current?.abort();
    const controller = new AbortController();
    following.current = controller;
    setError('');
    setJob(null);
    setSelected(null);
    setRunning(true);
    try {
      let created: Job;
      if (target.kind === 'extract') {
        let name = target.extractor.name;
        if (schemaEdited(target)) {
          // An edited schema runs as an extractor of its own: created or replaced under the chosen name.
          const x = target.extractor;
          name = target.saveAs.trim();
          await client.ok(
            client.api.PUT('/v1/extractors/{extractor_ref}', {
              params: { path: { extractor_ref: name } },
              body: {
                display_name: `${x.display_name} (studio)`,
                instructions: x.instructions,
                provider_name: x.provider_name,
                model: x.model,
                reasoning_effort: x.reasoning_effort,
                schema: JSON.parse(target.schemaText),
              },
            }),
          );
          setReload((n) => n + 1);
        }
        setRunSchema(JSON.parse(target.schemaText) as Record<string, unknown>);
        created = await client.createExtractionJob({ extractor_name: name, file_id: file.id });
      } else {
        created = await client.createParseJob({ parser_name: target.parser.name, file_id: file.id });
      }
      setJob(created);
      await followJob<Job>(created, setJob, controller.signal);
    } catch (e) {
      // A DocextractError's message is `code: detail`.
      if (!controller.signal.aborted) setError((e as Error).message);
    } finally {
      if (following.current === controller) setRunning(false);
    }
  }

  const select = (pointer: string, selection: Selection) =>
    setSelected((current) => (current?.pointer === pointer ? null : { pointer, selection }));

  return (
    <div class="studio">
      <header>
        <h1>
          docextract <span>studio</span>
        </h1>
        <nav role="tablist" aria-label="View">
          {(['extract', 'review', 'evaluate', 'batches', 'packets'] as const).map((v) => (
            <button key={v} type="button" role="tab" aria-selected={view === v} onClick={() => setView(v)}>
              {v === 'extract' ? 'Extract & parse' : v === 'review' ? 'Review' : v === 'evaluate' ? 'Evaluate' : v === 'batches' ? 'Batches' : 'Packets'}
            </button>
          ))}
        </nav>
        <TokenBar onChange={() => setReload((n) => n + 1)} />
      </header>
      {view === 'review' ? <ReviewQueueView reload={reload} /> : view === 'packets' ? <PacketsView reload={reload} /> : view === 'batches' ? <BatchesView reload={reload} /> : view === 'evaluate' ? <EvaluateView reload={reload} /> : <>
      <aside>
        <FilePanel file={file} onFile={pickFile} reload={reload} />
        <DefinitionPanel target={target} onTarget={setTarget} reload={reload} file={file} />
        <section class="panel">
          <h2>3 · Run</h2>
          <button type="button" class="primary" disabled={!file || !target || running} onClick={run}>
            {running ? 'Running…' : target?.kind === 'parse' ? 'Parse document' : 'Extract data'}
          </button>
          {!file && <p class="muted">Choose a document first.</p>}
          {error && <p class="error">{error}</p>}
          {job && <JobStatus job={job} />}
        </section>
      </aside>
      <main>
        <section class="document" aria-label="Pages">
          {file ? <PageView fileId={file.id} selection={selected?.selection ?? null} /> : <p class="muted empty">No document yet.</p>}
        </section>
        <section class="result" aria-label="Result">
          {job?.status === 'completed' ? (
            jobKind(job.id) === 'extraction' ? (
              <>
                <p class="hint">Click a value to see where it is on the page.</p>
                <JsonResult job={job as ExtractionJob} schema={runSchema} selected={selected?.pointer ?? null} onSelect={select} />
                <ReviewPanel job={job as ExtractionJob} onJob={setJob} />
              </>
            ) : (
              <MarkdownResult job={job as ParseJob} onSelect={(s) => setSelected({ pointer: s.label, selection: s })} />
            )
          ) : (
            <p class="muted empty">
              {!job
                ? 'Run a job to see its result.'
                : (describeWaiting(job) ?? (job.status === 'canceled' || job.status === 'canceling' ? `The job is ${job.status}.` : 'The result appears here when the job completes.'))}
            </p>
          )}
        </section>
      </main>
      </>}
    </div>
  );
}

render(<App />, document.getElementById('app')!);
