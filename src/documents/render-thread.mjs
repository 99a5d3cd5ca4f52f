// Entry point of a render thread (piscina). Plain JavaScript, so it loads the same way under tsx,
// ts-jest and plain node: the TypeScript task code arrives pre-bundled (workerData.taskModule,
// written by src/documents/pool.ts). WASM memory only grows, so the thread reports how large its
// mupdf heap has become and the pool retires threads that grew past a limit.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';

// Installed before mupdf is loaded, so every memory the module grows is seen.
const memories = new Set();
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (delta) {
  memories.add(this);
  return grow.call(this, delta);
};

// Render threads yield the cores to the main thread (API requests, model calls, Temporal) when
// both want them: rendering works ahead of the model, the main thread's work is what waits.
// Linux schedules threads individually: /proc/thread-self names this thread's id.
if (workerData.niceness) {
  try {
    const [, tid] = /task\/(\d+)$/.exec(readlinkSync('/proc/thread-self')) ?? [];
    if (tid) setPriority(Number(tid), workerData.niceness);
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}

// mupdf's compiled code, compiled once by the pool and shared by every thread (V8 shares a
// module's machine code between the isolates of a process): each thread instantiates it with a heap
// of its own instead of compiling the 10 MB module again (~40 MiB of code and ~100 ms a thread).
if (workerData.mupdfModule) {
  globalThis.$libmupdf_wasm_Module = {
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(workerData.mupdfModule, imports).then((instance) => receive(instance, workerData.mupdfModule));
      return {}; // asynchronous: emscripten waits for receive()
    },
  };
}

const { runTask, setUpThread, hasTrapped, wasmTrapped } = await import(workerData.taskModule);
// The native image codec (sharp), when the pool's thread loaded it first (see pool.ts).
await setUpThread({ nativeCodec: Boolean(workerData.nativeCodec) });
let tasks = 0;

// Once mupdf trapped here its heap may be inconsistent (every later document failed with "out of
// memory"), so this thread runs nothing more: the pool retires it and runs such tasks again.
let trappedOutside = false; // a trap that escaped runTask (render-task.ts records those it sees)
const trapped = () => trappedOutside || hasTrapped();

export default async function renderThreadTask(task) {
  if (trapped()) {
    const failure = { kind: 'stale', message: 'The render thread stopped after a WebAssembly trap.' };
    return { ok: false, failure, warnings: [], trapped: true, wasmBytes: 0, tasks };
  }
  let ran;
  try {
    ran = await runTask(task);
  } catch (err) {
    if (!wasmTrapped(err)) throw err;
    trappedOutside = true;
    const failure = { kind: 'document', code: 'document_corrupt', message: `The document could not be read (${err.message}).` };
    ran = { outcome: { ok: false, failure, warnings: [] }, transfer: [] };
  }
  const { outcome, transfer } = ran;
  let wasmBytes = 0;
  for (const memory of memories) wasmBytes = Math.max(wasmBytes, memory.buffer.byteLength);
  const result = { ...outcome, trapped: trapped(), wasmBytes, tasks: ++tasks };
  if (transfer.length === 0) return result;
  // The page's image moves to the main thread instead of being copied.
  return move({
    get [transferableSymbol]() {
      return transfer;
    },
    get [valueSymbol]() {
      return result;
    },
  });
}
