import net from 'node:net';

/** True when nothing listens on host:port (we can bind it ourselves). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS considers free right now. Another process may still take it before we use it. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not allocate a free port'))));
    });
  });
}

/** The preferred port when it is free, otherwise (or when it is 0) any free one. */
export async function preferredPort(preferred: number, host = '127.0.0.1'): Promise<number> {
  return preferred !== 0 && (await isPortFree(preferred, host)) ? preferred : freePort(host);
}

/** A pinned port (TEMPORAL_PORT, POSTGRES_PORT) that something else holds: start-up stops, naming both. */
export class PortTakenError extends Error {
  constructor(
    readonly server: string,
    readonly host: string,
    readonly port: number,
    readonly setting: string,
  ) {
    super(`${server}: ${host}:${port} is already in use, and ${setting}=${port} pins it; stop what listens there or set ${setting} to a free port (unset: any free port)`);
    this.name = 'PortTakenError';
  }
}

/**
 * The port to listen on: the pinned one (an operator's setting) or else PortTakenError; without a
 * pin, the preferred one when free, otherwise any free one.
 */
export async function choosePort(
  choice: { pinned?: number; preferred: number; server: string; setting: string },
  host = '127.0.0.1',
): Promise<number> {
  if (choice.pinned === undefined) return preferredPort(choice.preferred, host);
  if (!(await isPortFree(choice.pinned, host))) throw new PortTakenError(choice.server, host, choice.pinned, choice.setting);
  return choice.pinned;
}
