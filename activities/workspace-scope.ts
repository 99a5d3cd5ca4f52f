import type { ActivityInboundCallsInterceptor, ActivityInterceptorsFactory } from '@temporalio/worker';
import type { Context } from '@temporalio/activity';
import type { Db } from '../src/storage/db.js';
import { workspaceOfWorkflowId } from '../src/storage/jobs/workspaces.js';
import { inWorkspace } from '../src/storage/workspace-scope.js';

// Every activity runs as the workspace of the workflow it serves (issue 42): the worker's Db is
// scoped as the API's, so an activity reads only its own workspace's rows (a job of A naming a
// file of B finds no file and fails `not_found`, checked again here after job creation), finds only
// its workspace's webhook endpoints and extractors, and what it inserts belongs to that workspace.
// Workflows not of one workspace (retention) run unscoped. A workflow's workspace never changes:
// kept per workflow id (bounded).

const MAX_KEPT = 10_000;

export function workspaceOfWorkflow(db: Db): ActivityInterceptorsFactory {
  const known = new Map<string, string | null>();
  return (ctx: Context) => {
    const inbound: ActivityInboundCallsInterceptor = {
      async execute(input, next) {
        const workflowId = ctx.info.workflowExecution?.workflowId ?? '';
        let ws = known.get(workflowId);
        if (ws === undefined) {
          ws = (await workspaceOfWorkflowId(db, workflowId)) ?? null;
          // Only a found workspace is kept: a row not written yet may be found on the next attempt.
          if (ws !== null) {
            if (known.size >= MAX_KEPT) known.clear();
            known.set(workflowId, ws);
          }
        }
        return ws ? inWorkspace(ws, () => next(input)) : next(input);
      },
    };
    return { inbound };
  };
}
