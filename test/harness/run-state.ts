// What global setup started, for global teardown. Both run in Jest's main process; the state is
// kept on globalThis because Jest may load the two modules separately.
export interface RunState {
  tempDir: string;
  /** The run's template database, dropped at the end with any copy of it a test file or stack left. */
  databases?: Array<{ adminUrl: string; name: string }>;
  /** Servers started by setup, stopped in reverse order. */
  stops: Array<{ name: string; stop: () => Promise<void> }>;
}

const KEY = Symbol.for('docextract.test.run-state');
type Holder = { [KEY]?: RunState };

export function setRunState(state: RunState): void {
  (globalThis as Holder)[KEY] = state;
}

export function takeRunState(): RunState | undefined {
  const state = (globalThis as Holder)[KEY];
  delete (globalThis as Holder)[KEY];
  return state;
}
