import type { Knex } from 'knex';

// Issue 51 (schema suggestions): a suggestion is a durable job of its own kind (`sug_`), with the
// columns every job table has. `file_id` is the first sample file (null for texts); every sample file
// is a row of schema_suggestion_files, whose foreign key protects the files while the job exists,
// as a job's `file_id` does.

const DEFAULT_WORKSPACE_ID = 'ws_00000000000000000000000000';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('schema_suggestion_jobs', (t) => {
    t.text('id').primary();
    t.text('workspace_id').notNullable().defaultTo(DEFAULT_WORKSPACE_ID).references('id').inTable('workspaces').onDelete('CASCADE');
    t.text('file_id').references('id').inTable('files').onDelete('RESTRICT');
    t.jsonb('file_ids').notNullable();
    t.jsonb('texts');
    t.text('instructions');
    t.text('provider_name').notNullable();
    t.text('model').notNullable();
    t.text('status').notNullable();
    t.jsonb('result');
    t.jsonb('error');
    t.jsonb('usage');
    t.text('provider_name_used');
    t.text('model_used');
    t.integer('pages_total');
    // Never set: suggestions are not batch items; kept so every job table has the same columns.
    t.text('batch_id');
    t.text('custom_id');
    t.integer('batch_index');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.index(['workspace_id', 'created_at', 'id']);
  });
  await knex.schema.createTable('schema_suggestion_files', (t) => {
    t.text('job_id').notNullable().references('id').inTable('schema_suggestion_jobs').onDelete('CASCADE');
    t.text('file_id').notNullable().references('id').inTable('files').onDelete('RESTRICT');
    t.integer('position').notNullable();
    t.primary(['job_id', 'position']);
    t.index(['file_id']);
  });
  await knex.raw(`
    CREATE TRIGGER schema_suggestion_jobs_notify AFTER UPDATE OR DELETE ON schema_suggestion_jobs
      FOR EACH ROW EXECUTE FUNCTION notify_job_event();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS schema_suggestion_jobs_notify ON schema_suggestion_jobs');
  await knex.schema.dropTableIfExists('schema_suggestion_files');
  await knex.schema.dropTableIfExists('schema_suggestion_jobs');
}
