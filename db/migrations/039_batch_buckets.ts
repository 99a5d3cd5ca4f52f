import type { Knex } from 'knex';

// Issue 53 item 4 (batches from and to buckets, docs/batches.md "From and to a bucket"): a batch may
// read its items from a prefix of the service's bucket and write its results under another.
// batches: the two prefixes (as the request named them, under S3_PREFIX) and when the results were
// last written there (null until the batch ends, again when a retry reopens it). Job tables:
// `source_key`, the object an item is read from; the item's file is made of it when the item
// starts, so until then such an item has neither file_id nor source_text.

const ITEM_TABLES = ['extraction_jobs', 'parse_jobs', 'classification_jobs'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('batches', (t) => {
    t.text('source_prefix');
    t.text('destination_prefix');
    t.timestamp('destination_written_at', { useTz: true });
  });
  for (const table of ITEM_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.text('source_key');
    });
  }
  // One input each: a text, or a file (given, or made from the object when the item starts).
  for (const table of ['extraction_jobs', 'classification_jobs']) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_one_input`);
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_one_input CHECK ((source_text IS NULL) <> (file_id IS NULL AND source_key IS NULL))`);
  }
  await knex.raw('ALTER TABLE parse_jobs ALTER COLUMN file_id DROP NOT NULL');
  await knex.raw('ALTER TABLE parse_jobs ADD CONSTRAINT parse_jobs_file_or_key CHECK (file_id IS NOT NULL OR source_key IS NOT NULL)');
}

export async function down(knex: Knex): Promise<void> {
  // Items never started have no input the old schema accepts: they go (their batches with them).
  for (const table of ITEM_TABLES) await knex(table).whereNull('file_id').whereNotNull('source_key').delete();
  await knex.raw('ALTER TABLE parse_jobs DROP CONSTRAINT IF EXISTS parse_jobs_file_or_key');
  await knex.raw('ALTER TABLE parse_jobs ALTER COLUMN file_id SET NOT NULL');
  for (const table of ['extraction_jobs', 'classification_jobs']) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_one_input`);
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_one_input CHECK ((file_id IS NULL) <> (source_text IS NULL))`);
  }
  for (const table of ITEM_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('source_key');
    });
  }
  await knex.schema.alterTable('batches', (t) => {
    t.dropColumn('destination_written_at');
    t.dropColumn('destination_prefix');
    t.dropColumn('source_prefix');
  });
}
