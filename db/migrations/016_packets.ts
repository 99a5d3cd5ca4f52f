import type { Knex } from 'knex';

// Issue 44 (packets). Page extraction ranges: an extraction job may read only pages
// page_start..page_end (1-based, inclusive) of its file; both null for the whole file.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extraction_jobs', (t) => {
    t.integer('page_start');
    t.integer('page_end');
  });
  await knex.raw('ALTER TABLE extraction_jobs ADD CONSTRAINT extraction_jobs_page_range CHECK ((page_start IS NULL) = (page_end IS NULL) AND (page_start IS NULL OR (page_start >= 1 AND page_end >= page_start)))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE extraction_jobs DROP CONSTRAINT IF EXISTS extraction_jobs_page_range');
  await knex.schema.alterTable('extraction_jobs', (t) => {
    t.dropColumn('page_end');
    t.dropColumn('page_start');
  });
}
