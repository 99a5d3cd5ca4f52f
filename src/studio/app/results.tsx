// What came back: the job's progress, then the extracted JSON (every value with a provenance is a
// button that shows where it came from) or the Markdown, page by page.
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { describeWaiting, isTerminal, type Chunk } from '../../../clients/typescript/index.js';
import { client, errorText } from './api';
import type { ExtractionJob, Job, ParseJob, Provenance, Selection } from './types';

type Flag = { path: string; reasons: string[]; confidence: number | null };

/** A confidence's band for the colour scale: high (≥ 0.9), mid (≥ 0.6), low. */
const band = (p: number) => (p >= 0.9 ? 'high' : p >= 0.6 ? 'mid' : 'low');

/** Confidence and reasons of a value, for its tooltip. */
function trustNote(confidence: number | undefined, flag: Flag | undefined): string {
  const parts = [];
  if (confidence !== undefined) parts.push(`confidence ${confidence.toFixed(3)}`);
  if (flag) parts.push(`flagged: ${flag.reasons.join(', ')}`);
  return parts.length ? ` · ${parts.join(' · ')}` : '';
}

/** The job's status and progress, what it waits for while its model calls are retried, and Cancel. */
export function JobStatus({ job }: { job: Job }) {
  const p = job.progress;
  const percent = p && p.pages_total > 0 ? Math.round((100 * p.pages_completed) / p.pages_total) : null;
  const waiting = describeWaiting(job);
  const [cancel, setCancel] = useState<{ jobId: string; state: 'asked' | string } | null>(null);
  const canCancel = job.status === 'queued' || job.status === 'running';
  const asked = cancel?.jobId === job.id;
  const onCancel = () => {
    setCancel({ jobId: job.id, state: 'asked' });
    // The job's own stream then shows `canceling` and `canceled`.
    client.cancelJob(job.id).then(
      () => {},
      (e: unknown) => setCancel({ jobId: job.id, state: errorText(e) }),
    );
  };
  return (
    <div class="status" data-status={job.status}>
      <span class={`pill pill--${job.status}`}>{job.status}</span>
      <code class="muted">{job.id}</code>
      {canCancel && (
        <button type="button" class="cancel" disabled={asked && cancel?.state === 'asked'} onClick={onCancel}>
          Cancel
        </button>
      )}
      {asked && cancel && cancel.state !== 'asked' && !isTerminal(job.status) && <p class="error">{cancel.state}</p>}
      {waiting && (
        <p class="waiting" role="status">
          {waiting}
        </p>
      )}
      {p && !['completed', 'failed', 'canceled'].includes(job.status) && (
        <div class="progress" role="progressbar" aria-valuemin={0} aria-valuemax={p.pages_total} aria-valuenow={p.pages_completed}>
          <div class="bar" style={{ width: `${percent ?? 0}%` }} />
          <span>
            {p.pages_completed} / {p.pages_total} pages
          </span>
        </div>
      )}
      {job.error && (
        <p class="error">
          <code>{job.error.code}</code> {job.error.message}
        </p>
      )}
    </div>
  );
}

/** RFC 6901: `~` and `/` in a key are escaped. */
const pointerPart = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

type Schema = { properties?: Record<string, Schema>; required?: string[]; items?: Schema } | undefined;

/**
 * An object's entries in the order its schema lists them. Stored JSON (jsonb) keeps no key order,
 * not even the schema's `properties`, but arrays keep theirs: `required` first, then the rest.
 */
function orderedEntries(value: object, schema: Schema): Array<[string, unknown]> {
  const declared = [...new Set([...(schema?.required ?? []), ...Object.keys(schema?.properties ?? {})])];
  const rank = (key: string) => (declared.includes(key) ? declared.indexOf(key) : declared.length);
  return Object.entries(value).sort(([a], [b]) => rank(a) - rank(b));
}

export function JsonResult({
  job,
  schema,
  selected,
  onSelect,
}: {
  job: ExtractionJob;
  schema?: Record<string, unknown>;
  selected: string | null;
  onSelect: (pointer: string, s: Selection) => void;
}) {
  if (!job.result) return null;
  const provenance = job.result.provenance ?? {};
  const confidence = (job.result.confidence ?? {}) as Record<string, number>;
  const flags = new Map(((job.result.flags ?? []) as Flag[]).map((f) => [f.path, f]));
  return (
    <pre class="json" aria-label="Extracted data">
      <JsonNode
        value={job.result.data}
        schema={schema as Schema}
        pointer=""
        depth={0}
        provenance={provenance}
        confidence={confidence}
        flags={flags}
        selected={selected}
        onSelect={onSelect}
      />
    </pre>
  );
}

