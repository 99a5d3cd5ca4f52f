import type { Knex } from 'knex';

// Issue 33: confidence of values and review of extraction jobs.
// - extractors.review_threshold: below it a value needs a human (null: no job needs review);
// - extraction_windows.confidence: JSON Pointer of every leaf of the window's answer → its
//   confidence from the model's token probabilities (null when the model gave none);
// - extraction_jobs.review: {status, revision, reviewed_data, updated_at}, null when the extractor
//   had no threshold when the job was created;
// - extraction_review_events: every review decision, append-only, in order.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extractors', (t) => {
    t.double('review_threshold');
  });
  await knex.schema.alterTable('extraction_windows', (t) => {
    t.jsonb('confidence');
  });
  await knex.schema.alterTable('extraction_jobs', (t) => {
    t.jsonb('review');
  });
  // The list's `?review_status=` filter.
  await knex.raw(`CREATE INDEX extraction_jobs_review_status ON extraction_jobs ((review->>'status'), created_at DESC, id DESC) WHERE review IS NOT NULL`);
  await knex.schema.createTable('extraction_review_events', (t) => {
    t.bigIncrements('seq').primary();
    t.text('job_id').notNullable().references('id').inTable('extraction_jobs').onDelete('CASCADE');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('action').notNullable();
    t.text('path');
    t.jsonb('value_before');
    t.jsonb('value_after');
    t.text('actor');
    t.index(['job_id', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('extraction_review_events');
  await knex.raw('DROP INDEX IF EXISTS extraction_jobs_review_status');
  await knex.schema.alterTable('extraction_jobs', (t) => t.dropColumn('review'));
  await knex.schema.alterTable('extraction_windows', (t) => t.dropColumn('confidence'));
  await knex.schema.alterTable('extractors', (t) => t.dropColumn('review_threshold'));
}
