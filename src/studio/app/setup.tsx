// The left column: the token, the file, and what to run on it (an extractor, whose schema can be
// edited with live validation, or a parser).
import { useEffect, useRef, useState } from 'preact/hooks';
import { DocextractError } from '../../../clients/typescript/index.js';
import { client, errorText, token, workspace } from './api';
import type { Extractor, FileRecord, Parser, SchemaValidation } from './types';

/** What the file picker offers: every format the service accepts (README, Formats); the bytes decide. */
const ACCEPTED_UPLOADS = [
  'application/pdf,image/*,.tif,.tiff,.bmp,.gif,.webp',
  '.docx,.pptx,.xlsx,.xlsm,.odt,.ods,.odp,.rtf,.doc,.xls,.ppt',
  '.html,.htm,.xhtml,.epub,.txt,.md,.markdown,.csv,.eml,.msg',
].join(',');

export function TokenBar({ onChange }: { onChange: () => void }) {
  const [value, setValue] = useState(token.get());
  const [editing, setEditing] = useState(!token.get());
  const [workspaceName, setWorkspaceName] = useState(workspace.get());
  useEffect(() => workspace.subscribe(setWorkspaceName), []);
  const shown = workspaceName ? (
    <span class="workspace">
      Workspace <strong>{workspaceName}</strong>
    </span>
  ) : null;
  if (!editing) {
    return (
      <div class="token">
        {shown}
        <span class="muted">Token set for this tab</span>
        <button type="button" class="link" onClick={() => setEditing(true)}>
          change
        </button>
      </div>
    );
  }
  return (
    <form
      class="token"
      onSubmit={(e) => {
        e.preventDefault();
        token.set(value.trim());
        setEditing(!value.trim());
        onChange();
      }}
    >
      <input
        type="password"
        name="token"
        placeholder="API key (dx_…) or token, if the service needs one"
        autocomplete="off"
        value={value}
        onInput={(e) => setValue(e.currentTarget.value)}
      />
      <button type="submit">Use</button>
      {shown}
    </form>
  );
}

export function FilePanel({ file, onFile, reload }: { file: FileRecord | null; onFile: (f: FileRecord) => void; reload: number }) {
  const [files, setFiles] = useState<FileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    client.ok(client.api.GET('/v1/files', { params: { query: { limit: 50 } } })).then(setFiles, (e) => setError(errorText(e)));
  }, [reload]);

  async function upload(input: HTMLInputElement) {
    const chosen = input.files?.[0];
    if (!chosen) return;
    setBusy(true);
    setError('');
    try {
      const created = await client.uploadFile(chosen, { filename: chosen.name });
      setFiles((list) => [created, ...list.filter((f) => f.id !== created.id)]);
      onFile(created);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
      input.value = '';
    }
  }

  return (
    <section class="panel">
      <h2>1 · Document</h2>
      <label class="upload">
        <input type="file" name="upload" accept={ACCEPTED_UPLOADS} disabled={busy} onChange={(e) => upload(e.currentTarget)} />
        <span>{busy ? 'Uploading…' : 'Upload a document (PDF, image, Office, HTML, EPUB, text…)'}</span>
      </label>
      <select
        aria-label="Uploaded files"
        value={file?.id ?? ''}
        onChange={(e) => {
          const chosen = files.find((f) => f.id === e.currentTarget.value);
          if (chosen) onFile(chosen);
        }}
      >
        <option value="" disabled>
          {files.length ? 'or pick an uploaded file' : 'no files yet'}
        </option>
        {files.map((f) => (
          <option key={f.id} value={f.id}>
            {f.filename} · {f.kind}
            {f.page_count ? ` · ${f.page_count} page${f.page_count === 1 ? '' : 's'}` : ''} · {Math.max(1, Math.round(f.size_bytes / 1024))} KiB
          </option>
        ))}
      </select>
      {error && <p class="error">{error}</p>}
    </section>
  );
}

export type Target = { kind: 'extract'; extractor: Extractor; schemaText: string; saveAs: string } | { kind: 'parse'; parser: Parser };

export function DefinitionPanel({ target, onTarget, reload, file = null }: { target: Target | null; onTarget: (t: Target) => void; reload: number; file?: FileRecord | null }) {
  const [mode, setMode] = useState<'extract' | 'parse'>(target?.kind ?? 'extract');
  const [extractors, setExtractors] = useState<Extractor[]>([]);
  const [parsers, setParsers] = useState<Parser[]>([]);
  const [error, setError] = useState('');

  useEffect(() => {
    setError('');
    const page = { params: { query: { limit: 100 } } };
    client.ok(client.api.GET('/v1/extractors', page)).then(setExtractors, (e) => setError(errorText(e)));
    client.ok(client.api.GET('/v1/parsers', page)).then(setParsers, (e) => setError(errorText(e)));
  }, [reload]);

  const pickExtractor = (x: Extractor) =>
    onTarget({ kind: 'extract', extractor: x, schemaText: JSON.stringify(x.schema, null, 2), saveAs: x.is_prebuilt ? `${x.name}-draft` : x.name });

  // A first choice as soon as the lists arrive, so the page is usable in one click.
  useEffect(() => {
    if (target) return;
    if (mode === 'extract' && extractors[0]) pickExtractor(extractors.find((x) => x.name === 'receipt') ?? extractors[0]);
    if (mode === 'parse' && parsers[0]) onTarget({ kind: 'parse', parser: parsers[0] });
  }, [extractors, parsers, mode]);

  const switchTo = (next: 'extract' | 'parse') => {
    setMode(next);
    if (next === 'extract' && extractors[0]) pickExtractor(extractors.find((x) => x.name === 'receipt') ?? extractors[0]);
    if (next === 'parse' && parsers[0]) onTarget({ kind: 'parse', parser: parsers[0] });
  };

  return (
    <section class="panel">
      <h2>2 · What to run</h2>
      <div class="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={mode === 'extract'} onClick={() => switchTo('extract')}>
          Extract JSON
        </button>
        <button type="button" role="tab" aria-selected={mode === 'parse'} onClick={() => switchTo('parse')}>
          Parse to Markdown
        </button>
      </div>
      {mode === 'extract' ? (
        <>
          <select
            aria-label="Extractor"
            value={target?.kind === 'extract' ? target.extractor.name : ''}
            onChange={(e) => {
              const x = extractors.find((c) => c.name === e.currentTarget.value);
              if (x) pickExtractor(x);
            }}
          >
            {extractors.map((x) => (
              <option key={x.id} value={x.name}>
                {x.display_name} ({x.name}){x.is_prebuilt ? ' · prebuilt' : ''}
              </option>
            ))}
          </select>
          {target?.kind === 'extract' && <SchemaEditor target={target} onTarget={onTarget} file={file} />}
        </>
      ) : (
        <select
          aria-label="Parser"
          value={target?.kind === 'parse' ? target.parser.name : ''}
          onChange={(e) => {
            const p = parsers.find((c) => c.name === e.currentTarget.value);
            if (p) onTarget({ kind: 'parse', parser: p });
          }}
        >
          {parsers.map((p) => (
            <option key={p.id} value={p.name}>
              {p.display_name} ({p.name}){p.is_prebuilt ? ' · prebuilt' : ''}
            </option>
          ))}
        </select>
      )}
      {error && <p class="error">{error}</p>}
    </section>
  );
}

