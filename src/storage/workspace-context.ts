import { AsyncLocalStorage } from 'node:async_hooks';

// The workspace a request or an activity acts in (issue 42), kept along its async calls; the
// scoped Db (./workspace-scope.ts) limits queries to it.

export const scope = new AsyncLocalStorage<string>();

/** Run `fn` as the given workspace: every query of the scoped Db it starts is limited to it. */
export function inWorkspace<T>(workspaceId: string, fn: () => T): T {
  return scope.run(workspaceId, fn);
}

/** Run `fn` unscoped: for the few deployment-wide questions asked inside a workspace (is any interactive job waiting?). */
export function outsideWorkspace<T>(fn: () => T): T {
  return scope.exit(fn);
}

/** The workspace the current request acts in, if any. */
export function currentWorkspaceId(): string | undefined {
  return scope.getStore();
}

