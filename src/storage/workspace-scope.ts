import { scope } from './workspace-context.js';
import type { Knex } from 'knex';
import type { Db } from './db.js';
import { JOB_TABLE_NAMES, REVIEW_EVENT_TABLE_NAMES } from './jobs/tables.js';

// Isolation between workspaces in one place (issue 42). A request runs inside `inWorkspace(id)`;
// the API's Db is wrapped by `workspaceScopedDb`, which, for every query started on a table whose
// rows belong to a workspace, adds `<table>.workspace_id = <current>` (reads, updates, deletes) and
// sets `workspace_id` on inserted rows. Another workspace's row is then simply not there: the same
// 404 as a missing id, with no second query whose timing could tell them apart. Prebuilt
// definitions are visible to every workspace (read-only: their own code refuses changes).
// Outside a workspace (the worker, start-up recovery, retention) queries are not scoped: the
// worker acts on rows by id and carries the row's own workspace_id onto what it creates.

export { currentWorkspaceId, inWorkspace, outsideWorkspace } from './workspace-context.js';

/** Tables whose rows carry workspace_id (db/migrations/023_workspaces.ts). */
export const WORKSPACE_TABLES: ReadonlySet<string> = new Set([
  'files',
  'direct_uploads',
  'extractors',
  'parsers',
  'classifiers',
  ...JOB_TABLE_NAMES,
  'batches',
  'evaluation_sets',
  'evaluation_items',
  'evaluation_runs',
  'evaluation_run_items',
  'extractor_candidates',
  ...REVIEW_EVENT_TABLE_NAMES,
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_events',
  'idempotency_keys',
]);

/** Definitions: a workspace also sees the prebuilt ones (source = 'prebuilt'). */
const DEFINITION_TABLES: ReadonlySet<string> = new Set(['extractors', 'parsers', 'classifiers']);

/** `files`, `files as f` → the table and the name its columns go by in the query. */
function tableOf(arg: unknown): { table: string; alias: string } | undefined {
  if (typeof arg !== 'string') return undefined;
  const m = /^\s*([a-z_]+)(?:\s+as\s+([a-z_]+))?\s*$/i.exec(arg);
  return m ? { table: m[1]!, alias: m[2] ?? m[1]! } : undefined;
}

function withWorkspace(values: unknown, workspaceId: string): unknown {
  const add = (row: unknown) => (row && typeof row === 'object' && !('workspace_id' in row) ? { ...row, workspace_id: workspaceId } : row);
  return Array.isArray(values) ? values.map(add) : add(values);
}

function scopeBuilder(builder: Knex.QueryBuilder, tableArg: unknown, workspaceId: string): Knex.QueryBuilder {
  const t = tableOf(tableArg);
  if (!t || !WORKSPACE_TABLES.has(t.table)) return builder;
  const column = `${t.alias}.workspace_id`;
  if (DEFINITION_TABLES.has(t.table)) {
    builder.where((q) => q.where(column, workspaceId).orWhere(`${t.alias}.source`, 'prebuilt'));
  } else {
    builder.where(column, workspaceId);
  }
  // Knex leaves a builder's where clauses out of a plain INSERT; the row gets the workspace instead.
  const insert = builder.insert.bind(builder) as (...args: unknown[]) => Knex.QueryBuilder;
  (builder as any).insert = (values: unknown, ...rest: unknown[]) => insert(withWorkspace(values, workspaceId), ...rest);
  return builder;
}

const wrapped = new WeakMap<object, Db>();

/** The Db (or an open transaction) whose queries are limited to the current workspace, if any. */
export function workspaceScopedDb<T extends Db | Knex.Transaction>(db: T): T {
  const known = wrapped.get(db);
  if (known) return known as T;
  const proxy = new Proxy(db, {
    apply(target, thisArg, args: unknown[]) {
      const builder = Reflect.apply(target as any, thisArg, args) as Knex.QueryBuilder;
      const workspaceId = scope.getStore();
      return workspaceId ? scopeBuilder(builder, args[0], workspaceId) : builder;
    },
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'transaction' && typeof value === 'function') return scopedTransaction(target, value as (...args: any[]) => any);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  wrapped.set(db, proxy as Db);
  return proxy;
}

/** `transaction(cb)` and `transaction()`: the transaction handed out is scoped as its Db. */
function scopedTransaction(target: object, transaction: (...args: any[]) => any) {
  return (...args: any[]) => {
    if (typeof args[0] === 'function') {
      const cb = args[0] as (trx: Knex.Transaction) => unknown;
      return transaction.call(target, (trx: Knex.Transaction) => cb(workspaceScopedDb(trx)), ...args.slice(1));
    }
    const result = transaction.apply(target, args);
    return result && typeof result.then === 'function' ? result.then((trx: Knex.Transaction) => workspaceScopedDb(trx)) : result;
  };
}