interface NodeProps {
  value: unknown;
  schema: Schema;
  pointer: string;
  depth: number;
  provenance: Record<string, Provenance>;
  confidence: Record<string, number>;
  flags: Map<string, Flag>;
  selected: string | null;
  onSelect: (pointer: string, s: Selection) => void;
}

function JsonNode({ value, schema, pointer, depth, ...rest }: NodeProps) {
  const indent = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class="punct">[]</span>;
    return (
      <>
        <span class="punct">[</span>
        {value.map((item, i) => (
          <Fragment key={i}>
            {'\n' + indent}
            <JsonNode value={item} schema={schema?.items} pointer={`${pointer}/${i}`} depth={depth + 1} {...rest} />
            {i < value.length - 1 ? <span class="punct">,</span> : null}
          </Fragment>
        ))}
        {'\n' + close}
        <span class="punct">]</span>
      </>
    );
  }
  if (value !== null && typeof value === 'object') {
    const entries = orderedEntries(value, schema);
    if (entries.length === 0) return <span class="punct">{'{}'}</span>;
    return (
      <>
        <span class="punct">{'{'}</span>
        {entries.map(([key, item], i) => (
          <Fragment key={key}>
            {'\n' + indent}
            <span class="key">{JSON.stringify(key)}</span>
            <span class="punct">: </span>
            <JsonNode value={item} schema={schema?.properties?.[key]} pointer={`${pointer}/${pointerPart(key)}`} depth={depth + 1} {...rest} />
            {i < entries.length - 1 ? <span class="punct">,</span> : null}
          </Fragment>
        ))}
        {'\n' + close}
        <span class="punct">{'}'}</span>
      </>
    );
  }
  const text = JSON.stringify(value);
  const origin = rest.provenance[pointer];
  // The confidence colour scale and the flag mark, with the number and reasons in the tooltip.
  const confidence = rest.confidence[pointer];
  const flag = rest.flags.get(pointer);
  const trust = `${confidence !== undefined ? ` conf conf--${band(confidence)}` : ''}${flag ? ' value--flagged' : ''}`;
  const note = trustNote(confidence, flag);
  const trustData = { 'data-confidence': confidence !== undefined ? String(confidence) : undefined, 'data-flagged': flag ? flag.reasons.join(' ') : undefined };
  if (!origin) {
    return (
      <span class={`value value--${value === null ? 'null' : typeof value}${trust}`} data-pointer={pointer} title={note ? `${pointer}${note}` : undefined} {...trustData}>
        {text}
      </span>
    );
  }
  const located = (origin.boxes?.length ?? 0) > 0;
  const where = located ? 'highlighted on the page' : `from page${origin.pages.length === 1 ? '' : 's'} ${origin.pages.join(', ')}`;
  return (
    <button
      type="button"
      class={`value value--${typeof value} value--${located ? 'located' : 'paged'}${rest.selected === pointer ? ' value--selected' : ''}${trust}`}
      data-pointer={pointer}
      title={`${pointer} · ${where}${note}`}
      {...trustData}
      onClick={() => rest.onSelect(pointer, { label: pointer, pages: origin.pages, boxes: origin.boxes ?? [] })}
    >
      {text}
    </button>
  );
}

