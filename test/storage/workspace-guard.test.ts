// Scoping that cannot be forgotten (issue 48, deliverable 7), on a real database: inside a
// workspace, the scoping proxy's queries pass, and a query without scope (a join, a union, raw SQL,
// a from() the proxy never saw) fails before it reaches Postgres; inside outsideWorkspace, or with
// no workspace at all, the same statements run.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDb, type Db } from '../../src/storage/db.js';
import { inWorkspace, outsideWorkspace, workspaceScopedDb } from '../../src/storage/workspace-scope.js';
import { UnscopedWorkspaceQueryError, installWorkspaceGuard } from '../../src/storage/workspace-guard.js';
import { DEFAULT_WORKSPACE_ID } from '../../src/storage/workspace-ids.js';
import { readHarnessInfo } from '../harness/harness-info.js';

describe('the guard on a real database', () => {
  let db: Db;

  beforeAll(() => {
    db = createDb(readHarnessInfo().databaseUrl, 2);
    installWorkspaceGuard(db);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  const scoped = () => workspaceScopedDb(db);

  it('lets the scoping proxy\'s queries through, in a workspace', async () => {
    await inWorkspace(DEFAULT_WORKSPACE_ID, async () => {
      await expect(scoped()('files').select('id')).resolves.toEqual(expect.any(Array));
      await expect(scoped()('extractors').where({ name: 'receipt' }).first('name')).resolves.toEqual({ name: 'receipt' });
      await expect(scoped().transaction(async (trx) => trx('batches').count('* as n'))).resolves.toEqual([{ n: expect.anything() }]);
    });
  });

  it('fails a query without scope: a join, a union, raw SQL, a from() the proxy never saw', async () => {
    await inWorkspace(DEFAULT_WORKSPACE_ID, async () => {
      // The proxy scopes the first table only: here that is `workspaces`, and `files` is joined unscoped.
      const join = scoped()('workspaces').join('files', 'files.filename', 'workspaces.name').select('files.id');
      await expect(join).rejects.toThrow(UnscopedWorkspaceQueryError);
      const union = scoped()('extractors').distinct('provider_name').union((q) => q.from('parsers').distinct('provider_name'));
      await expect(union).rejects.toThrow(/parsers without a workspace_id predicate/);
      await expect(scoped().raw('select count(*) from files')).rejects.toThrow(UnscopedWorkspaceQueryError);
      await expect(scoped().select('id').from('batches')).rejects.toThrow(UnscopedWorkspaceQueryError);
      await expect(scoped().transaction(async (trx) => trx.raw('delete from webhook_endpoints'))).rejects.toThrow(UnscopedWorkspaceQueryError);
    });
  });

  it('runs the same statements inside outsideWorkspace, and outside any workspace', async () => {
    await inWorkspace(DEFAULT_WORKSPACE_ID, async () => {
      // Knex builders run when awaited: the await belongs inside outsideWorkspace.
      await expect(outsideWorkspace(async () => await scoped().raw('select count(*)::int as n from files'))).resolves.toMatchObject({ rows: [{ n: expect.any(Number) }] });
      await expect(outsideWorkspace(async () => await scoped()('extractors').distinct('provider_name').union((q) => q.from('parsers').distinct('provider_name')))).resolves.toEqual(
        expect.arrayContaining([{ provider_name: expect.any(String) }]),
      );
    });
    await expect(db.raw('select count(*)::int as n from files')).resolves.toMatchObject({ rows: [{ n: expect.any(Number) }] });
  });
});
