import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';

/**
 * The API's client. Its calls answer HTTP requests, so a server that cannot be reached is reported
 * after a few quick attempts (about 1 s) instead of the SDK's default ten, which would hold the
 * request until its deadline: job creation answers 503 within 3 s when Temporal is down.
 */
export async function connectTemporalClient(address: string, namespace: string): Promise<Client> {
  const retry = defaultGrpcRetryOptions({ maxAttempts: 4, factor: 2, initialIntervalMs: () => 100, maxIntervalMs: () => 1000 });
  const connection = await Connection.connect({ address, interceptors: [makeGrpcRetryInterceptor(retry)] });
  return new Client({ connection, namespace });
}