/** Value at a JSON Pointer of extracted data. */
export function valueAt(data: unknown, pointer: string): unknown {
  let at: any = data;
  for (const raw of pointer.split('/').slice(1)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = at[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return at;
}

/** A correction as typed: JSON when it parses (a number, true, null, a quoted string), else the text itself. */
export function typedValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The flags of a completed extraction job and, when its extractor has a review threshold, its
 * review: accept, correct or clear each flagged value, then approve or reject the job.
 */
export function ReviewPanel({ job, onJob }: { job: ExtractionJob; onJob: (job: ExtractionJob) => void }) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const flags = (job.result?.flags ?? []) as Flag[];
  const review = job.review ?? null;
  if (!job.result || (flags.length === 0 && !review)) return null;
  const open = review && (review.status === 'pending' || review.status === 'not_required');
  const act = async (call: () => Promise<ExtractionJob>) => {
    setBusy(true);
    setError(null);
    try {
      onJob(await call());
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const decide = (path: string, action: 'accept' | 'correct' | 'mark_absent') =>
    act(() =>
      client.reviewJob(job.id, review!.revision, [
        action === 'correct' ? { path, action, value: typedValue(drafts[path] ?? '') } : { path, action },
      ]),
    );
  return (
    <section class="review" aria-label="Review">
      <h3>
        Review{' '}
        {review ? (
          <span class={`pill pill--review-${review.status}`} data-review-status={review.status}>
            {review.status.replace('_', ' ')}
          </span>
        ) : (
          <span class="muted">(no review threshold on this extractor)</span>
        )}
      </h3>
      {flags.length === 0 ? (
        <p class="muted">No value is flagged.</p>
      ) : (
        <ul class="flags">
          {flags.map((f) => {
            const model = valueAt(job.result!.data, f.path);
            const reviewed = review ? valueAt(review.reviewed_data, f.path) : model;
            return (
              <li key={f.path} class="flag" data-path={f.path}>
                <code>{f.path}</code> <span class="value">{JSON.stringify(model)}</span>
                {JSON.stringify(reviewed) !== JSON.stringify(model) && <span class="corrected"> → {JSON.stringify(reviewed)}</span>}
                <span class="muted">
                  {' '}
                  {f.confidence === null ? '' : `${f.confidence.toFixed(3)} · `}
                  {f.reasons.join(', ')}
                </span>
                {open && (
                  <span class="decisions">
                    <button type="button" disabled={busy} onClick={() => decide(f.path, 'accept')}>
                      Accept
                    </button>
                    <input
                      aria-label={`Correct ${f.path}`}
                      value={drafts[f.path] ?? ''}
                      onInput={(e) => setDrafts({ ...drafts, [f.path]: e.currentTarget.value })}
                      placeholder="corrected value"
                    />
                    <button type="button" disabled={busy || !(drafts[f.path] ?? '')} onClick={() => decide(f.path, 'correct')}>
                      Correct
                    </button>
                    <button type="button" disabled={busy} onClick={() => decide(f.path, 'mark_absent')}>
                      Clear
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {open && (
        <div class="review-actions">
          <button type="button" class="primary" disabled={busy} onClick={() => act(() => client.approveReview(job.id, review!.revision))}>
            Approve
          </button>
          <input aria-label="Reason" value={reason} onInput={(e) => setReason(e.currentTarget.value)} placeholder="reason to reject" />
          <button type="button" disabled={busy || !reason.trim()} onClick={() => act(() => client.rejectReview(job.id, review!.revision, reason.trim()))}>
            Reject
          </button>
        </div>
      )}
      {error && <p class="error">{error}</p>}
    </section>
  );
}

/** The Markdown page by page (a page's button outlines its blocks), or the chunks for retrieval. */
export function MarkdownResult({ job, onSelect }: { job: ParseJob; onSelect: (s: Selection) => void }) {
  const [tab, setTab] = useState<'markdown' | 'chunks'>('markdown');
  if (!job.result) return null;
  return (
    <div class="markdown" aria-label="Markdown">
      <div class="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'markdown'} class={tab === 'markdown' ? 'active' : ''} onClick={() => setTab('markdown')}>
          Markdown
        </button>
        <button type="button" role="tab" aria-selected={tab === 'chunks'} class={tab === 'chunks' ? 'active' : ''} onClick={() => setTab('chunks')}>
          Chunks
        </button>
      </div>
      {tab === 'chunks' ? (
        <ChunkList jobId={job.id} onSelect={onSelect} />
      ) : (
        job.result.pages.map((p) => (
          <article key={p.page_number}>
            <button
              type="button"
              class="link"
              onClick={() =>
                onSelect({
                  label: `page ${p.page_number}`,
                  pages: [p.page_number],
                  // The page's blocks outlined: every block that was found in the text layer.
                  boxes: (p.blocks ?? []).flatMap((b) => (b.box ? [{ page: p.page_number, ...b.box }] : [])),
                })
              }
            >
              Page {p.page_number}
            </button>
            <pre>{p.content}</pre>
          </article>
        ))
      )}
    </div>
  );
}

/** GET …/chunks (512 tokens); a chunk's button highlights its blocks' boxes on the pages. */
function ChunkList({ jobId, onSelect }: { jobId: string; onSelect: (s: Selection) => void }) {
  const [chunks, setChunks] = useState<Chunk[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    setChunks(null);
    client.parseJobChunks(jobId, { maxTokens: 512, signal: controller.signal }).then(
      (r) => setChunks(r.chunks),
      (e) => !controller.signal.aborted && setError(errorText(e)),
    );
    return () => controller.abort();
  }, [jobId]);
  if (error) return <p class="error">{error}</p>;
  if (!chunks) return <p class="muted">Loading chunks…</p>;
  return (
    <ol class="chunks" aria-label="Chunks">
      {chunks.map((c) => (
        <li key={c.index}>
          <button type="button" class="link" onClick={() => onSelect({ label: `chunk ${c.index}`, pages: c.pages, boxes: c.boxes })}>
            Chunk {c.index} · {c.token_count} tokens · {c.heading_path.join(' › ') || '(no heading)'} · page {c.pages.join(', ')}
          </button>
          <pre>{c.text}</pre>
        </li>
      ))}
    </ol>
  );
}
