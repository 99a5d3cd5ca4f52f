import type { Knex } from 'knex';

// Issue 44 (packets).
// - Page extraction ranges: an extraction job may read only pages page_start..page_end (1-based,
//   inclusive) of its file; both null for the whole file.
// - Classifiers: definitions like extractors, with a `version` that grows with every change.
// - Classification jobs: one row per job (its classifier's snapshot, mode, range), one row per page
//   answer (stored as it arrives, so a worker crash never asks a finished page again), and the
//   link from a routed extraction job to the classification job that routed it.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extraction_jobs', (t) => {
    t.integer('page_start');
    t.integer('page_end');
  });
  await knex.raw('ALTER TABLE extraction_jobs ADD CONSTRAINT extraction_jobs_page_range CHECK ((page_start IS NULL) = (page_end IS NULL) AND (page_start IS NULL OR (page_start >= 1 AND page_end >= page_start)))');

  await knex.schema.createTable('classifiers', (t) => {
    t.text('id').primary();
    t.text('name').notNullable().unique();
    t.text('display_name').notNullable();
    t.text('instructions').notNullable().defaultTo('');
    // [{name, description, extractor_name}] in the order given; `other` is implicit.
    t.jsonb('classes').notNullable();
    t.text('provider_name').notNullable();
    t.text('model').notNullable();
    t.double('review_threshold');
    t.integer('version').notNullable().defaultTo(1);
    t.text('source').notNullable().defaultTo('user');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at', 'id']);
  });

  await knex.schema.createTable('classification_jobs', (t) => {
    t.text('id').primary();
    t.text('classifier_id').notNullable().references('id').inTable('classifiers').onDelete('RESTRICT');
    t.jsonb('classifier_snapshot').notNullable();
    t.text('file_id').references('id').inTable('files').onDelete('RESTRICT');
    t.text('source_text');
    t.text('mode').notNullable(); // document | split
    t.boolean('route').notNullable().defaultTo(false);
    t.integer('page_start');
    t.integer('page_end');
    t.text('status').notNullable();
    t.jsonb('result');
    t.jsonb('error');
    t.jsonb('usage');
    t.text('provider_name_used');
    t.text('model_used');
    t.integer('pages_total');
    t.jsonb('review');
    t.text('batch_id').references('id').inTable('batches').onDelete('CASCADE');
    t.text('custom_id');
    t.integer('batch_index');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.index(['created_at', 'id']);
  });
  await knex.raw('ALTER TABLE classification_jobs ADD CONSTRAINT classification_jobs_one_input CHECK ((file_id IS NULL) <> (source_text IS NULL))');

  // One answer per page, written as it arrives (file page numbers).
  await knex.schema.createTable('classification_pages', (t) => {
    t.text('job_id').notNullable().references('id').inTable('classification_jobs').onDelete('CASCADE');
    t.integer('page').notNullable();
    t.text('class').notNullable();
    t.boolean('starts_document').notNullable();
    t.double('confidence');
    t.jsonb('usage');
    t.primary(['job_id', 'page']);
  });

  // Review decisions on a classification job's split, in order.
  await knex.schema.createTable('classification_review_events', (t) => {
    t.bigIncrements('seq').primary();
    t.text('job_id').notNullable().references('id').inTable('classification_jobs').onDelete('CASCADE');
    t.timestamp('at', { useTz: true }).notNullable();
    t.text('action').notNullable(); // correct | approve | reject
    t.jsonb('segments_before');
    t.jsonb('segments_after');
    t.text('actor');
    t.index(['job_id', 'seq']);
  });

  // A routed extraction job names its classification job; deleting that job deletes what it routed.
  await knex.schema.alterTable('extraction_jobs', (t) => {
    t.text('classification_job_id').references('id').inTable('classification_jobs').onDelete('SET NULL');
    t.index(['classification_job_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extraction_jobs', (t) => t.dropColumn('classification_job_id'));
  await knex.schema.dropTableIfExists('classification_review_events');
  await knex.schema.dropTableIfExists('classification_pages');
  await knex.schema.dropTableIfExists('classification_jobs');
  await knex.schema.dropTableIfExists('classifiers');
  await knex.raw('ALTER TABLE extraction_jobs DROP CONSTRAINT IF EXISTS extraction_jobs_page_range');
  await knex.schema.alterTable('extraction_jobs', (t) => {
    t.dropColumn('page_end');
    t.dropColumn('page_start');
  });
}