/** Whether the schema text differs from the extractor's stored schema. */
export function schemaEdited(target: Extract<Target, { kind: 'extract' }>): boolean {
  try {
    return JSON.stringify(JSON.parse(target.schemaText)) !== JSON.stringify(target.extractor.schema);
  } catch {
    return true;
  }
}

function SchemaEditor({ target, onTarget, file }: { target: Extract<Target, { kind: 'extract' }>; onTarget: (t: Target) => void; file: FileRecord | null }) {
  const [check, setCheck] = useState<SchemaValidation | { parseError: string } | null>(null);
  const [suggesting, setSuggesting] = useState<string | null>(null);
  const [suggestError, setSuggestError] = useState('');
  const latest = useRef(target);
  latest.current = target;

  // "Suggest from this document" (issue 51): a schema suggestion job over the picked file; its schema
  // replaces the text (a new extractor name is proposed), to be checked, edited and saved as usual.
  const suggest = async () => {
    if (!file) return;
    setSuggestError('');
    setSuggesting('starting…');
    try {
      const created = await client.createSchemaSuggestion({ file_ids: [file.id], ...(target.extractor.instructions.trim() ? { instructions: target.extractor.instructions } : {}) });
      const ended = await client.waitForJob(created, { timeoutMs: 15 * 60_000, onUpdate: (j) => setSuggesting(j.status) });
      if (ended.status !== 'completed' || !ended.result) {
        setSuggestError(ended.error ? `${ended.error.code}: ${ended.error.message}` : `The suggestion ended ${ended.status}`);
        return;
      }
      const base = file.filename.replace(/\.[^.]*$/, '').toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'suggested';
      onTarget({ ...latest.current, schemaText: JSON.stringify(ended.result.schema, null, 2), saveAs: `${base}-suggested` });
    } catch (e) {
      setSuggestError(errorText(e));
    } finally {
      setSuggesting(null);
    }
  };

  // Live validation through the service itself, a moment after typing stops.
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      let schema: unknown;
      try {
        schema = JSON.parse(target.schemaText);
      } catch (e) {
        setCheck({ parseError: (e as Error).message });
        return;
      }
      try {
        setCheck(await client.ok(client.api.POST('/v1/schemas/validate', { body: { schema: schema as Record<string, unknown> }, signal: controller.signal })));
      } catch (e) {
        if (!controller.signal.aborted) setCheck({ parseError: e instanceof DocextractError && e.status === 422 ? 'The schema must be a JSON object' : errorText(e) });
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [target.schemaText]);

  const edited = schemaEdited(target);
  return (
    <div class="schema">
      <label for="schema-text">Schema</label>
      <div class="suggest">
        <button type="button" disabled={!file || suggesting !== null} title={file ? `Ask the model for a schema from ${file.filename}` : 'Pick a file first'} onClick={() => void suggest()}>
          Suggest from this document
        </button>
        {suggesting !== null && <span class="muted"> suggesting… {suggesting}</span>}
        {suggestError && <p class="error">{suggestError}</p>}
      </div>
      <textarea id="schema-text" spellcheck={false} value={target.schemaText} onInput={(e) => onTarget({ ...target, schemaText: e.currentTarget.value })} />
      <div class="validation" aria-live="polite">
        {!check ? (
          <span class="muted">checking…</span>
        ) : 'parseError' in check ? (
          <p class="error">Not JSON: {check.parseError}</p>
        ) : (
          <>
            {check.valid ? <p class="ok">Schema valid{check.warnings.length ? ` · ${check.warnings.length} warning(s)` : ''}</p> : null}
            <ul class="issues">
              {check.errors.map((i) => (
                <li key={`e${i.path}${i.code}`} class="error">
                  <code>{i.path}</code> {i.message}
                </li>
              ))}
              {check.warnings.map((i) => (
                <li key={`w${i.path}${i.code}`} class="warning">
                  <code>{i.path}</code> {i.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {edited && (
        <label class="save-as">
          Save as extractor
          <input value={target.saveAs} onInput={(e) => onTarget({ ...target, saveAs: e.currentTarget.value })} />
        </label>
      )}
    </div>
  );
}
