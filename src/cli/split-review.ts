// The review of a packet's split from the command line (`docextract review … cjob_…`): the same
// verbs as an extraction job's review, over PATCH|POST /v1/classification-jobs/{id}/review…
// (docs/packets.md, "Review of a split").
import { readFileSync, existsSync } from 'node:fs';
import { DocextractError, type ClassificationJob, type DocextractClient, type ReviewedSegment } from '../../clients/typescript/index.js';

export const isClassificationJob = (jobId: string): boolean => jobId.startsWith('cjob_');

type Segment = { class: string; pages: { start: number; end: number }; confidence?: number | null };
type Flag = { segment: number; reasons: string[]; confidence: number | null };

const pagesText = (p: { start: number; end: number }) => (p.start === p.end ? `page ${p.start}` : `pages ${p.start}-${p.end}`);
const confidenceText = (c: number | null | undefined) => (c === null || c === undefined ? '-' : c.toFixed(3));

/** The review's current revision; `review_not_open` when the job has none. */
export async function splitRevision(c: DocextractClient, jobId: string): Promise<number> {
  const job = (await c.getJob(jobId)) as ClassificationJob;
  if (!job.review) throw new DocextractError('review_not_open', 409, `Classification job '${jobId}' has no review`);
  return job.review.revision;
}

/** `review show cjob_…`: the model's segments with their flags, the reviewed split when it differs, and the decisions. */
export async function splitReviewLines(c: DocextractClient, jobId: string): Promise<{ lines: string[]; json: unknown }> {
  const job = (await c.getJob(jobId)) as ClassificationJob;
  const result = (job.result ?? null) as { segments?: Segment[]; flags?: Flag[] } | null;
  const segments = result?.segments ?? [];
  const flags = result?.flags ?? [];
  const events = job.review ? await c.splitReviewEvents(jobId) : [];
  const lines = [`${jobId}\t${job.review ? `${job.review.status}\trevision ${job.review.revision}` : 'no review'}\t${segments.length} segment${segments.length === 1 ? '' : 's'}\t${flags.length} flag${flags.length === 1 ? '' : 's'}`];
  segments.forEach((s, i) => {
    const flag = flags.find((f) => f.segment === i);
    lines.push(`  segment ${i}\t${s.class}\t${pagesText(s.pages)}\t${confidenceText(s.confidence)}${flag ? `\tflagged: ${flag.reasons.join(',')}` : ''}`);
  });
  const reviewed = job.review?.reviewed_segments ?? [];
  const same = JSON.stringify(reviewed.map((s) => [s.class, s.pages.start, s.pages.end])) === JSON.stringify(segments.map((s) => [s.class, s.pages.start, s.pages.end]));
  if (job.review && !same) {
    lines.push('  reviewed split:');
    reviewed.forEach((s, i) => lines.push(`  segment ${i}\t${s.class}\t${pagesText(s.pages)}`));
  }
  for (const e of events) lines.push(`  ${e.at}\t${e.action}${e.actor ? `\t${e.actor}` : ''}`);
  return { lines, json: { review: job.review, segments, flags, events } };
}

/**
 * Segments given on the command line: a JSON array (inline, or a file holding it) of
 * `{class, pages: {start, end}}`, or the short form `invoice:1-2,letter:3,invoice:4`.
 */
export function parseSegments(spec: string): ReviewedSegment[] {
  const text = spec.trim().startsWith('[') ? spec : existsSync(spec) ? readFileSync(spec, 'utf8') : undefined;
  if (text !== undefined) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (Array.isArray(parsed)) return parsed as ReviewedSegment[];
    } catch {
      // reported below
    }
    throw new DocextractError('bad_request', 0, `--segments: expected a JSON array of {class, pages: {start, end}}`);
  }
  return spec.split(',').map((part) => {
    const match = /^\s*([^:]+):(\d+)(?:-(\d+))?\s*$/.exec(part);
    if (!match) throw new DocextractError('bad_request', 0, `--segments: '${part}' is not CLASS:START-END (e.g. invoice:1-2,letter:3)`);
    const start = Number(match[2]);
    return { class: match[1]!.trim(), pages: { start, end: match[3] === undefined ? start : Number(match[3]) } };
  });
}

export const splitStatusLine = (job: ClassificationJob): string => `${job.id}\t${job.review?.status ?? '-'}\trevision ${job.review?.revision ?? '-'}`;
