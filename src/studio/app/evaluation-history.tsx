// The Evaluate view's history (issue 40): a set's runs, a comparison of any two, the calibration of
// a run drawn as a chart, and per-field thresholds proposed for a target precision, with Apply.
import { useState } from 'preact/hooks';
import type { EvaluationComparison, EvaluationReport, EvaluationRun, ThresholdsProposal } from '../../../clients/typescript/index.js';
import { client, errorText } from './api';
import './trust.css';

const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);
const show = (v: unknown) => (v === null || v === undefined ? 'null' : JSON.stringify(v));
const signed = (v: number | null) => (v === null ? '–' : `${v > 0 ? '+' : ''}${(v * 100).toFixed(1)} pt`);

/** A run's extractor as `name v3` (from the snapshot the run keeps). */
export function runLabel(run: EvaluationRun): string {
  const snapshot = (run.extractor_snapshot ?? run.classifier_snapshot ?? {}) as { name?: string; version?: number };
  return `${snapshot.name ?? '?'}${snapshot.version ? ` v${snapshot.version}` : ''}`;
}

const overallF1 = (run: EvaluationRun) => (run.report && 'overall' in run.report ? (run.report as EvaluationReport).overall.f1 : null);

/** The set's runs, newest first; a click opens one. */
export function RunList({ runs, current, onPick }: { runs: EvaluationRun[]; current: string | null; onPick: (run: EvaluationRun) => void }) {
  if (runs.length === 0) return <p class="muted">No run of this set yet.</p>;
  return (
    <ol class="runs" aria-label="Runs of this set">
      {runs.map((r) => (
        <li key={r.id}>
          <button type="button" class="run-item" data-run-id={r.id} aria-current={r.id === current ? 'true' : undefined} onClick={() => onPick(r)}>
            <code>{r.id}</code>
            <span>
              <span class={`pill pill--${r.status}`}>{r.status}</span> {runLabel(r)} · F1 {pct(overallF1(r))}
            </span>
            <span class="muted">{new Date(r.created_at).toLocaleString()}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Two completed runs of the set, the new one against a baseline: deltas per field, regressions and fixes. */
export function ComparePicker({ runs, onCompared }: { runs: EvaluationRun[]; onCompared: (c: { runId: string; baselineId: string; comparison: EvaluationComparison } | null) => void }) {
  const completed = runs.filter((r) => r.status === 'completed');
  const [runId, setRunId] = useState('');
  const [baselineId, setBaselineId] = useState('');
  const [error, setError] = useState('');
  // A choice made under another set falls back to the newest run and the one before it.
  const listed = (id: string) => completed.some((r) => r.id === id);
  const newer = listed(runId) ? runId : (completed[0]?.id ?? '');
  const baseline = listed(baselineId) ? baselineId : (completed.find((r) => r.id !== newer)?.id ?? '');
  if (completed.length < 2) return <p class="muted">Two completed runs are needed to compare.</p>;
  const compare = async () => {
    setError('');
    try {
      onCompared({ runId: newer, baselineId: baseline, comparison: await client.compareEvaluationRuns(newer, baseline) });
    } catch (e) {
      onCompared(null);
      setError(errorText(e));
    }
  };
  const options = completed.map((r) => (
    <option key={r.id} value={r.id}>
      {r.id.slice(-8)} · {runLabel(r)} · F1 {pct(overallF1(r))}
    </option>
  ));
  return (
    <div class="compare-pick">
      <label for="compare-new">New</label>
      <select id="compare-new" aria-label="New run" value={newer} onChange={(e) => setRunId(e.currentTarget.value)}>
        {options}
      </select>
      <label for="compare-baseline">Baseline</label>
      <select id="compare-baseline" aria-label="Baseline run" value={baseline} onChange={(e) => setBaselineId(e.currentTarget.value)}>
        {options}
      </select>
      <span />
      <button type="button" disabled={!newer || !baseline || newer === baseline} onClick={compare}>
        Compare
      </button>
      {error && <p class="error">{error}</p>}
    </div>
  );
}

export function ComparisonView({ runId, baselineId, comparison }: { runId: string; baselineId: string; comparison: EvaluationComparison }) {
  const change = (c: EvaluationComparison['regressions'][number]) => (
    <li key={`${c.item_id}${c.path}`} data-item={c.item_id} data-path={c.path}>
      <code>{c.path}</code> of <code>{c.item_id.slice(-8)}</code>: <code>{show(c.baseline)}</code> → <code>{show(c.new)}</code>
    </li>
  );
  return (
    <section class="evaluation-section comparison" aria-label="Comparison">
      <h3>
        Comparison <code>{runId.slice(-8)}</code> against baseline <code>{baselineId.slice(-8)}</code>
      </h3>
      <table class="grid" aria-label="Field deltas">
        <thead>
          <tr>
            <th>field</th>
            <th>F1 Δ</th>
            <th>accuracy Δ</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(comparison.fields).map(([field, d]) => (
            <tr key={field}>
              <td>
                <code>{field}</code>
              </td>
              <td class={d.f1_delta ? (d.f1_delta > 0 ? 'delta--up' : 'delta--down') : ''}>{signed(d.f1_delta)}</td>
              <td class={d.accuracy_delta ? (d.accuracy_delta > 0 ? 'delta--up' : 'delta--down') : ''}>{signed(d.accuracy_delta)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <strong>{comparison.regressions.length}</strong> regression{comparison.regressions.length === 1 ? '' : 's'} (right in the baseline, wrong now)
      </p>
      <ul class="changes regressions">{comparison.regressions.map(change)}</ul>
      <p>
        <strong>{comparison.fixes.length}</strong> fix{comparison.fixes.length === 1 ? '' : 'es'} (wrong in the baseline, right now)
      </p>
      <ul class="changes fixes">{comparison.fixes.map(change)}</ul>
    </section>
  );
}

/**
 * The calibration as a reliability chart: one bar per confidence bucket (its width the bucket's
 * range, its height the share of its values that were right), over the diagonal a perfectly
 * calibrated model would follow; the thresholds' precision and recall below it.
 */
export function CalibrationChart({ calibration }: { calibration: EvaluationReport['calibration'] }) {
  const W = 420;
  const H = 200;
  const pad = { left: 34, right: 10, top: 10, bottom: 28 };
  const x = (v: number) => pad.left + v * (W - pad.left - pad.right);
  const y = (v: number) => H - pad.bottom - v * (H - pad.top - pad.bottom);
  const scored = calibration.buckets.reduce((n, b) => n + b.n, 0);
  return (
    <section class="evaluation-section calibration" aria-label="Calibration">
      <h3>Calibration</h3>
      {scored === 0 ? (
        <p class="muted">No extracted value has a confidence ({calibration.unscored} unscored).</p>
      ) : (
        <svg class="calibration-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Share right by confidence">
          <line class="axis" x1={x(0)} y1={y(0)} x2={x(1)} y2={y(0)} />
          <line class="axis" x1={x(0)} y1={y(0)} x2={x(0)} y2={y(1)} />
          {[0, 0.5, 1].map((t) => (
            <text key={`y${t}`} x={pad.left - 4} y={y(t) + 3} text-anchor="end">
              {t * 100}%
            </text>
          ))}
          {[0, 0.5, 0.8, 0.9, 1].map((t) => (
            <text key={`x${t}`} x={x(t)} y={H - pad.bottom + 12} text-anchor="middle">
              {t}
            </text>
          ))}
          <text x={x(0.5)} y={H - 3} text-anchor="middle">
            confidence
          </text>
          {calibration.buckets.map((b) =>
            b.n === 0 || b.accuracy === null ? null : (
              <rect
                key={b.min}
                class="bar"
                data-min={b.min}
                data-max={b.max}
                data-n={b.n}
                data-accuracy={b.accuracy}
                x={x(b.min) + 1}
                y={y(b.accuracy)}
                width={Math.max(1, x(b.max) - x(b.min) - 2)}
                height={y(0) - y(b.accuracy)}
              >
                <title>{`${b.min}–${b.max}: ${b.n} values, ${pct(b.accuracy)} right`}</title>
              </rect>
            ),
          )}
          <line class="diagonal" x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} />
        </svg>
      )}
      <table class="grid" aria-label="Calibration thresholds">
        <thead>
          <tr>
            <th>values at or above</th>
            <th>precision</th>
            <th>recall</th>
          </tr>
        </thead>
        <tbody>
          {calibration.thresholds.map((t) => (
            <tr key={t.threshold}>
              <td>{t.threshold}</td>
              <td>{pct(t.precision)}</td>
              <td>{pct(t.recall)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {calibration.unscored > 0 && <p class="muted">{calibration.unscored} values had no confidence.</p>}
    </section>
  );
}

/** Per-field thresholds for a target precision (POST …/thresholds), and Apply (`apply: true`). */
export function ThresholdsPanel({ run }: { run: EvaluationRun }) {
  const [target, setTarget] = useState('0.95');
  const [proposal, setProposal] = useState<ThresholdsProposal | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const ask = async (apply: boolean) => {
    setBusy(true);
    setError('');
    try {
      setProposal(await client.proposeThresholds(run.id, Number(target), { apply }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const valid = Number(target) > 0 && Number(target) <= 1;
  const current = proposal && proposal.target_precision === Number(target) ? proposal : null;
  return (
    <section class="evaluation-section thresholds" aria-label="Thresholds">
      <h3>Thresholds</h3>
      <form
        class="threshold-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) void ask(false);
        }}
      >
        <label>
          Target precision <input aria-label="Target precision" type="number" min="0.01" max="1" step="0.01" value={target} onInput={(e) => setTarget(e.currentTarget.value)} />
        </label>
        <button type="submit" disabled={busy || !valid}>
          Propose
        </button>
        <button type="button" class="primary" disabled={busy || !current || current.applied_version !== null} onClick={() => ask(true)}>
          Apply to {runLabel(run)}
        </button>
      </form>
      {error && <p class="error">{error}</p>}
      {current && (
        <>
          <table class="grid" aria-label="Proposed thresholds">
            <thead>
              <tr>
                <th>field</th>
                <th>threshold</th>
                <th>precision</th>
                <th>auto-accepted</th>
                <th>n</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(current.fields).map(([field, f]) => (
                <tr key={field} data-field={field}>
                  <td>
                    <code>{field}</code>
                  </td>
                  <td>{f.threshold === null ? 'always review' : f.threshold}</td>
                  <td>{pct(f.precision)}</td>
                  <td>{pct(f.auto_accept_share)}</td>
                  <td>{f.n}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="straight-through">
            Straight through: <strong>{pct(current.straight_through_rate)}</strong> of {current.items_total} documents would pass without a human.
          </p>
          {current.applied_version !== null && (
            <p class="ok applied" data-applied-version={current.applied_version}>
              Applied: the extractor's review_thresholds are now these (version {current.applied_version}).
            </p>
          )}
        </>
      )}
    </section>
  );
}
