import { describe, expect, it } from '@jest/globals';
import { supervise, type ServerExit, type SupervisedServer } from '../../src/runtime/supervisor.js';

// The restart policy of npm start's servers, with stand-in servers: restart after an unexpected
// exit, with backoff and log lines naming the cause; give up after the configured attempts; never
// restart what was stopped on purpose.

interface Fake extends SupervisedServer {
  die(exit: ServerExit): void;
  stopped: boolean;
}

let nextPid = 1000;
function fake(): Fake {
  let die!: (exit: ServerExit) => void;
  const exited = new Promise<ServerExit>((resolve) => (die = resolve));
  const server: Fake = {
    pid: nextPid++,
    exited,
    die,
    stopped: false,
    async stop() {
      server.stopped = true;
      die({ code: 0, signal: null });
    },
  };
  return server;
}

function recorder() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; msg: string }> = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => void lines.push({ level, fields, msg });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}

const until = async (check: () => boolean, ms = 2000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('supervise', () => {
  it('restarts a server that exited unexpectedly and logs the cause and the restart', async () => {
    const { lines, logger } = recorder();
    const first = fake();
    const second = fake();
    const restarted: number[] = [];
    const sup = supervise(first, {
      name: 'temporal',
      logger,
      initialDelayMs: 5,
      restart: async () => second,
      onRestarted: (s) => restarted.push(s.pid),
      onGiveUp: () => {
        throw new Error('must not give up');
      },
    });
    first.die({ code: null, signal: 'SIGKILL' });
    await until(() => restarted.length === 1);
    expect(sup.current()).toBe(second);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['error', 'temporal exited unexpectedly (killed by SIGKILL)'],
      ['warn', 'restarting temporal'],
      ['info', 'temporal restarted'],
    ]);
    expect(lines[0]!.fields).toMatchObject({ service: 'temporal', pid: first.pid, exit_signal: 'SIGKILL' });
    await sup.stop();
    expect(second.stopped).toBe(true);
  });

  it('gives up after maxAttempts failed restarts with a message naming the server and the cause', async () => {
    const { lines, logger } = recorder();
    const first = fake();
    let attempts = 0;
    let gaveUp: Error | undefined;
    const sup = supervise(first, {
      name: 'postgres',
      logger,
      maxAttempts: 3,
      initialDelayMs: 2,
      restart: async () => {
        attempts++;
        throw new Error('port 54329 of the embedded Postgres is taken');
      },
      onGiveUp: (err) => (gaveUp = err),
    });
    first.die({ code: 1, signal: null });
    await until(() => gaveUp !== undefined);
    expect(attempts).toBe(3);
    expect(gaveUp!.message).toBe(
      'postgres exited unexpectedly (exit code 1) and could not be restarted in 3 attempts; last error: port 54329 of the embedded Postgres is taken',
    );
    // Backoff doubles: 2, 4, 8 ms.
    expect(lines.filter((l) => l.msg === 'restarting postgres').map((l) => l.fields.delay_ms)).toEqual([2, 4, 8]);
    await sup.stop();
  });

  it('does not restart a server stopped on purpose', async () => {
    const { lines, logger } = recorder();
    const first = fake();
    let restarts = 0;
    const sup = supervise(first, {
      name: 'temporal',
      logger,
      initialDelayMs: 1,
      restart: async () => {
        restarts++;
        return fake();
      },
      onGiveUp: () => {},
    });
    await sup.stop();
    await new Promise((r) => setTimeout(r, 20));
    expect([first.stopped, restarts, lines]).toEqual([true, 0, []]);
  });

  it('a stop during the backoff cancels the restart', async () => {
    const { logger } = recorder();
    const first = fake();
    let restarts = 0;
    const sup = supervise(first, {
      name: 'temporal',
      logger,
      initialDelayMs: 60_000,
      restart: async () => {
        restarts++;
        return fake();
      },
      onGiveUp: () => {},
    });
    first.die({ code: 2, signal: null });
    await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    await sup.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(restarts).toBe(0);
  });
});
