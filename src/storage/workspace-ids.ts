// The `default` workspace (db/migrations/023_workspaces.ts): every row from before workspaces, and
// every request when no SERVICE_API_TOKENS are configured (the first run is unchanged).
export const DEFAULT_WORKSPACE_ID = 'ws_00000000000000000000000000';
export const DEFAULT_WORKSPACE_NAME = 'default';
