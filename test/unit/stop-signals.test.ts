// One Ctrl-C arrives more than once (the terminal's process group, npm's relay): src/bin/signals.ts
// takes the first as the stop, ignores its echoes, and forces only on a later one.
import { describe, expect, it } from '@jest/globals';
import { onStopSignals, SIGNAL_ECHO_MS, type StopSignal } from '../../src/bin/signals.js';

function harness() {
  let clock = 1_000;
  const seen: string[] = [];
  const handle = onStopSignals([], {
    stop: (s) => seen.push(`stop ${s}`),
    ignored: (s) => seen.push(`ignored ${s}`),
    force: (s) => seen.push(`force ${s}`),
  }, { now: () => clock });
  return { seen, send: (s: StopSignal, afterMs = 0) => ((clock += afterMs), handle(s)) };
}

describe('stop signals', () => {
  it('the first signal stops; a repeat within the echo window is ignored, whichever signal it is', () => {
    const { seen, send } = harness();
    send('SIGINT');
    send('SIGINT', 5);
    send('SIGTERM', SIGNAL_ECHO_MS - 10);
    expect(seen).toEqual(['stop SIGINT', 'ignored SIGINT', 'ignored SIGTERM']);
  });

  it('a signal after the echo window forces', () => {
    const { seen, send } = harness();
    send('SIGTERM');
    send('SIGINT', SIGNAL_ECHO_MS + 1);
    expect(seen).toEqual(['stop SIGTERM', 'force SIGINT']);
  });
});
