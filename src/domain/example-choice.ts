// Which of an extractor's examples a job's prompts carry (issue 40, docs/examples.md): all of them
// or the `max_examples` whose input text is most similar to the job's (ranked in Postgres), never
// an evaluation item's own document, chosen once per job and recorded as its `examples_used`.
import type { Db } from '../storage/db.js';
import { fileHashes, rankBySimilarity } from '../storage/example-ranking.js';
import { recordExamplesUsed } from '../storage/jobs/extraction.js';
import { getFileOcrText } from '../storage/page-ocr.js';
import { DEFAULT_MAX_EXAMPLES, type Example, type Extractor } from './extractors.js';
import type { StoredDocument } from './stored-document.js';

export interface ExampleJob {
  id: string;
  file_id: string | null;
  source_text: string | null;
  evaluation_run_id?: string | null;
  examples_used?: string[] | null;
}

/** A stored file as one object (./stored-document.ts), as the caller loads it. */
type ReadFile = (fileId: string) => Promise<StoredDocument>;

/** Examples stored before they had ids are named by their place. */
const idOf = (ex: Partial<Example>, i: number): string => ex.id ?? `#${i}`;

/** The examples of the job's prompts, in the extractor's order, recorded once on the job. */
export async function chooseExamples(db: Db, readFile: ReadFile, job: ExampleJob, extractor: Pick<Extractor, 'examples' | 'examples_strategy' | 'max_examples'>): Promise<Example[]> {
  const all = (extractor.examples ?? []).map((ex, i) => ({ ...ex, id: idOf(ex, i) }));
  const chosen = job.examples_used ?? (await recordExamplesUsed(db, job.id, await pick(db, readFile, job, extractor, all)));
  const ids = new Set(chosen);
  return all.filter((ex) => ids.has(ex.id));
}

async function pick(db: Db, readFile: ReadFile, job: ExampleJob, extractor: Pick<Extractor, 'examples_strategy' | 'max_examples'>, all: Example[]): Promise<string[]> {
  const allowed = job.evaluation_run_id ? await withoutOwnDocument(db, job, all) : all;
  if ((extractor.examples_strategy ?? 'all') !== 'similar' || allowed.length === 0) return allowed.map((ex) => ex.id);
  // A scan's text is its stored OCR reading (issue 54), when its own text layer is empty.
  const textOf = async (fileId: string | null, text: string | null) => {
    if (!fileId) return text ?? '';
    // Read in the render pool: a document's text layer is never read on the worker's event loop.
    const own = await (await readFile(fileId)).plainText();
    return own.trim() !== '' ? own : await getFileOcrText(db, fileId);
  };
  const candidates = [];
  for (const ex of allowed) candidates.push({ id: ex.id, text: await textOf(ex.input.file_id, ex.input.text), added_at: ex.added_at ?? '' });
  const ranked = await rankBySimilarity(db, await textOf(job.file_id, job.source_text), candidates, extractor.max_examples ?? DEFAULT_MAX_EXAMPLES);
  const keep = new Set(ranked);
  return allowed.filter((ex) => keep.has(ex.id)).map((ex) => ex.id);
}

/**
 * No leakage: an evaluation item's job never sees its own answer. An example whose input is the
 * item's document — the same file content (sha256) or the same text — is left out.
 */
async function withoutOwnDocument(db: Db, job: ExampleJob, all: Example[]): Promise<Example[]> {
  const fileIds = [...new Set([job.file_id, ...all.map((ex) => ex.input.file_id)].filter((id): id is string => id !== null))];
  const hashes = await fileHashes(db, fileIds);
  const ownHash = job.file_id ? hashes.get(job.file_id) : undefined;
  const ownText = job.source_text?.trim();
  return all.filter((ex) => {
    if (ownHash !== undefined && ex.input.file_id && hashes.get(ex.input.file_id) === ownHash) return false;
    if (ownText !== undefined && ex.input.text != null && ex.input.text.trim() === ownText) return false;
    return true;
  });
}
