// The "Batches" view (issue 35): the batches newest first, with their status, kind, definition and
// request_counts, read again every few seconds while any of them is not over. Batches are created
// with the API, the CLI (`docextract batch …`) or the clients; here they are watched.
import { useEffect, useState } from 'preact/hooks';
import type { Batch } from '../../../clients/typescript/index.js';
import { client, errorText } from './api';

/** How many batches the view lists (the newest). */
const LIST_LIMIT = 50;
/** How often the list is read again while a batch is queued, running or canceling. */
export const BATCH_REFRESH_MS = 2_000;

const COUNTS = ['total', 'queued', 'running', 'completed', 'failed', 'canceled'] as const;
const over = (b: Batch) => b.status === 'completed' || b.status === 'canceled' || b.status === 'failed';

/** The completed items by review status, the ones waiting for a human first; "—" when none completed. */
export function reviewText(r: Batch['review_counts']): string {
  const parts = [`${r.pending} pending`, `${r.approved} approved`, `${r.rejected} rejected`, `${r.not_required} not required`];
  return r.pending + r.approved + r.rejected + r.not_required === 0 ? '—' : parts.join(' · ');
}
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '–');

export function BatchesView({ reload }: { reload: number }) {
  const [batches, setBatches] = useState<Batch[] | null>(null);
  const [error, setError] = useState('');
  const [reads, setReads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const list = await client.ok(client.api.GET('/v1/batches', { params: { query: { limit: LIST_LIMIT } }, signal: controller.signal }));
        setBatches(list);
        setError('');
        // Read again only while something runs: an idle list costs nothing.
        if (list.some((b) => !over(b))) timer = setTimeout(read, BATCH_REFRESH_MS);
      } catch (e) {
        if (controller.signal.aborted) return;
        setError(errorText(e));
        timer = setTimeout(read, BATCH_REFRESH_MS * 2);
      }
    };
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [reload, reads]);

  const runningCount = batches?.filter((b) => !over(b)).length ?? 0;
  return (
    <section class="batches" aria-label="Batches">
      <div class="batches-head">
        <h2>Batches</h2>
        <span class="muted" data-refreshing={runningCount > 0 ? 'true' : 'false'}>
          {batches === null ? 'Loading…' : runningCount > 0 ? `${runningCount} not over · refreshing every ${BATCH_REFRESH_MS / 1000} s` : 'All over'}
        </span>
        <button type="button" onClick={() => setReads((n) => n + 1)}>
          Refresh
        </button>
      </div>
      {error && <p class="error">{error}</p>}
      {batches?.length === 0 && <p class="muted">No batch yet: create one with `docextract batch extract|parse`, a client's `batch(...)` or POST /v1/batches.</p>}
      {batches && batches.length > 0 && (
        <table class="batch-list">
          <thead>
            <tr>
              <th>Batch</th>
              <th>Status</th>
              <th>Kind</th>
              <th>Definition</th>
              {COUNTS.map((c) => (
                <th key={c}>{c}</th>
              ))}
              <th>Progress</th>
              <th>Review</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {batches.map((b) => {
              const c = b.request_counts;
              const ended = c.completed + c.failed + c.canceled;
              return (
                <tr key={b.id} data-batch-id={b.id}>
                  <td>
                    <code>{b.id}</code>
                  </td>
                  <td>
                    <span class={`pill pill--${b.status}`}>{b.status}</span>
                  </td>
                  <td>{b.kind}</td>
                  <td>{b.definition_name}</td>
                  {COUNTS.map((k) => (
                    <td key={k} class="count" data-count={k}>
                      {c[k]}
                    </td>
                  ))}
                  <td>
                    <div class="progress" title={`${ended} of ${c.total} items ended`}>
                      <div class="bar" style={{ width: `${c.total ? (100 * ended) / c.total : 0}%` }} />
                      <span>
                        {ended}/{c.total}
                      </span>
                    </div>
                  </td>
                  <td class="review-counts" data-review-pending={b.review_counts.pending}>
                    {reviewText(b.review_counts)}
                  </td>
                  <td>{when(b.created_at)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
