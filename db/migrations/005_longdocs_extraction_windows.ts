import type { Knex } from 'knex';

// Long documents: an extraction job's pages are extracted window by window, and each window's
// validated answer is stored as soon as it arrives, so a resumed job never asks for it again.
// `pages_total` (set when the windows are planned) gives extraction jobs a progress like parse jobs.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extraction_jobs', (t) => {
    t.integer('pages_total');
  });
  await knex.schema.createTable('extraction_windows', (t) => {
    t.text('job_id').notNullable().references('id').inTable('extraction_jobs').onDelete('CASCADE');
    t.integer('first_page').notNullable();
    t.integer('last_page').notNullable();
    t.jsonb('data').notNullable();
    t.jsonb('usage');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['job_id', 'first_page']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('extraction_windows');
  await knex.schema.alterTable('extraction_jobs', (t) => {
    t.dropColumn('pages_total');
  });
}
