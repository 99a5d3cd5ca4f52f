import type { Knex } from 'knex';

// Issue 40, item 5 (the release gate):
// - extractors.evaluation_set: the name of the set a candidate change is measured on, or null;
// - extractor_candidates: a proposed partial update of an extractor, run on that set and compared
//   with a completed run of the version it was made from, by one durable workflow (workflow id =
//   candidate id); promotion applies the changes as a new version.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extractors', (t) => {
    t.text('evaluation_set');
  });
  await knex.schema.createTable('extractor_candidates', (t) => {
    t.text('id').primary();
    t.text('extractor_id').notNullable().references('id').inTable('extractors').onDelete('CASCADE');
    /** The extractor's version when the candidate was made: promotion needs it unchanged. */
    t.integer('base_version').notNullable();
    /** The PATCH fields, as validated. */
    t.jsonb('changes').notNullable();
    /** The changed definition the candidate run evaluates (with version base_version + 1). */
    t.json('candidate_snapshot').notNullable();
    t.text('set_id').notNullable().references('id').inTable('evaluation_sets').onDelete('RESTRICT');
    t.text('status').notNullable();
    t.text('baseline_run_id').references('id').inTable('evaluation_runs').onDelete('SET NULL');
    t.text('candidate_run_id').references('id').inTable('evaluation_runs').onDelete('SET NULL');
    t.jsonb('comparison');
    t.jsonb('error');
    t.integer('promoted_version');
    t.boolean('promotion_forced');
    t.timestamp('promoted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.index(['extractor_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('extractor_candidates');
  await knex.schema.alterTable('extractors', (t) => t.dropColumn('evaluation_set'));
}
