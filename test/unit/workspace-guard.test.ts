// Scoping that cannot be forgotten (issue 48, deliverable 7): inside a workspace, a statement that
// names a workspace's table without that reference's workspace_id fails before it reaches Postgres;
// the same statement inside outsideWorkspace runs. Here the SQL reader; test/storage/workspace-guard.test.ts
// runs the guard on a real database.
import { describe, expect, it } from '@jest/globals';
import { unscopedWorkspaceReferences } from '../../src/storage/workspace-guard.js';

const names = (sql: string) => unscopedWorkspaceReferences(sql).map((r) => `${r.table}/${r.alias}`);

describe('unscopedWorkspaceReferences', () => {
  it('passes statements whose every workspace table has its workspace_id', () => {
    expect(names('select * from "files" where "files"."workspace_id" = $1 and "id" = $2')).toEqual([]);
    expect(names('select * from "files" where "workspace_id" = $1')).toEqual([]);
    expect(names('insert into "files" ("id", "workspace_id") values ($1, $2)')).toEqual([]);
    expect(names('update "batches" set "status" = $1 where "batches"."workspace_id" = $2')).toEqual([]);
    expect(names('select * from "files" as "f" inner join "extractors" as "e" on "e"."id" = "f"."id" where "f"."workspace_id" = $1 and "e"."workspace_id" = $1')).toEqual([]);
    expect(names('SELECT * FROM files f JOIN batches b ON b.id = f.id WHERE f.workspace_id = $1 AND b.workspace_id = $1')).toEqual([]);
    // Joined tables are reached through the scoped one's rows.
    expect(names('select "j"."id" from "extraction_jobs" as "j" left join "batches" as "b" on "b"."id" = "j"."batch_id" where "j"."workspace_id" = ?')).toEqual([]);
    // Tables that are not a workspace's are not checked.
    expect(names('select * from "workspaces" where "id" = $1')).toEqual([]);
    expect(names('select * from "providers"')).toEqual([]);
  });

  it('names each workspace table a statement reaches without its workspace_id', () => {
    expect(names('select * from "files" where "id" = $1')).toEqual(['files/files']);
    expect(names('delete from "webhook_endpoints" where "id" = $1')).toEqual(['webhook_endpoints/webhook_endpoints']);
    // A join with no table scoped.
    expect(names('select * from "files" inner join "batches" on "batches"."id" = "files"."id" where "files"."id" = $1')).toEqual(['files/files', 'batches/batches']);
    // A union: one unqualified workspace_id cannot stand for two tables.
    // A union: each SELECT is scoped on its own.
    expect(names('select distinct "provider_name" from "extractors" where "extractors"."workspace_id" = $1 union select distinct "provider_name" from "parsers"')).toEqual([
      'parsers/parsers',
    ]);
    // Raw SQL, lower case, aliased without AS.
    expect(names('select count(*) from files f where f.id = $1')).toEqual(['files/f']);
  });
});
