import type { Knex } from 'knex';

// Issue 40 (the trust loop):
// - extractors.version: 1 on creation, one more with every change of the definition (jobs and
//   evaluation runs keep it in their snapshot, so `apply` and promotion can see that it moved);
// - extractors.review_thresholds: field path (with `*` for array indices) → threshold, or null;
// - the schema a user writes keeps its property order wherever it is shown (the batch CSV's
//   columns, the studio, every response): `jsonb` reorders object keys, `json` keeps the text as
//   written, so the extractor's schema and the snapshots jobs and runs keep of it become `json`.
//   Nothing queries inside them but `->>'name'`, which `json` has too;
// - extractors.examples_strategy (`all` | `similar`) and max_examples; each example in
//   extractors.examples gains `id`, `source_job_id` and `added_at` (given to the stored ones here);
// - extraction_jobs.examples_used: the ids of the examples the job's prompts carried.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extractors', (t) => {
    t.integer('version').notNullable().defaultTo(1);
    t.jsonb('review_thresholds');
    t.text('examples_strategy').notNullable().defaultTo('all');
    t.integer('max_examples');
  });
  // Stored examples get their ids: `exm_` and a random part unique per example.
  await knex.raw(`UPDATE extractors SET examples = (
      SELECT coalesce(jsonb_agg(e || jsonb_build_object('id', 'exm_' || replace(gen_random_uuid()::text, '-', ''), 'source_job_id', null, 'added_at', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY n), '[]'::jsonb)
      FROM jsonb_array_elements(examples) WITH ORDINALITY AS x(e, n)
    ) WHERE jsonb_array_length(examples) > 0`);
  await knex.schema.alterTable('extraction_jobs', (t) => {
    t.jsonb('examples_used');
  });
  await knex.raw('ALTER TABLE extractors ALTER COLUMN schema TYPE json USING schema::json');
  await knex.raw('ALTER TABLE extraction_jobs ALTER COLUMN extractor_snapshot TYPE json USING extractor_snapshot::json');
  await knex.raw('ALTER TABLE evaluation_runs ALTER COLUMN extractor_snapshot TYPE json USING extractor_snapshot::json');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extraction_jobs', (t) => t.dropColumn('examples_used'));
  await knex.raw('ALTER TABLE evaluation_runs ALTER COLUMN extractor_snapshot TYPE jsonb USING extractor_snapshot::jsonb');
  await knex.raw('ALTER TABLE extraction_jobs ALTER COLUMN extractor_snapshot TYPE jsonb USING extractor_snapshot::jsonb');
  await knex.raw('ALTER TABLE extractors ALTER COLUMN schema TYPE jsonb USING schema::jsonb');
  await knex.schema.alterTable('extractors', (t) => {
    t.dropColumn('review_thresholds');
    t.dropColumn('version');
    t.dropColumn('examples_strategy');
    t.dropColumn('max_examples');
  });
}
