// The "Review" view (issue 40): the extraction jobs waiting for a human, across extractors and
// batches, newest first (GET /v1/extraction-jobs?review_status=pending, filtered by extractor_id or
// batch_id), any job opened by its id, and a keyboard flow through them: move between jobs and
// flagged values, accept, correct or clear a value, approve (optionally adding the job as an example)
// or reject. The values shown are the reviewed ones, so a correction shows at once.
import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Batch, ExtractionJob, Extractor, ReviewFieldDecision } from '../../../clients/typescript/index.js';
import { client, errorText } from './api';
import { PageView } from './pages';
import { JsonResult, typedValue, valueAt } from './results';
import type { Selection } from './types';
import './trust.css';

/** How many pending jobs the queue shows (the newest). */
const QUEUE_LIMIT = 100;

type Flag = { path: string; reasons: string[]; confidence: number | null };

/** The keys of the flow, shown in the view and in docs/studio.md. */
export const REVIEW_KEYS: ReadonlyArray<[string, string]> = [
  ['j / k', 'next / previous job'],
  ['n / p', 'next / previous flagged value'],
  ['y', "accept the value (the model's is right)"],
  ['e', 'edit the value (Enter saves, Esc cancels)'],
  ['x', 'clear the value (absent: null)'],
  ['a', 'approve the job (undecided values are accepted as written)'],
  ['A', 'approve and add the job as an example of its extractor'],
  ['r', 'reject the job (type the reason, Enter)'],
  ['o', 'open a job by its id'],
];

const flagsOf = (job: ExtractionJob | null): Flag[] => ((job?.result?.flags ?? []) as Flag[]);
const isOpen = (job: ExtractionJob | null) => job?.review?.status === 'pending' || job?.review?.status === 'not_required';
const show = (v: unknown) => (v === undefined ? '–' : JSON.stringify(v));

