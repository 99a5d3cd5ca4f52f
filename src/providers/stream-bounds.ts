// Bounds of one streamed answer, kept apart from the reading of the stream (stream.ts) so that
// reading stays what it is: a stream that sends nothing for the idle limit is aborted as a
// `provider_timeout`, and one that runs far past the request's token budget (a server that ignores
// it) is cut off and read as a length stop. The whole attempt's deadline is the activity's
// (activities/model-call.ts), which aborts the request through its signal.
import { ProviderError } from './errors.js';
import type { ChatRequestBody } from './types.js';

/** SERVICE_PROVIDER_IDLE_TIMEOUT_MS when the configuration has none. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
/**
 * Characters (answer and reasoning) per token of the budget beyond which a stream is cut off. Real
 * tokens average ~4 characters and rarely exceed 16; a stream past this is ignoring the budget.
 */
export const MAX_CHARS_PER_TOKEN = 16;
/** Events per token of the budget (a server sending empty deltas for ever has no characters to count). */
export const MAX_EVENTS_PER_TOKEN = 4;
/** Response bytes per token of the budget (an event is ~200 bytes of JSON, more with logprobs), plus a floor. */
export const MAX_BYTES_PER_TOKEN = 2048;
export const MIN_RESPONSE_BYTES = 1024 * 1024;

export interface StreamBounds {
  /** Abort when nothing arrives for this long once the response has begun. */
  idleMs?: number;
  /** The request's output token budget; the stream is cut off far past it. */
  maxTokens?: number;
}

/** The output token budget a request asks for, when it names one. */
export function tokenBudget(body: ChatRequestBody): number | undefined {
  const b = body as { max_completion_tokens?: unknown; max_tokens?: unknown };
  const v = b.max_completion_tokens ?? b.max_tokens;
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
}

export interface StreamLimits {
  chars: number;
  events: number;
  bytes: number;
}

/** What a stream of a budget of `maxTokens` may read before it is cut off; no budget, no limit. */
export function streamLimits(maxTokens: number | undefined): StreamLimits {
  if (maxTokens === undefined) return { chars: Infinity, events: Infinity, bytes: Infinity };
  return {
    chars: maxTokens * MAX_CHARS_PER_TOKEN,
    events: maxTokens * MAX_EVENTS_PER_TOKEN + 64,
    bytes: maxTokens * MAX_BYTES_PER_TOKEN + MIN_RESPONSE_BYTES,
  };
}

/** Characters of answer and reasoning a chunk carries (choice 0, as stream.ts reads them). */
export function chunkCharacters(chunk: unknown): number {
  const choices = (chunk as { choices?: unknown })?.choices;
  if (!Array.isArray(choices)) return 0;
  let n = 0;
  for (const choice of choices) {
    if (((choice as { index?: number })?.index ?? 0) !== 0) continue;
    const delta = (choice as { delta?: Record<string, unknown> }).delta ?? {};
    for (const key of ['content', 'reasoning_content', 'reasoning']) {
      const v = delta[key];
      if (typeof v === 'string') n += v.length;
    }
  }
  return n;
}

/**
 * One request's guard: an abort signal joined to the caller's, an idle timer armed once the
 * response has begun and reset by every event, and the size limits. `cutOff` says the stream was
 * ended for running past its budget (a length stop); `failure` what an abort of ours means.
 */
export class StreamGuard {
  readonly limits: StreamLimits;
  readonly signal: AbortSignal;
  cutOff = false;
  private readonly controller = new AbortController();
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bounds: StreamBounds,
    outer?: AbortSignal,
  ) {
    this.limits = streamLimits(bounds.maxTokens);
    this.signal = outer ? AbortSignal.any([outer, this.controller.signal]) : this.controller.signal;
  }

  /** The error of our own abort (idle limit), if that is what ended the request. */
  get failure(): unknown {
    return this.controller.signal.aborted ? this.controller.signal.reason : undefined;
  }

  /** The response has begun: from now on, silence for the idle limit aborts the request. */
  begin(): void {
    this.touch();
  }

  /** Called by the response body when it passed the byte limit (request-fetch.ts ends it there). */
  readonly bytesExceeded = (): void => {
    this.cutOff = true;
  };

  /** The stream's events, each resetting the idle timer, until the stream ends or passes its limits. */
  async *events<T>(stream: AsyncIterable<T>): AsyncGenerator<T> {
    let chars = 0;
    let events = 0;
    this.begin();
    try {
      for await (const event of stream) {
        this.touch();
        chars += chunkCharacters(event);
        events += 1;
        yield event;
        if (chars > this.limits.chars || events > this.limits.events) {
          // Leaving the loop closes the SDK's stream, which aborts the request.
          this.cutOff = true;
          return;
        }
      }
    } finally {
      this.stop();
    }
  }

  stop(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  private touch(): void {
    const idleMs = this.bounds.idleMs;
    if (idleMs === undefined) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.controller.abort(
        new ProviderError('provider_timeout', `The provider sent nothing for ${formatMs(idleMs)} while streaming the answer`),
      );
    }, idleMs);
    this.idleTimer.unref?.();
  }
}

export function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
