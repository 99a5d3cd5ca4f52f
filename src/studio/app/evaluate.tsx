// The "Evaluate" view: pick an evaluation set and an extractor, run it, and see the field table
// (worst first) and each mismatch beside the page its extracted value came from (provenance). The
// set's earlier runs are listed: open any, compare two, see its calibration and propose (and apply)
// per-field thresholds from it (./evaluation-history).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EvaluationComparison, EvaluationMetrics, EvaluationReport, EvaluationRun, EvaluationSet, Extractor, ExtractionJob } from '../../../clients/typescript/index.js';
import { client, errorText } from './api';
import { PageView } from './pages';
import { CalibrationChart, ComparePicker, ComparisonView, RunList, ThresholdsPanel } from './evaluation-history';
import type { Selection } from './types';

/** This view shows extractor runs: their report has fields (a classifier run's has pages and boundaries). */
type ExtractorReport = EvaluationReport;
type Mismatch = ExtractorReport['items'][number]['mismatches'][number];
interface Focus {
  itemId: string;
  mismatch: Mismatch;
  fileId: string | null;
  text: string | null;
  selection: Selection | null;
}

const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);
const show = (v: unknown) => (v === null || v === undefined ? 'null' : JSON.stringify(v));

/** Fields worst first: lowest F1 (none last), then lowest accuracy, then by name. */
function worstFirst(fields: Record<string, EvaluationMetrics>): Array<[string, EvaluationMetrics]> {
  const rank = (v: number | null) => (v === null ? Infinity : v);
  return Object.entries(fields).sort(([a, m], [b, n]) => rank(m.f1) - rank(n.f1) || rank(m.accuracy) - rank(n.accuracy) || a.localeCompare(b));
}

