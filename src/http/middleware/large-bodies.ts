import v8 from 'node:v8';
import vm from 'node:vm';
import type { Middleware } from 'koa';

// A JSON body is read whole and parsed into objects before a route can refuse it: a batch's
// 250 MiB body (its limit is 256 MiB) took the API process from 425 MiB to 1.2 GiB, and V8 collects
// that garbage only when the process allocates again, so an idle API kept ~950 MiB 20 s after
// answering 422. Once the response to a large body has been sent, the body is released and one
// full collection runs, which returns the memory to the system at once (with the mmap threshold
// the start scripts set in GLIBC_TUNABLES, freed large blocks are unmapped, not kept in a heap).

/** Bodies of at least this many bytes (Content-Length) are released with a collection once answered. */
export const LARGE_BODY_BYTES = 16 * 1024 * 1024;

let collect: (() => void) | undefined;
/** V8's full collection; `--expose-gc` set at run time, so no start script needs the flag. */
function fullCollection(): () => void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  return collect;
}

let scheduled = false;
/**
 * One round of collections for any number of large bodies answered in the same turn: a second
 * collection a moment after the first frees what the first one's finalizers let go (the Buffers
 * of the body's chunks are freed outside the JavaScript heap once their objects are collected).
 */
function collectSoon(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    fullCollection()();
    setTimeout(() => fullCollection()(), SECOND_COLLECTION_MS).unref();
  });
}
const SECOND_COLLECTION_MS = 500;

/** Runs before body parsing: after a large body's response is sent, drop it and collect. */
export function releaseLargeBodies(threshold = LARGE_BODY_BYTES): Middleware {
  return async (ctx, next) => {
    if (Number(ctx.get('content-length') || 0) < threshold) return next();
    ctx.res.once('close', () => {
      (ctx.request as { body?: unknown }).body = undefined;
      collectSoon();
    });
    return next();
  };
}
