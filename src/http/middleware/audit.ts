import type { Middleware } from 'koa';
import { recordAudit } from '../../domain/workspaces.js';
import type { Db } from '../../storage/db.js';

// The audit trail (issue 42): definition changes, deletions and review decisions, appended after
// they succeed, with who made them (the key's label), when, and the request id. Key issuance and
// revocation are recorded by the workspace routes themselves.

interface Rule {
  methods: readonly string[];
  path: RegExp;
  resourceType: (m: RegExpExecArray) => string;
  action: (method: string, status: number, m: RegExpExecArray) => string;
}

const DEFINITION = /^\/v1\/(extractors|parsers|classifiers|webhook-endpoints|evaluation-sets)(?:\/([^/]+))?(\/items(?:\/[^/]+)?|\/candidates\/[^/]+\/promote|\/rotate-secret)?\/?$/i;
const REVIEW = /^\/v1\/(extraction-jobs|classification-jobs)\/([^/]+)\/review(?:\/(approve|reject))?\/?$/i;
const DELETION = /^\/v1\/([a-z-]+)\/([^/]+)(?:\/[a-z-]+\/([^/]+))?\/?$/i;

const singular = (collection: string) => collection.toLowerCase().replace(/-/g, '_').replace(/ies$/, 'y').replace(/s$/, '');

const RULES: readonly Rule[] = [
  {
    methods: ['PATCH', 'POST'],
    path: REVIEW,
    resourceType: (m) => singular(m[1]!),
    action: (_method, _status, m) => `review.${m[3] ?? 'decided'}`,
  },
  {
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    path: DEFINITION,
    resourceType: (m) => singular(m[1]!) + (m[3]?.startsWith('/items') ? '_item' : ''),
    action: (method, status, m) => {
      const what = m[3]?.includes('promote') ? 'promoted' : method === 'DELETE' ? 'deleted' : status === 201 ? 'created' : 'changed';
      return `definition.${what}`;
    },
  },
  {
    methods: ['DELETE'],
    path: DELETION,
    resourceType: (m) => singular(m[1]!),
    action: () => 'resource.deleted',
  },
];

/** After a change succeeds in a workspace, append its audit event (an audit failure is logged, not answered). */
export function auditTrail(db: Db): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.status >= 300) return;
    const workspace = ctx.state.workspace;
    if (!workspace || /^\/v1\/workspaces(?:$|\/)/i.test(ctx.path)) return;
    for (const rule of RULES) {
      if (!rule.methods.includes(ctx.method)) continue;
      const m = rule.path.exec(ctx.path);
      if (!m) continue;
      const body = ctx.body as { id?: unknown } | undefined;
      const resourceId = m[3] && !m[3].startsWith('/') ? m[3] : (m[2] ?? (body && typeof body.id === 'string' ? body.id : null));
      await recordAudit(db, {
        workspaceId: workspace.id,
        action: rule.action(ctx.method, ctx.status, m),
        resourceType: rule.resourceType(m),
        resourceId,
        actor: typeof ctx.state.tokenLabel === 'string' ? ctx.state.tokenLabel : 'anonymous',
        requestId: ctx.state.requestId ?? null,
        detail: { method: ctx.method, path: ctx.path, status: ctx.status },
      }).catch((err: unknown) => ctx.state.log?.error({ err }, 'could not append an audit event'));
      return;
    }
  };
}
