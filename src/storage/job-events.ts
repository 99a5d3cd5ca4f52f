// Job change notifications for the API process: ONE Postgres connection per process LISTENs on
// channel `job_events` (announced by triggers on the job tables, see db/migrations/006_…), and
// fans each notification out to the requests waiting on that job. A waiting request holds no
// database connection: it re-reads the job only when its job changed.
import pg from 'pg';
import type { Logger } from '../logging.js';

export const JOB_EVENTS_CHANNEL = 'job_events';
/** application_name of the listening connection, to find it in pg_stat_activity. */
export const JOB_EVENTS_APPLICATION = 'docextract-job-events';

/** What happened to a job: its new status, 'progress', 'deleted', or 'resync' after a reconnect (events may have been missed). */
export type JobEvent = string;
type Listener = (event: JobEvent) => void;

export class JobEvents {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** True once the API is shutting down: waits answer at once, streams end. */
  get closing(): boolean {
    return this.closed;
  }

  /**
   * Call `listener` on every event of `jobId` until the returned function is called. Resolves once
   * the LISTEN is in place, so a change committed after this resolves is never missed.
   */
  async subscribe(jobId: string, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(jobId);
    if (!set) this.listeners.set(jobId, (set = new Set()));
    set.add(listener);
    const unsubscribe = () => {
      const current = this.listeners.get(jobId);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(jobId);
    };
    if (this.closed) {
      queueMicrotask(() => listener('shutdown'));
      return unsubscribe;
    }
    try {
      await this.listen();
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  /** Number of requests currently waiting (for tests and logs). */
  get waiting(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  /** Wake every waiter with 'shutdown' and refuse to wait from now on; the connection stays until close(). */
  shutdown(): void {
    this.closed = true;
    for (const [, set] of this.listeners) for (const fn of [...set]) fn('shutdown');
  }

  async close(): Promise<void> {
    this.shutdown();
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private listen(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: JOB_EVENTS_APPLICATION });
    client.on('notification', (msg) => {
      if (msg.channel !== JOB_EVENTS_CHANNEL || !msg.payload) return;
      const space = msg.payload.indexOf(' ');
      const jobId = space < 0 ? msg.payload : msg.payload.slice(0, space);
      const event = space < 0 ? '' : msg.payload.slice(space + 1);
      for (const fn of [...(this.listeners.get(jobId) ?? [])]) fn(event);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      if (this.closed) return;
      this.logger.warn({ err: err?.message }, 'job events connection lost; reconnecting');
      void this.reconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${JOB_EVENTS_CHANNEL}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('shutting down');
    }
    this.client = client;
    return client;
  }

  /** Reconnect while anyone waits; then tell every waiter to re-read (notifications may have been missed). */
  private async reconnect(): Promise<void> {
    for (let delay = 250; !this.closed && this.listeners.size > 0; delay = Math.min(delay * 2, 5000)) {
      try {
        await this.listen();
        for (const [, set] of this.listeners) for (const fn of [...set]) fn('resync');
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
