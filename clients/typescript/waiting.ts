// What a job is waiting for, in words: while a model call fails transiently (the model server is
// down, overloaded, rate-limiting) the job stays `running` and its `retry` field says why. Every
// client shows this line, so a job waiting on a missing model server never looks merely slow.
import type { components } from './openapi.gen.js';

type JobRetry = components['schemas']['JobRetry'];

/**
 * "waiting for the model: provider_unavailable — connect ECONNREFUSED 127.0.0.1:8080 — attempt 5,
 * next in 12 s", or undefined when the job is not retrying anything (or has ended).
 */
export function describeWaiting(job: { status: string; retry?: JobRetry | null }, now: number = Date.now()): string | undefined {
  const retry = job.retry;
  if (!retry || (job.status !== 'running' && job.status !== 'queued')) return undefined;
  const next = Math.max(0, Math.ceil((Date.parse(retry.next_attempt_at) - now) / 1000));
  const when = Number.isFinite(next) ? (next === 0 ? 'next now' : `next in ${next} s`) : 'next soon';
  const message = oneLine(retry.last_error_message);
  return `waiting for the model: ${retry.last_error_code}${message ? ` — ${message}` : ''} — attempt ${retry.attempt}, ${when}`;
}

/** A provider's message can be long or span lines: one line of at most 160 characters. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
}
