import type { Knex } from 'knex';

// Issue 42 (workspaces): every row a user creates belongs to exactly one workspace; keys are issued
// at run time and stored as SHA-256 hashes only; an append-only audit trail. Existing rows are put
// into the `default` workspace, so an upgrade keeps every file, job and definition.
//
// Tables that only hang off one of these (file_blobs, file_renditions, parse_pages,
// classification_pages, extraction_windows, job_call_retries) are reached through their parent
// alone and carry no column of their own. Providers, provider leases and secret_key_checks are
// deployment-wide (operator-managed).

/** The `default` workspace's id: fixed, so code and tests can name it without a lookup. */
export const DEFAULT_WORKSPACE_ID = 'ws_00000000000000000000000000';

/** Every table whose rows belong to a workspace (src/storage/workspace-scope.ts scopes them). */
export const WORKSPACE_TABLES = [
  'files',
  'extractors',
  'parsers',
  'classifiers',
  'extraction_jobs',
  'parse_jobs',
  'classification_jobs',
  'batches',
  'evaluation_sets',
  'evaluation_items',
  'evaluation_runs',
  'evaluation_run_items',
  'extractor_candidates',
  'extraction_review_events',
  'classification_review_events',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_events',
  'idempotency_keys',
] as const;

// Name uniqueness becomes per workspace.
const NAMED = ['extractors', 'parsers', 'classifiers', 'evaluation_sets'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workspaces', (t) => {
    t.text('id').primary();
    t.text('name').notNullable().unique();
    t.text('display_name').notNullable();
    // null: unlimited
    t.integer('max_running_jobs');
    t.bigInteger('max_storage_bytes');
    t.integer('requests_per_minute');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('workspaces').insert({ id: DEFAULT_WORKSPACE_ID, name: 'default', display_name: 'Default' });

  await knex.schema.createTable('workspace_keys', (t) => {
    t.text('id').primary();
    t.text('workspace_id').notNullable().references('id').inTable('workspaces').onDelete('CASCADE');
    t.text('label').notNullable();
    t.text('scope').notNullable().checkIn(['admin', 'client', 'reviewer']);
    // The secret's first characters, shown to tell keys apart; never enough to use it.
    t.text('prefix').notNullable();
    // SHA-256 (hex) of the whole secret; the secret itself is never stored.
    t.text('secret_sha256').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.index(['workspace_id', 'created_at', 'id']);
  });

  await knex.schema.createTable('audit_events', (t) => {
    t.bigIncrements('seq').primary();
    t.text('workspace_id').notNullable().references('id').inTable('workspaces').onDelete('CASCADE');
    t.text('action').notNullable();
    t.text('resource_type').notNullable();
    t.text('resource_id');
    // The key's label (or `operator:<digest start>`); never a secret.
    t.text('actor').notNullable();
    t.text('request_id');
    t.jsonb('detail');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id', 'seq']);
  });
  // Append-only: rows are never changed, and removed only with their workspace.
  await knex.raw(`
    CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        RAISE EXCEPTION 'audit_events is append-only';
      END IF;
      IF NOT EXISTS (SELECT 1 FROM workspaces WHERE id = OLD.workspace_id) THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'audit_events is append-only';
    END $$;
    CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
      FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
  `);

  for (const table of WORKSPACE_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.text('workspace_id').references('id').inTable('workspaces').onDelete('CASCADE');
    });
    await knex(table).update({ workspace_id: DEFAULT_WORKSPACE_ID });
    // A row written outside any workspace (start-up recovery, operator scripts) is `default`'s, as
    // every request is with no tokens configured; the service sets it explicitly everywhere else.
    await knex.raw(`ALTER TABLE ${table} ALTER COLUMN workspace_id SET NOT NULL, ALTER COLUMN workspace_id SET DEFAULT '${DEFAULT_WORKSPACE_ID}'`);
  }
  for (const table of NAMED) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_name_unique`);
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_workspace_name_unique UNIQUE (workspace_id, name)`);
  }
  await knex.raw('ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey');
  await knex.raw('ALTER TABLE idempotency_keys ADD PRIMARY KEY (workspace_id, scope, key)');
  // Lists are per workspace, newest first.
  for (const table of ['files', 'extraction_jobs', 'parse_jobs', 'classification_jobs', 'batches', 'evaluation_runs']) {
    await knex.raw(`CREATE INDEX ${table}_workspace_created ON ${table} (workspace_id, created_at DESC, id DESC)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['files', 'extraction_jobs', 'parse_jobs', 'classification_jobs', 'batches', 'evaluation_runs']) {
    await knex.raw(`DROP INDEX IF EXISTS ${table}_workspace_created`);
  }
  await knex.raw('ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey');
  await knex.raw('ALTER TABLE idempotency_keys ADD PRIMARY KEY (scope, key)');
  for (const table of NAMED) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_workspace_name_unique`);
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_name_unique UNIQUE (name)`);
  }
  for (const table of WORKSPACE_TABLES) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('workspace_id'));
  }
  await knex.raw('DROP TRIGGER IF EXISTS audit_events_append_only ON audit_events; DROP FUNCTION IF EXISTS audit_events_append_only()');
  await knex.schema.dropTableIfExists('audit_events');
  await knex.schema.dropTableIfExists('workspace_keys');
  await knex.schema.dropTableIfExists('workspaces');
}
