// npm start's banner (every URL docs/npm-start.md promises, Postgres's address, user and database,
// never its password) and pinned ports (TEMPORAL_PORT, POSTGRES_PORT): used when free, a clear
// error naming the setting when taken.
import net from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { startBanner } from '../../src/runtime/banner.js';
import { PortTakenError, choosePort, freePort } from '../../src/runtime/ports.js';

const temporal = { address: '127.0.0.1:7233', uiUrl: 'http://127.0.0.1:8233', namespace: 'default', taskQueue: 'document-jobs', batchTaskQueue: 'document-jobs-batch' };

describe('the start banner', () => {
  it('prints the API, its reference, the studio, the metrics, Temporal and the embedded Postgres', () => {
    const text = startBanner({
      apiUrl: 'http://127.0.0.1:8000',
      temporal,
      databaseUrl: 'postgres://postgres:s3cr%2Bt@127.0.0.1:54329/docextract',
      embeddedPostgres: { dataDir: '/srv/d/postgres', passwordFile: '/srv/d/postgres.password' },
    });
    expect(text).toMatch(/^ {2}API {15}http:\/\/127\.0\.0\.1:8000 {3}\(OpenAPI: http:\/\/127\.0\.0\.1:8000\/openapi\.yaml\)$/m);
    expect(text).toMatch(/^ {2}API reference {5}http:\/\/127\.0\.0\.1:8000\/docs$/m);
    expect(text).toMatch(/^ {2}Studio {12}http:\/\/127\.0\.0\.1:8000\/studio$/m);
    expect(text).toMatch(/^ {2}Metrics {11}http:\/\/127\.0\.0\.1:8000\/metrics$/m);
    expect(text).toMatch(/^ {2}Temporal Web UI {3}http:\/\/127\.0\.0\.1:8233$/m);
    expect(text).toContain('Temporal server   127.0.0.1:7233   namespace default, task queues document-jobs and document-jobs-batch');
    expect(text).toContain('Postgres          127.0.0.1:54329   user postgres, database docextract (embedded, data in /srv/d/postgres, password in /srv/d/postgres.password)');
    expect(text).not.toContain('s3cr');
  });

  it("shows DATABASE_URL's address, user and database, not its password", () => {
    const text = startBanner({ apiUrl: 'http://h:1', temporal: { ...temporal, uiUrl: undefined }, databaseUrl: 'postgresql://svc:pw@db.internal/docs' });
    expect(text).toContain('Postgres          db.internal:5432   user svc, database docs (DATABASE_URL)');
    expect(text).toContain('not managed here (external Temporal at 127.0.0.1:7233)');
    expect(text).not.toContain('pw');
  });
});

describe('choosePort', () => {
  it('uses a pinned port that is free, and refuses one that is taken, naming the setting', async () => {
    const port = await freePort();
    expect(await choosePort({ pinned: port, preferred: 1, server: 'embedded Postgres', setting: 'POSTGRES_PORT' })).toBe(port);
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen({ port, host: '127.0.0.1' }, resolve));
    try {
      const refused = choosePort({ pinned: port, preferred: 1, server: 'embedded Postgres', setting: 'POSTGRES_PORT' });
      await expect(refused).rejects.toBeInstanceOf(PortTakenError);
      await expect(refused).rejects.toThrow(`embedded Postgres: 127.0.0.1:${port} is already in use, and POSTGRES_PORT=${port} pins it`);
      // Without a pin, a taken preferred port moves to another free one.
      const moved = await choosePort({ preferred: port, server: 'Temporal server', setting: 'TEMPORAL_PORT' });
      expect(moved).not.toBe(port);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