export function ReviewQueueView({ reload }: { reload: number }) {
  const [extractors, setExtractors] = useState<Extractor[]>([]);
  const [batches, setBatches] = useState<Batch[]>([]);
  const [extractorId, setExtractorId] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [batchId, setBatchId] = useState('');
  const [queue, setQueue] = useState<ExtractionJob[] | null>(null);
  const [reads, setReads] = useState(0);
  const [job, setJob] = useState<ExtractionJob | null>(null);
  const [decided, setDecided] = useState<Set<string>>(new Set());
  const [flagIndex, setFlagIndex] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [openId, setOpenId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const editInput = useRef<HTMLInputElement>(null);
  const reasonInput = useRef<HTMLInputElement>(null);
  const openInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    Promise.all([
      client.ok(client.api.GET('/v1/extractors', { params: { query: { limit: 100 } } })),
      client.ok(client.api.GET('/v1/batches', { params: { query: { limit: 50 } } })),
    ]).then(
      ([x, b]) => {
        setExtractors(x);
        setBatches(b.filter((batch) => batch.kind === 'extraction'));
      },
      (e) => setError(errorText(e)),
    );
  }, [reload]);

  // The queue, read again when a filter changes, after a decision that closes a job, or on Refresh.
  useEffect(() => {
    const controller = new AbortController();
    const query = { review_status: 'pending' as const, limit: QUEUE_LIMIT, ...(extractorId ? { extractor_id: extractorId } : {}), ...(batchId ? { batch_id: batchId } : {}) };
    client.ok(client.api.GET('/v1/extraction-jobs', { params: { query }, signal: controller.signal })).then(
      (jobs) => setQueue(jobs),
      (e) => !controller.signal.aborted && setError(errorText(e)),
    );
    return () => controller.abort();
  }, [reload, reads, extractorId, batchId]);

  // The first job of a fresh queue opens by itself; a job that left the queue gives way to the one now at its place.
  const position = useRef(0);
  useEffect(() => {
    if (!queue) return;
    if (job && (queue.some((j) => j.id === job.id) || position.current < 0)) return;
    const next = queue[Math.min(Math.max(position.current, 0), queue.length - 1)];
    if (next) void open(next.id);
    else setJob(null);
  }, [queue]);

  async function open(id: string) {
    setError('');
    setEditing(null);
    setRejecting(null);
    try {
      const opened = await client.ok(client.api.GET('/v1/extraction-jobs/{job_id}', { params: { path: { job_id: id } } }));
      const events = opened.review ? await client.reviewEvents(id) : [];
      const inQueue = queue?.findIndex((j) => j.id === id) ?? -1;
      position.current = inQueue;
      setDecided(new Set(events.flatMap((e) => (e.path ? [e.path] : []))));
      setJob(opened);
      setFlagIndex(0);
    } catch (e) {
      setError(errorText(e));
    }
  }

  const move = (step: number) => {
    if (!queue || queue.length === 0) return;
    const at = job ? queue.findIndex((j) => j.id === job.id) : -1;
    const next = queue[Math.max(0, Math.min(queue.length - 1, at < 0 ? 0 : at + step))];
    if (next && next.id !== job?.id) void open(next.id);
  };

  async function act(call: () => Promise<ExtractionJob>, closes = false) {
    setBusy(true);
    setError('');
    try {
      const updated = await call();
      setJob(updated);
      if (closes) setReads((n) => n + 1);
      return updated;
    } catch (e) {
      setError(errorText(e));
      return null;
    } finally {
      setBusy(false);
    }
  }

  const flags = flagsOf(job);
  const flag = flags[Math.min(flagIndex, flags.length - 1)] as Flag | undefined;
  const reviewed = job?.review?.reviewed_data ?? job?.result?.data;

  const decide = (decision: ReviewFieldDecision & { path: string }) =>
    act(async () => {
      const updated = await client.reviewJob(job!.id, job!.review!.revision, [decision]);
      setDecided((d) => new Set(d).add(decision.path));
      setEditing(null);
      return updated;
    });

  async function approve(addAsExample: boolean) {
    if (!job?.review) return;
    await act(async () => {
      let current = job;
      // Keyboard flow: approving means the values not decided yet are right as written.
      const undecided = flags.filter((f) => !decided.has(f.path)).map((f) => ({ path: f.path, action: 'accept' as const }));
      if (undecided.length > 0) current = await client.reviewJob(job.id, job.review!.revision, undecided);
      const approved = await client.approveReview(job.id, current.review!.revision, { addAsExample });
      if (addAsExample) {
        // An example is a change to the extractor: say which version it made, as the CLI does.
        const extractor = await client.ok(client.api.GET('/v1/extractors/{extractor_ref}', { params: { path: { extractor_ref: job.extractor_id } } }));
        setExtractors((list) => list.map((x) => (x.id === extractor.id ? extractor : x)));
        setNotice(`Added ${job.id} as an example of ${extractor.name}: now version ${extractor.version}`);
      } else {
        setNotice(null);
      }
      return approved;
    }, true);
  }

  const reject = (reason: string) =>
    act(async () => {
      const updated = await client.rejectReview(job!.id, job!.review!.revision, reason);
      setRejecting(null);
      return updated;
    }, true);

  // The keys work anywhere in the view except while typing in a field.
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (e.ctrlKey || e.metaKey || e.altKey || (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
    const open = isOpen(job) && !busy;
    const handled = (() => {
      switch (e.key) {
        case 'j': return move(1), true;
        case 'k': return move(-1), true;
        case 'n': return setFlagIndex((i) => Math.min(i + 1, Math.max(flags.length - 1, 0))), true;
        case 'p': return setFlagIndex((i) => Math.max(i - 1, 0)), true;
        case 'o': return openInput.current?.focus(), true;
        case 'y': return open && flag ? (void decide({ path: flag.path, action: 'accept' }), true) : false;
        case 'x': return open && flag ? (void decide({ path: flag.path, action: 'mark_absent' }), true) : false;
        case 'e':
          if (!open || !flag) return false;
          setEditing(JSON.stringify(valueAt(reviewed, flag.path)) ?? '');
          setTimeout(() => editInput.current?.select());
          return true;
        case 'a': return open ? (void approve(false), true) : false;
        case 'A': return open ? (void approve(true), true) : false;
        case 'r':
          if (!open) return false;
          setRejecting('');
          setTimeout(() => reasonInput.current?.focus());
          return true;
        default: return false;
      }
    })();
    if (handled) e.preventDefault();
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const extractorName = (id: string) => extractors.find((x) => x.id === id)?.name ?? id;
  const origin = flag ? job?.result?.provenance?.[flag.path] : undefined;
  const selection: Selection | null = flag && origin ? { label: flag.path, pages: origin.pages, boxes: origin.boxes ?? [] } : null;
  const schema = extractors.find((x) => x.id === job?.extractor_id)?.schema as Record<string, unknown> | undefined;

  return (
    <>
      <aside class="review-queue">
        <section class="panel">
          <h2>Filter</h2>
          <select aria-label="Extractor filter" value={extractorId} onChange={(e) => { position.current = 0; setJob(null); setExtractorId(e.currentTarget.value); }}>
            <option value="">All extractors</option>
            {extractors.map((x) => (
              <option key={x.id} value={x.id}>
                {x.display_name} ({x.name})
              </option>
            ))}
          </select>
          <select aria-label="Batch filter" value={batchId} onChange={(e) => { position.current = 0; setJob(null); setBatchId(e.currentTarget.value); }}>
            <option value="">All batches and single jobs</option>
            {batches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.id} ({b.definition_name}, {b.review_counts.pending} pending)
              </option>
            ))}
          </select>
          <form
            class="open-job"
            onSubmit={(e) => {
              e.preventDefault();
              if (openId.trim()) void open(openId.trim());
              openInput.current?.blur();
            }}
          >
            <input ref={openInput} aria-label="Open job by id" placeholder="ejob_… (o)" value={openId} onInput={(e) => setOpenId(e.currentTarget.value)} />
            <button type="submit">Open</button>
          </form>
        </section>
        <section class="panel">
          <h2>
            Pending review {queue ? `· ${queue.length}${queue.length === QUEUE_LIMIT ? '+' : ''}` : ''}{' '}
            <button type="button" class="link" onClick={() => setReads((n) => n + 1)}>
              refresh
            </button>
          </h2>
          {queue?.length === 0 && <p class="muted">No job waits for review{extractorId || batchId ? ' with these filters' : ''}.</p>}
          <ol class="queue" aria-label="Review queue">
            {(queue ?? []).map((j) => (
              <li key={j.id}>
                <button type="button" class="queue-item" data-job-id={j.id} aria-current={j.id === job?.id ? 'true' : undefined} onClick={() => void open(j.id)}>
                  <code>{j.id}</code>
                  <span>
                    {extractorName(j.extractor_id)}
                    {j.batch_id ? ` · ${j.custom_id ?? j.batch_id}` : ''} · {flagsOf(j).length} flagged
                  </span>
                  <span class="muted">{new Date(j.created_at).toLocaleString()}</span>
                </button>
              </li>
            ))}
          </ol>
        </section>
        <section class="panel keys" aria-label="Keys">
          <h2>Keys</h2>
          <dl>
            {REVIEW_KEYS.map(([k, what]) => (
              <Fragment key={k}>
                <dt>
                  <kbd>{k}</kbd>
                </dt>
                <dd>{what}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      </aside>
      <main>
        <section class="document" aria-label="Pages">
          {job?.file_id ? <PageView fileId={job.file_id} selection={selection} /> : job ? <pre class="item-text">{job.source_text}</pre> : <p class="muted empty">No job open.</p>}
        </section>
        <section class="result" aria-label="Job under review">
          {error && <p class="error">{error}</p>}
          {notice && <p class="notice" role="status" data-notice="example-version">{notice}</p>}
          {job ? (
            <div class="reviewing" data-job-id={job.id}>
              <p class="review-head">
                <code>{job.id}</code> · {extractorName(job.extractor_id)}
                {job.batch_id && (
                  <>
                    {' '}
                    · batch <code>{job.batch_id}</code> {job.custom_id}
                  </>
                )}{' '}
                {job.review ? (
                  <span class={`pill pill--review-${job.review.status}`} data-review-status={job.review.status}>
                    {job.review.status.replace('_', ' ')}
                  </span>
                ) : (
                  <span class="muted">no review</span>
                )}
                {job.review && <span class="muted"> revision {job.review.revision}</span>}
              </p>
              {flags.length === 0 ? (
                <p class="muted">No value is flagged.</p>
              ) : (
                <ul class="flags" aria-label="Flagged values">
                  {flags.map((f, i) => {
                    const model = valueAt(job.result!.data, f.path);
                    const now = valueAt(reviewed, f.path);
                    return (
                      <li key={f.path} class={`flag${f === flag ? ' flag--current' : ''}`} data-path={f.path} data-decided={decided.has(f.path) ? 'true' : 'false'} onClick={() => setFlagIndex(i)}>
                        <code>{f.path}</code> <span class="value">{show(model)}</span>
                        {show(now) !== show(model) && <span class="corrected"> → {show(now)}</span>}
                        <span class="muted">
                          {' '}
                          {f.confidence === null ? '' : `${f.confidence.toFixed(3)} · `}
                          {f.reasons.join(', ')}
                          {decided.has(f.path) ? ' · decided' : ''}
                        </span>
                        {f === flag && editing !== null && (
                          <form
                            class="decisions"
                            onSubmit={(e) => {
                              e.preventDefault();
                              void decide({ path: f.path, action: 'correct', value: typedValue(editing) });
                            }}
                          >
                            <input
                              ref={editInput}
                              aria-label={`Correct ${f.path}`}
                              value={editing}
                              onInput={(e) => setEditing(e.currentTarget.value)}
                              onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
                            />
                            <button type="submit" disabled={busy}>
                              Save
                            </button>
                          </form>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
              {isOpen(job) && (
                <div class="review-actions">
                  <button type="button" disabled={busy || !flag} onClick={() => flag && decide({ path: flag.path, action: 'accept' })}>
                    Accept (y)
                  </button>
                  <button type="button" disabled={busy || !flag} onClick={() => flag && (setEditing(JSON.stringify(valueAt(reviewed, flag.path)) ?? ''), setTimeout(() => editInput.current?.select()))}>
                    Edit (e)
                  </button>
                  <button type="button" disabled={busy || !flag} onClick={() => flag && decide({ path: flag.path, action: 'mark_absent' })}>
                    Clear (x)
                  </button>
                  <button type="button" class="primary" disabled={busy} onClick={() => approve(false)}>
                    Approve (a)
                  </button>
                  <button type="button" disabled={busy} onClick={() => approve(true)}>
                    Approve + example (A)
                  </button>
                  <button type="button" disabled={busy} onClick={() => (setRejecting(''), setTimeout(() => reasonInput.current?.focus()))}>
                    Reject (r)
                  </button>
                </div>
              )}
              {rejecting !== null && (
                <form
                  class="review-actions"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (rejecting.trim()) void reject(rejecting.trim());
                  }}
                >
                  <input
                    ref={reasonInput}
                    aria-label="Reason to reject"
                    placeholder="why the job is rejected (Enter)"
                    value={rejecting}
                    onInput={(e) => setRejecting(e.currentTarget.value)}
                    onKeyDown={(e) => e.key === 'Escape' && setRejecting(null)}
                  />
                  <button type="submit" disabled={busy || !rejecting.trim()}>
                    Reject
                  </button>
                </form>
              )}
              <h3>Reviewed data</h3>
              {job.result && (
                <JsonResult
                  job={{ ...job, result: { ...job.result, data: reviewed as NonNullable<ExtractionJob['result']>['data'] } }}
                  schema={schema}
                  selected={flag?.path ?? null}
                  onSelect={(pointer) => setFlagIndex(Math.max(0, flags.findIndex((f) => f.path === pointer)))}
                />
              )}
            </div>
          ) : (
            <p class="muted empty">{queue?.length === 0 ? 'Nothing to review.' : 'Pick a job, or open one by its id.'}</p>
          )}
        </section>
      </main>
    </>
  );
}
