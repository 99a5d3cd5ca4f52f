import type { Server } from 'node:http';
import type { Config } from '../config/index.js';
import { createMetricsApp } from '../http/app.js';
import type { Logger } from '../logging.js';

export interface RunningMetricsServer {
  url: string;
  close(): Promise<void>;
}

/** Serve this process's /metrics on HOST:port (a worker run apart from the API). */
export async function startMetricsServer(config: Config, port: number, logger: Logger): Promise<RunningMetricsServer> {
  const server: Server = createMetricsApp(config, logger).listen(port, config.host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address();
  const url = `http://${config.host}:${typeof address === 'object' && address ? address.port : port}/metrics`;
  logger.info({ url }, 'metrics listening');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
