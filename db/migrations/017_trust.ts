import type { Knex } from 'knex';

// Issue 40 (the trust loop):
// - extractors.version: 1 on creation, one more with every change of the definition (jobs and
//   evaluation runs keep it in their snapshot, so `apply` and promotion can see that it moved);
// - extractors.review_thresholds: field path (with `*` for array indices) → threshold, or null;
// - the schema a user writes keeps its property order wherever it is shown (the batch CSV's
//   columns, the studio, every response): `jsonb` reorders object keys, `json` keeps the text as
//   written, so the extractor's schema and the snapshots jobs and runs keep of it become `json`.
//   Nothing queries inside them but `->>'name'`, which `json` has too.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extractors', (t) => {
    t.integer('version').notNullable().defaultTo(1);
    t.jsonb('review_thresholds');
  });
  await knex.raw('ALTER TABLE extractors ALTER COLUMN schema TYPE json USING schema::json');
  await knex.raw('ALTER TABLE extraction_jobs ALTER COLUMN extractor_snapshot TYPE json USING extractor_snapshot::json');
  await knex.raw('ALTER TABLE evaluation_runs ALTER COLUMN extractor_snapshot TYPE json USING extractor_snapshot::json');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE evaluation_runs ALTER COLUMN extractor_snapshot TYPE jsonb USING extractor_snapshot::jsonb');
  await knex.raw('ALTER TABLE extraction_jobs ALTER COLUMN extractor_snapshot TYPE jsonb USING extractor_snapshot::jsonb');
  await knex.raw('ALTER TABLE extractors ALTER COLUMN schema TYPE jsonb USING schema::jsonb');
  await knex.schema.alterTable('extractors', (t) => {
    t.dropColumn('review_thresholds');
    t.dropColumn('version');
  });
}
