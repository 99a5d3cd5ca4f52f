import type { Knex } from 'knex';

// Issue 44, deliver 6: evaluation of classifiers. An item holds either `expected_output` (for
// extractor runs) or `expected_segments` (for classifier runs); a run measures either an extractor
// or a classifier, each item running as an extraction job or as a classification job (split mode).

export async function up(knex: Knex): Promise<void> {
  for (const table of ['evaluation_items', 'evaluation_run_items']) {
    await knex.schema.alterTable(table, (t) => {
      t.jsonb('expected_output').nullable().alter();
      t.jsonb('expected_segments');
    });
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_one_expectation CHECK ((expected_output IS NULL) <> (expected_segments IS NULL))`);
  }

  await knex.schema.alterTable('evaluation_runs', (t) => {
    t.text('extractor_id').nullable().alter();
    t.jsonb('extractor_snapshot').nullable().alter();
    // A classifier with runs cannot be deleted, as an extractor with runs cannot.
    t.text('classifier_id').references('id').inTable('classifiers').onDelete('RESTRICT');
    t.jsonb('classifier_snapshot');
  });
  await knex.raw('ALTER TABLE evaluation_runs ADD CONSTRAINT evaluation_runs_one_definition CHECK ((extractor_id IS NULL) <> (classifier_id IS NULL))');

  // A classifier run's item jobs go with the run, as an extractor run's do.
  await knex.schema.alterTable('classification_jobs', (t) => {
    t.text('evaluation_run_id').references('id').inTable('evaluation_runs').onDelete('CASCADE');
    t.index(['evaluation_run_id']);
  });
  await knex.schema.alterTable('evaluation_run_items', (t) => {
    t.text('classification_job_id').references('id').inTable('classification_jobs').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('evaluation_run_items', (t) => t.dropColumn('classification_job_id'));
  await knex.schema.alterTable('classification_jobs', (t) => t.dropColumn('evaluation_run_id'));
  await knex('evaluation_runs').whereNotNull('classifier_id').delete();
  await knex.raw('ALTER TABLE evaluation_runs DROP CONSTRAINT IF EXISTS evaluation_runs_one_definition');
  await knex.schema.alterTable('evaluation_runs', (t) => {
    t.dropColumn('classifier_snapshot');
    t.dropColumn('classifier_id');
  });
  for (const table of ['evaluation_run_items', 'evaluation_items']) {
    await knex(table).whereNull('expected_output').delete();
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_one_expectation`);
    await knex.schema.alterTable(table, (t) => t.dropColumn('expected_segments'));
  }
}