export function EvaluateView({ reload }: { reload: number }) {
  const [sets, setSets] = useState<EvaluationSet[]>([]);
  const [extractors, setExtractors] = useState<Extractor[]>([]);
  const [setRef, setSetRef] = useState('');
  const [extractor, setExtractor] = useState('');
  const [run, setRun] = useState<EvaluationRun | null>(null);
  const [focus, setFocus] = useState<Focus | null>(null);
  const [error, setError] = useState('');
  const [running, setRunning] = useState(false);
  const [runs, setRuns] = useState<EvaluationRun[]>([]);
  const [runsRead, setRunsRead] = useState(0);
  const [compared, setCompared] = useState<{ runId: string; baselineId: string; comparison: EvaluationComparison } | null>(null);
  const following = useRef<AbortController | null>(null);

  useEffect(() => () => following.current?.abort(), []);
  useEffect(() => {
    Promise.all([
      client.ok(client.api.GET('/v1/evaluation-sets', { params: { query: { limit: 100 } } })),
      client.ok(client.api.GET('/v1/extractors', { params: { query: { limit: 100 } } })),
    ]).then(
      ([s, x]) => {
        setSets(s);
        setExtractors(x);
        setSetRef((current) => current || s[0]?.id || '');
        setExtractor((current) => current || x[0]?.name || '');
      },
      (e) => setError(errorText(e)),
    );
  }, [reload]);

  // The set's runs, newest first: read when the set changes and when a run started here ends.
  useEffect(() => {
    if (!setRef) return setRuns([]);
    const controller = new AbortController();
    client.ok(client.api.GET('/v1/evaluation-runs', { params: { query: { evaluation_set_id: setRef, limit: 50 } }, signal: controller.signal })).then(
      (list) => setRuns(list),
      (e) => !controller.signal.aborted && setError(errorText(e)),
    );
    return () => controller.abort();
  }, [setRef, reload, runsRead]);

  const pickRun = (r: EvaluationRun) => {
    following.current?.abort();
    setRunning(false);
    setFocus(null);
    setRun(r);
  };

  async function start() {
    following.current?.abort();
    const controller = new AbortController();
    following.current = controller;
    setError('');
    setRun(null);
    setFocus(null);
    setRunning(true);
    try {
      const created = await client.createEvaluationRun({ evaluation_set: setRef, extractor_name: extractor });
      setRun(created);
      setRunsRead((n) => n + 1);
      await client.waitForEvaluationRun(created.id, { intervalMs: 500, onUpdate: setRun, signal: controller.signal });
      setRunsRead((n) => n + 1);
    } catch (e) {
      if (!controller.signal.aborted) setError(errorText(e));
    } finally {
      if (following.current === controller) setRunning(false);
    }
  }

  async function pick(itemId: string, jobId: string | null, mismatch: Mismatch) {
    const set = run!.evaluation_set_id;
    try {
      const item = await client.ok(client.api.GET('/v1/evaluation-sets/{set_ref}/items/{item_id}', { params: { path: { set_ref: set, item_id: itemId } } }));
      let selection: Selection | null = null;
      if (jobId && item.file_id) {
        const job = (await client.ok(client.api.GET('/v1/extraction-jobs/{job_id}', { params: { path: { job_id: jobId } } }))) as ExtractionJob;
        const origin = job.result?.provenance?.[mismatch.path];
        if (origin) selection = { label: mismatch.path, pages: origin.pages, boxes: origin.boxes ?? [] };
      }
      setFocus({ itemId, mismatch, fileId: item.file_id, text: item.text, selection });
    } catch (e) {
      setError(errorText(e));
    }
  }

  const report = run?.report && 'fields' in run.report ? (run.report as ExtractorReport) : null;
  return (
    <>
      <aside>
        <section class="panel">
          <h2>1 · Evaluation set</h2>
          <select
            aria-label="Evaluation set"
            value={setRef}
            onChange={(e) => {
              setSetRef((e.target as HTMLSelectElement).value);
              setRun(null);
              setCompared(null);
            }}
          >
            {sets.map((s) => (
              <option key={s.id} value={s.id}>
                {s.display_name} ({s.item_count} items)
              </option>
            ))}
          </select>
          {sets.length === 0 && <p class="muted">No evaluation set yet: create one with the API or `docextract eval create-set`.</p>}
        </section>
        <section class="panel">
          <h2>2 · Extractor</h2>
          <select aria-label="Extractor to evaluate" value={extractor} onChange={(e) => setExtractor((e.target as HTMLSelectElement).value)}>
            {extractors.map((x) => (
              <option key={x.id} value={x.name}>
                {x.display_name} ({x.name})
              </option>
            ))}
          </select>
        </section>
        <section class="panel">
          <h2>3 · Run</h2>
          <button type="button" class="primary" disabled={!setRef || !extractor || running} onClick={start}>
            {running ? 'Evaluating…' : 'Run evaluation'}
          </button>
          {error && <p class="error">{error}</p>}
          {run && (
            <p class="evaluation-progress">
              <span class={`pill pill--${run.status}`}>{run.status}</span> {run.progress.items_completed + run.progress.items_failed}/
              {run.progress.items_total} items{run.progress.items_failed ? ` · ${run.progress.items_failed} failed` : ''}
            </p>
          )}
        </section>
        <section class="panel">
          <h2>Runs of this set</h2>
          <RunList runs={runs} current={run?.id ?? null} onPick={pickRun} />
        </section>
        <section class="panel">
          <h2>Compare two runs</h2>
          <ComparePicker runs={runs} onCompared={setCompared} />
        </section>
      </aside>
      <main>
        <section class="document" aria-label="Pages">
          {focus ? (
            <>
              <p class="hint">
                {focus.mismatch.path}: expected <code>{show(focus.mismatch.expected)}</code>, extracted <code>{show(focus.mismatch.extracted)}</code>
              </p>
              {focus.fileId ? <PageView fileId={focus.fileId} selection={focus.selection} /> : <pre class="item-text">{focus.text}</pre>}
            </>
          ) : (
            <p class="muted empty">{report ? 'Click a mismatch to see its document.' : 'Run an evaluation to see its fields and mismatches.'}</p>
          )}
        </section>
        <section class="result" aria-label="Evaluation">
          {report ? (
            <>
              <table class="fields" aria-label="Fields">
                <thead>
                  <tr>
                    <th>field</th>
                    <th>n</th>
                    <th>precision</th>
                    <th>recall</th>
                    <th>F1</th>
                    <th>accuracy</th>
                  </tr>
                </thead>
                <tbody>
                  {[...worstFirst(report.fields), ['overall', report.overall] as [string, EvaluationMetrics]].map(([field, m]) => (
                    <tr key={field} class={field === 'overall' ? 'overall' : ''}>
                      <td>
                        <code>{field}</code>
                      </td>
                      <td>{m.n}</td>
                      <td>{pct(m.precision)}</td>
                      <td>{pct(m.recall)}</td>
                      <td>{pct(m.f1)}</td>
                      <td>{pct(m.accuracy)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {compared && <ComparisonView {...compared} />}
              <CalibrationChart calibration={report.calibration} />
              {run!.status === 'completed' && <ThresholdsPanel key={run!.id} run={run!} />}
              <h3>Mismatches</h3>
              <ul class="mismatches">
                {report.items
                  .filter((item) => item.mismatches.length > 0)
                  .flatMap((item) =>
                    item.mismatches.map((m) => (
                      <li key={`${item.item_id}${m.path}`}>
                        <button
                          type="button"
                          class={`mismatch${focus?.itemId === item.item_id && focus.mismatch.path === m.path ? ' mismatch--selected' : ''}`}
                          data-item={item.item_id}
                          data-path={m.path}
                          onClick={() => pick(item.item_id, item.job_id, m)}
                        >
                          <code>{m.path}</code> expected <code>{show(m.expected)}</code> got <code>{show(m.extracted)}</code>
                          {item.error ? <span class="muted"> ({item.error.code})</span> : null}
                        </button>
                      </li>
                    )),
                  )}
              </ul>
            </>
          ) : (
            <>
              {compared && <ComparisonView {...compared} />}
              <p class="muted empty">{run ? 'The report appears here when the run completes.' : 'No run yet: run one, or open one of the set.'}</p>
            </>
          )}
        </section>
      </main>
    </>
  );
}
