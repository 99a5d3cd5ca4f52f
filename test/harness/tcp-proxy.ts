// A TCP proxy the test controls, to cut a service off from a dependency (e.g. Postgres) and
// restore it: pause() drops every open connection and refuses (or blackholes) new ones.
import net, { type AddressInfo, type Socket } from 'node:net';

export type PauseMode =
  /** New connections are accepted and closed at once: clients see a reset, like a refused connect. */
  | 'refuse'
  /** New connections are accepted and never answered: clients wait until their own timeouts. */
  | 'blackhole';

export interface TcpProxy {
  host: string;
  port: number;
  /** Connections accepted since start (including refused and blackholed ones). */
  readonly accepted: number;
  readonly paused: boolean;
  /** Destroy every open connection, then treat new ones according to `mode` (default 'refuse'). */
  pause(mode?: PauseMode): void;
  /** Forward new connections again; blackholed ones are closed so their clients retry. */
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, listenHost = '127.0.0.1'): Promise<TcpProxy> {
  let mode: PauseMode | null = null;
  let accepted = 0;
  // Every socket we own (client side and upstream side), so pause() can cut them all.
  const open = new Set<Socket>();
  const held = new Set<Socket>();

  const track = (s: Socket) => {
    open.add(s);
    s.once('close', () => {
      open.delete(s);
      held.delete(s);
    });
    // A reset is the expected outcome of pause(); never let it surface as an uncaught error.
    s.on('error', () => {});
  };

  const server = net.createServer((client) => {
    accepted++;
    track(client);
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'blackhole') {
      held.add(client);
      client.pause();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.once('close', cut);
    upstream.once('close', cut);
    client.pipe(upstream);
    upstream.pipe(client);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, listenHost, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    host: listenHost,
    port,
    get accepted() {
      return accepted;
    },
    get paused() {
      return mode !== null;
    },
    pause(next = 'refuse') {
      mode = next;
      for (const s of [...open]) s.resetAndDestroy();
    },
    resume() {
      mode = null;
      for (const s of [...held]) s.resetAndDestroy();
    },
    async close() {
      mode = 'refuse';
      for (const s of [...open]) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `url` with its host and port replaced, e.g. a DATABASE_URL pointed at a proxy. */
export function withHostPort(url: string, host: string, port: number): string {
  const u = new URL(url);
  u.hostname = host;
  u.port = String(port);
  return u.toString();
}

/** Host and port of a URL (default port per scheme for postgres URLs: 5432). */
export function hostPortOf(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || 5432) };
}
