import type { Knex } from 'knex';

// Issue 34: evaluation sets (documents with known right answers), evaluation runs (an extractor
// snapshot run over a set, one ordinary extraction job per item) and the link from jobs to runs.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('evaluation_sets', (t) => {
    t.text('id').primary();
    t.text('name').notNullable().unique();
    t.text('display_name').notNullable();
    t.text('description');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at', 'id']);
  });

  // An item's file is protected like a job's: the file cannot be deleted while an item uses it.
  await knex.schema.createTable('evaluation_items', (t) => {
    t.text('id').primary();
    t.text('set_id').notNullable().references('id').inTable('evaluation_sets').onDelete('CASCADE');
    t.text('file_id').references('id').inTable('files').onDelete('RESTRICT');
    t.text('source_text');
    t.jsonb('expected_output').notNullable();
    t.text('note');
    /** The reviewed job the item was made from (`from_job_id`); the job may be deleted later. */
    t.text('source_job_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['set_id', 'created_at', 'id']);
  });
  await knex.raw('ALTER TABLE evaluation_items ADD CONSTRAINT evaluation_items_one_input CHECK ((file_id IS NULL) <> (source_text IS NULL))');

  // A set with runs cannot be deleted (409 evaluation_set_in_use); nor can the extractor of a run.
  await knex.schema.createTable('evaluation_runs', (t) => {
    t.text('id').primary();
    t.text('set_id').notNullable().references('id').inTable('evaluation_sets').onDelete('RESTRICT');
    t.text('extractor_id').notNullable().references('id').inTable('extractors').onDelete('RESTRICT');
    t.jsonb('extractor_snapshot').notNullable();
    t.jsonb('options').notNullable();
    t.text('status').notNullable();
    t.jsonb('report');
    t.jsonb('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.index(['created_at', 'id']);
    t.index(['set_id']);
  });

  // The set's items as they were when the run was created (later edits never change a run), the
  // job each one ran as, and its judged leaves once scored (what comparisons read).
  await knex.schema.createTable('evaluation_run_items', (t) => {
    t.text('run_id').notNullable().references('id').inTable('evaluation_runs').onDelete('CASCADE');
    t.text('item_id').notNullable();
    t.integer('position').notNullable();
    t.text('file_id').references('id').inTable('files').onDelete('RESTRICT');
    t.text('source_text');
    t.jsonb('expected_output').notNullable();
    t.text('job_id');
    t.jsonb('scored_leaves');
    t.primary(['run_id', 'item_id']);
    t.unique(['run_id', 'position']);
  });

  await knex.schema.alterTable('extraction_jobs', (t) => {
    // A run's jobs go with it when the run is deleted.
    t.text('evaluation_run_id').references('id').inTable('evaluation_runs').onDelete('CASCADE');
    t.index(['evaluation_run_id']);
  });
  await knex.schema.alterTable('evaluation_run_items', (t) => {
    t.foreign('job_id').references('id').inTable('extraction_jobs').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extraction_jobs', (t) => {
    t.dropColumn('evaluation_run_id');
  });
  for (const table of ['evaluation_run_items', 'evaluation_runs', 'evaluation_items', 'evaluation_sets']) {
    await knex.schema.dropTableIfExists(table);
  }
}
