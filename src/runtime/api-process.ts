import type { Server } from 'node:http';
import type { Config } from '../config/index.js';
import { createApp } from '../http/app.js';
import type { Logger } from '../logging.js';
import { createDb } from '../storage/db.js';
import { connectTemporalClient } from '../temporal/client.js';

export interface RunningApi {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Start the API: database pool, Temporal client, Koa app listening on config.host:config.port. */
export async function startApi(
  config: Config,
  opts: { databaseUrl: string; temporalAddress: string; logger: Logger; port?: number },
): Promise<RunningApi> {
  const db = createDb(opts.databaseUrl, config.databasePoolMax);
  const temporal = await connectTemporalClient(opts.temporalAddress, config.temporal.namespace);
  const app = createApp({ config, db, temporal, logger: opts.logger });
  const server = app.listen(opts.port ?? config.port, config.host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  opts.logger.info({ url }, 'api listening');
  return {
    url,
    server,
    // Stop accepting, let in-flight requests finish, then release the pool and the connection.
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await temporal.connection.close();
      await db.destroy();
    },
  };
}
