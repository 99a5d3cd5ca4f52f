import type { Knex } from 'knex';
import { scope } from './workspace-context.js';
import { WORKSPACE_TABLES } from './workspace-scope.js';

// Scoping that cannot be forgotten (issue 48). The scoping proxy (workspace-scope.ts) limits the
// first table of `db('<table>')`; a join, union, sub-select, `from` or raw SQL is not seen by it. The
// guard looks at every statement as Postgres will get it: inside a workspace (a request, or an
// activity run as its workflow's workspace), each part of a statement (each SELECT of a UNION) that
// reaches a workspace's table (FROM, JOIN, UPDATE, INSERT INTO) must scope one of them with
// `workspace_id` (a predicate, or an inserted column), or the statement fails before it is sent.
// Tables joined to the scoped one are reached through its rows; a sub-select is not checked apart. A question that is deliberately deployment-wide runs inside
// `outsideWorkspace(...)`. SERVICE_WORKSPACE_GUARD turns it on (the test harness does; production
// may too: it costs a few regular expressions per statement).
// Not covered: statements with no workspace at all (start-up recovery, retention, the worker's
// bookkeeping by id) are not checked, since they are outside every workspace by design.

export class UnscopedWorkspaceQueryError extends Error {
  override readonly name = 'UnscopedWorkspaceQueryError';
}

const KEYWORDS = new Set([
  'where', 'on', 'set', 'inner', 'left', 'right', 'full', 'cross', 'join', 'group', 'order', 'limit', 'offset', 'returning',
  'union', 'values', 'using', 'for', 'natural', 'lateral', 'having', 'window', 'as', 'select', 'default', 'except', 'intersect',
]);

// FROM/JOIN/UPDATE/INTO, then a table (quoted or not, maybe schema-qualified), then an alias.
const REFERENCE = /\b(?:from|join|update|into)\s+(?:"?public"?\.)?("?)([a-z_][a-z0-9_]*)\1(?:\s+(?:as\s+)?("?)([a-z_][a-z0-9_]*)\3)?/gi;

interface Reference {
  table: string;
  alias: string;
}

/**
 * The workspace tables of each part of a statement (a SELECT of a UNION, INTERSECT or EXCEPT is a
 * part of its own) that reaches workspace tables with none of them scoped (pure). Within a part, one
 * scoped reference is enough: the others are joined to its rows (by id), which are the workspace's.
 */
export function unscopedWorkspaceReferences(sql: string, tables: ReadonlySet<string> = WORKSPACE_TABLES): Reference[] {
  const missing: Reference[] = [];
  for (const part of sql.split(/\b(?:union|intersect|except)(?:\s+all)?\b/i)) {
    const refs = referencesIn(part, tables);
    if (refs.length > 0 && !refs.some((r) => scopedIn(part, r))) missing.push(...refs);
  }
  return missing;
}

function referencesIn(sql: string, tables: ReadonlySet<string>): Reference[] {
  const refs: Reference[] = [];
  for (const m of sql.matchAll(REFERENCE)) {
    const table = m[2]!.toLowerCase();
    if (!tables.has(table)) continue;
    const alias = m[4] && !KEYWORDS.has(m[4].toLowerCase()) ? m[4] : table;
    refs.push({ table, alias });
  }
  return refs;
}

/** `"alias"."workspace_id"`, `alias.workspace_id`, or an unqualified `workspace_id` (one table, an INSERT's columns). */
function scopedIn(sql: string, ref: Reference): boolean {
  const lower = sql.toLowerCase();
  const a = ref.alias.toLowerCase();
  if (lower.includes(`"${a}"."workspace_id"`) || new RegExp(`(^|[^a-z0-9_"])${a}\\.workspace_id\\b`).test(lower)) return true;
  return /(^|[^."a-z0-9_])"?workspace_id"?/.test(lower.replace(/"?[a-z_][a-z0-9_]*"?\."?workspace_id"?/g, ''));
}

/** The configurations of guarded Dbs: a transaction's client is made anew from the client's class, sharing only its config. */
const guardedConfigs = new WeakSet<object>();
const patchedPrototypes = new WeakSet<object>();

/**
 * Checks every statement this Db (and its transactions) sends while a workspace is current. Knex
 * runs each statement through `client.query(connection, {sql, bindings})`; a transaction's client
 * is created from the client's class (not the instance) with the same `config`, so the class's
 * `query` is wrapped once and checks the clients whose config is guarded.
 */
export function installWorkspaceGuard(db: Knex): void {
  const client = db.client as { config: object };
  guardedConfigs.add(client.config);
  const proto = Object.getPrototypeOf(client) as { query: (this: { config?: object }, connection: unknown, obj: unknown) => Promise<unknown> };
  if (patchedPrototypes.has(proto)) return;
  patchedPrototypes.add(proto);
  const query = proto.query;
  proto.query = function guardedQuery(connection: unknown, obj: unknown) {
    const workspaceId = scope.getStore();
    if (workspaceId && this.config && guardedConfigs.has(this.config)) {
      const sql = typeof obj === 'string' ? obj : (obj as { sql?: unknown } | undefined)?.sql;
      const missing = typeof sql === 'string' ? unscopedWorkspaceReferences(sql) : [];
      if (missing.length > 0) {
        const names = missing.map((r) => (r.alias === r.table ? r.table : `${r.table} as ${r.alias}`)).join(', ');
        return Promise.reject(
          new UnscopedWorkspaceQueryError(
            `A statement in workspace ${workspaceId} reads or writes ${names} without a workspace_id predicate (scope it, or wrap a deployment-wide question in outsideWorkspace): ${String(sql).slice(0, 300)}`,
          ),
        );
      }
    }
    return query.call(this, connection, obj);
  };
}
