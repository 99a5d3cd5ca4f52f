// What came back: the job's progress, then the extracted JSON (every value with a provenance is a
// button that shows where it came from) or the Markdown, page by page.
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { describeWaiting, isTerminal } from '../../../clients/typescript/index.js';
import { client, errorText } from './api';
import type { ExtractionJob, Job, ParseJob, Provenance, Selection } from './types';

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
  return (
    <pre class="json" aria-label="Extracted data">
      <JsonNode value={job.result.data} schema={schema as Schema} pointer="" depth={0} provenance={provenance} selected={selected} onSelect={onSelect} />
    </pre>
  );
}

interface NodeProps {
  value: unknown;
  schema: Schema;
  pointer: string;
  depth: number;
  provenance: Record<string, Provenance>;
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
  if (!origin) return <span class={`value value--${value === null ? 'null' : typeof value}`}>{text}</span>;
  const located = (origin.boxes?.length ?? 0) > 0;
  const where = located ? 'highlighted on the page' : `from page${origin.pages.length === 1 ? '' : 's'} ${origin.pages.join(', ')}`;
  return (
    <button
      type="button"
      class={`value value--${typeof value} value--${located ? 'located' : 'paged'}${rest.selected === pointer ? ' value--selected' : ''}`}
      data-pointer={pointer}
      title={`${pointer} · ${where}`}
      onClick={() => rest.onSelect(pointer, { label: pointer, pages: origin.pages, boxes: origin.boxes ?? [] })}
    >
      {text}
    </button>
  );
}

export function MarkdownResult({ job, onSelect }: { job: ParseJob; onSelect: (s: Selection) => void }) {
  if (!job.result) return null;
  return (
    <div class="markdown" aria-label="Markdown">
      {job.result.pages.map((p) => (
        <article key={p.page_number}>
          <button type="button" class="link" onClick={() => onSelect({ label: `page ${p.page_number}`, pages: [p.page_number], boxes: [] })}>
            Page {p.page_number}
          </button>
          <pre>{p.content}</pre>
        </article>
      ))}
    </div>
  );
}
