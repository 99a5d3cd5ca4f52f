import type { Knex } from 'knex';

// Issue 40 (the trust loop):
// - extractors.version: 1 on creation, one more with every change of the definition (jobs and
//   evaluation runs keep it in their snapshot, so `apply` and promotion can see that it moved);
// - extractors.review_thresholds: field path (with `*` for array indices) → threshold, or null.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extractors', (t) => {
    t.integer('version').notNullable().defaultTo(1);
    t.jsonb('review_thresholds');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extractors', (t) => {
    t.dropColumn('review_thresholds');
    t.dropColumn('version');
  });
}
