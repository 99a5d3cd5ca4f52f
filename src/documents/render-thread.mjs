// Entry point of a render thread (piscina). Plain JavaScript, so it loads the same way under tsx,
// ts-jest and plain node: the TypeScript task code arrives pre-bundled (workerData.taskModule,
// written by src/documents/pool.ts). WASM memory only grows, so the thread reports how large its
// mupdf heap has become and the pool retires threads that grew past a limit.
import { workerData } from 'node:worker_threads';

// Installed before mupdf is loaded, so every memory the module grows is seen.
const memories = new Set();
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (delta) {
  memories.add(this);
  return grow.call(this, delta);
};

const { runTask } = await import(workerData.taskModule);
let tasks = 0;

export default async function renderThreadTask(task) {
  const outcome = await runTask(task);
  let wasmBytes = 0;
  for (const memory of memories) wasmBytes = Math.max(wasmBytes, memory.buffer.byteLength);
  return { ...outcome, wasmBytes, tasks: ++tasks };
}
