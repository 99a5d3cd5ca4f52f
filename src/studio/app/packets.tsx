// The "Packets" view (issue 44, deliverable 7): a classification job's pages as thumbnails,
// coloured by segment, with each segment's class and confidence. While the job's review is
// pending, a reviewer moves a boundary between two segments or changes a segment's class, then
// approves: the corrected split goes through PATCH …/review and …/review/approve, and a job
// created with `route: true` then routes the approved segments to their extractors.
import { useEffect, useState } from 'preact/hooks';
import { isTerminal, type ClassificationJob } from '../../../clients/typescript/index.js';
import { client, errorText, followJob, pageImage } from './api';
import { asReviewed, moveBoundary, sameSplit, segmentColour, setSegmentClass, spanConfidence, type DraftSegment } from './packet-edit';

const LIST_LIMIT = 30;
const percent = (c: number | null | undefined) => (c === null || c === undefined ? '—' : `${(100 * c).toFixed(1)}%`);

export function PacketsView({ reload }: { reload: number }) {
  const [jobs, setJobs] = useState<ClassificationJob[] | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [reads, setReads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    client.ok(client.api.GET('/v1/classification-jobs', { params: { query: { limit: LIST_LIMIT } }, signal: controller.signal })).then(
      (list) => {
        setJobs(list);
        setError('');
      },
      (e) => !controller.signal.aborted && setError(errorText(e)),
    );
    return () => controller.abort();
  }, [reload, reads]);

  return (
    <>
      <aside>
        <section class="panel">
          <h2>Classification jobs</h2>
          <button type="button" onClick={() => setReads((n) => n + 1)}>
            Refresh
          </button>
          {error && <p class="error">{error}</p>}
          {jobs?.length === 0 && <p class="muted">No classification job yet: `docextract classify FILE --classifier NAME --split` or POST /v1/classification-jobs.</p>}
          <ul class="packet-list">
            {jobs?.map((j) => (
              <li key={j.id} data-job-id={j.id}>
                <button type="button" class={`packet-pick${openId === j.id ? ' packet-pick--open' : ''}`} onClick={() => setOpenId(j.id)}>
                  <code>{j.id}</code>
                  <span>
                    {j.classifier_name} · {j.mode} · <span class={`pill pill--${j.status}`}>{j.status}</span>
                    {j.review && ` · review ${j.review.status}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </aside>
      <main class="packet-main">
        {openId ? <PacketJob key={openId} jobId={openId} onChanged={() => setReads((n) => n + 1)} /> : <p class="muted empty">Open a classification job to see its pages.</p>}
      </main>
    </>
  );
}

function PacketJob({ jobId, onChanged }: { jobId: string; onChanged: () => void }) {
  const [job, setJob] = useState<ClassificationJob | null>(null);
  const [classes, setClasses] = useState<string[]>([]);
  const [draft, setDraft] = useState<DraftSegment[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const first = (await client.getJob(jobId, 0, controller.signal)) as ClassificationJob;
      setJob(first);
      const classifier = await client.ok(
        client.api.GET('/v1/classifiers/{classifier_ref}', { params: { path: { classifier_ref: first.classifier_id } }, signal: controller.signal }),
      );
      setClasses([...classifier.classes.map((c) => c.name), 'other']);
      if (!isTerminal(first.status)) await followJob(first, setJob, controller.signal);
    })().catch((e) => !controller.signal.aborted && setError(errorText(e)));
    return () => controller.abort();
  }, [jobId]);

  // The split shown: the review's (a reviewer's corrections) or the model's; a new revision resets the draft.
  const stored: DraftSegment[] = job?.review ? job.review.reviewed_segments : asReviewed(job?.result?.segments ?? []);
  const revision = job?.review?.revision;
  useEffect(() => setDraft(null), [jobId, revision, job?.status]);
  const segments = draft ?? stored;
  const editable = job?.review?.status === 'pending';
  const changed = draft !== null && !sameSplit(draft, stored);

  async function save(): Promise<number> {
    if (!job?.review) throw new Error('This job has no review');
    if (!changed) return job.review.revision;
    const saved = await client.ok(
      client.api.PATCH('/v1/classification-jobs/{job_id}/review', { params: { path: { job_id: job.id } }, body: { revision: job.review.revision, segments: draft! } }),
    );
    setJob(saved);
    return saved.review!.revision;
  }

  async function act(what: 'save' | 'approve') {
    setBusy(true);
    setError('');
    try {
      const current = await save();
      if (what === 'approve') {
        const approved = await client.ok(
          client.api.POST('/v1/classification-jobs/{job_id}/review/approve', { params: { path: { job_id: jobId } }, body: { revision: current } }),
        );
        setJob(approved);
      }
      onChanged();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  if (!job) return <p class="muted empty">{error || 'Loading…'}</p>;
  const pages = job.result?.pages ?? [];
  const flagged = new Set((job.result?.flags ?? []).map((f) => f.segment));
  const routed = job.result?.segments ?? [];
  return (
    <section class="packet" aria-label="Packet" data-job-id={job.id} data-review={job.review?.status ?? 'none'}>
      <div class="packet-head">
        <h2>
          {job.classifier_name} <span class="muted">v{job.classifier_version}</span>
        </h2>
        <span class={`pill pill--${job.status}`}>{job.status}</span>
        {job.review && (
          <span class="muted" data-revision={job.review.revision}>
            review {job.review.status} · revision {job.review.revision}
          </span>
        )}
        {changed && <span class="warning">edited, not saved</span>}
        {job.progress && !isTerminal(job.status) && (
          <span class="muted">
            {job.progress.pages_completed} / {job.progress.pages_total} pages
          </span>
        )}
      </div>
      {job.error && (
        <p class="error">
          <code>{job.error.code}</code> {job.error.message}
        </p>
      )}
      {job.status === 'completed' && segments.length === 0 && <p class="muted">Document mode: class {job.result?.class} ({percent(job.result?.confidence)}).</p>}
      {editable && <p class="hint">Move a boundary with ◀ ▶ on a segment's first page, or change a segment's class; then approve the split.</p>}
      <ol class="segments">
        {segments.map((s, i) => {
          const colour = segmentColour(i);
          const route = routed.find((r) => r.pages.start === s.pages.start && r.pages.end === s.pages.end && r.class === s.class);
          return (
            <li key={i} class="segment" data-segment={i} style={{ '--seg': colour }}>
              <div class="segment-head">
                <span class="swatch" />
                {editable ? (
                  <select aria-label={`Class of segment ${i + 1}`} value={s.class} onChange={(e) => setDraft(setSegmentClass(segments, i, (e.target as HTMLSelectElement).value))}>
                    {(classes.includes(s.class) ? classes : [...classes, s.class]).map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                ) : (
                  <strong class="segment-class">{s.class}</strong>
                )}
                <span class="segment-pages">
                  p. {s.pages.start === s.pages.end ? s.pages.start : `${s.pages.start}–${s.pages.end}`}
                </span>
                <span class="segment-confidence" title="the lowest confidence among its pages">
                  {percent(spanConfidence(pages, s.pages))}
                </span>
                {/* Flags name the model's segments: shown while the split shown is the model's. */}
                {flagged.has(i) && sameSplit(segments, asReviewed(job.result?.segments ?? [])) && <span class="segment-flag">low confidence</span>}
                {route?.extraction_job_id && (
                  <span class="segment-route">
                    → <code>{route.extraction_job_id}</code> {route.extraction_job_status}
                  </span>
                )}
              </div>
              <div class="thumbs">
                {Array.from({ length: s.pages.end - s.pages.start + 1 }, (_, k) => s.pages.start + k).map((p) => {
                  const page = pages.find((x) => x.page === p);
                  return (
                    <figure key={p} class="thumb" data-page={p} data-segment={i}>
                      {job.file_id ? <Thumb fileId={job.file_id} page={p} /> : <div class="thumb-text">{(job.source_text ?? '').split('\f')[p - 1]?.slice(0, 160)}</div>}
                      <figcaption>
                        {p === s.pages.start && i > 0 && editable && (
                          <button type="button" aria-label={`Start segment ${i + 1} one page earlier`} disabled={busy} onClick={() => setDraft(moveBoundary(segments, i, -1))}>
                            ◀
                          </button>
                        )}
                        <span>
                          p. {p} · {page?.class ?? '?'} · {percent(page?.confidence)}
                        </span>
                        {p === s.pages.start && i > 0 && editable && (
                          <button type="button" aria-label={`Start segment ${i + 1} one page later`} disabled={busy} onClick={() => setDraft(moveBoundary(segments, i, 1))}>
                            ▶
                          </button>
                        )}
                      </figcaption>
                    </figure>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ol>
      {editable && (
        <div class="review-actions">
          <button type="button" disabled={busy || !changed} onClick={() => act('save')}>
            Save corrections
          </button>
          <button type="button" disabled={busy || !changed} onClick={() => setDraft(null)}>
            Undo
          </button>
          <button type="button" class="primary" disabled={busy} onClick={() => act('approve')}>
            Approve split
          </button>
        </div>
      )}
      {error && <p class="error">{error}</p>}
    </section>
  );
}

function Thumb({ fileId, page }: { fileId: string; page: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    pageImage(fileId, page, controller.signal).then(
      (p) => setUrl((made = p.url)),
      () => {},
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [fileId, page]);
  // A click enlarges the page over the view; a click anywhere or Escape closes it.
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    if (!zoomed) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setZoomed(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoomed]);
  return (
    <>
      <button type="button" class="thumb-open" aria-label={`Enlarge page ${page}`} disabled={!url} onClick={() => setZoomed(true)}>
        <div class="thumb-sheet">{url ? <img src={url} alt={`Page ${page}`} /> : <div class="placeholder">page {page}</div>}</div>
      </button>
      {zoomed && url && (
        <div class="page-zoom" role="dialog" aria-label={`Page ${page}`} onClick={() => setZoomed(false)}>
          <img src={url} alt={`Page ${page}, enlarged`} />
        </div>
      )}
    </>
  );
}
