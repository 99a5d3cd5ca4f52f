// What `npm start` prints once everything listens (docs/npm-start.md lists the same addresses).

export interface BannerInfo {
  apiUrl: string;
  temporal: { address: string; uiUrl?: string; namespace: string; taskQueue: string; batchTaskQueue: string };
  /** The database URL the service uses (its password is never printed). */
  databaseUrl: string;
  /** Set for the embedded cluster: where its data and its password file are. */
  embeddedPostgres?: { dataDir: string; passwordFile: string };
}

/** host:port, user and database of a Postgres URL, without its password. */
export function postgresAddress(url: string): { address: string; user: string; database: string } {
  const u = new URL(url);
  return {
    address: `${u.hostname}:${u.port || '5432'}`,
    user: decodeURIComponent(u.username) || '(default)',
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || '(default)',
  };
}

export function startBanner(info: BannerInfo): string {
  const pg = postgresAddress(info.databaseUrl);
  const t = info.temporal;
  const where = info.embeddedPostgres
    ? `embedded, data in ${info.embeddedPostgres.dataDir}, password in ${info.embeddedPostgres.passwordFile}`
    : 'DATABASE_URL';
  return [
    '',
    `  API               ${info.apiUrl}   (OpenAPI: ${info.apiUrl}/openapi.yaml)`,
    `  API reference     ${info.apiUrl}/docs`,
    `  Studio            ${info.apiUrl}/studio`,
    `  Metrics           ${info.apiUrl}/metrics`,
    `  Temporal Web UI   ${t.uiUrl ?? `not managed here (external Temporal at ${t.address})`}`,
    `  Temporal server   ${t.address}   namespace ${t.namespace}, task queues ${t.taskQueue} and ${t.batchTaskQueue}`,
    `  Postgres          ${pg.address}   user ${pg.user}, database ${pg.database} (${where})`,
    '',
    '  Press Ctrl-C to stop.',
    '',
  ].join('\n');
}
