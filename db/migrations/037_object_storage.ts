import type { Knex } from 'knex';

// Issue 53 (object storage): with SERVICE_STORAGE=s3 a file's bytes and its rendition are objects
// in a bucket, and Postgres keeps their keys (no file_blobs row; a rendition row keeps its cell map
// with pdf null). A row with a key is read from the bucket, one without from Postgres, whatever the
// setting. storage_checks: where the API stores bytes, per task queue, for workers to compare with
// theirs at start-up (as secret_key_checks, 019).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('files', (t) => {
    t.text('object_key');
  });
  await knex.schema.alterTable('file_renditions', (t) => {
    t.text('pdf_key');
  });
  await knex.raw('ALTER TABLE file_renditions ALTER COLUMN pdf DROP NOT NULL');
  await knex.raw('ALTER TABLE file_renditions ADD CONSTRAINT file_renditions_pdf_or_key CHECK (pdf IS NOT NULL OR pdf_key IS NOT NULL)');
  await knex.schema.createTable('storage_checks', (t) => {
    t.text('task_queue').primary();
    t.text('identity').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('storage_checks');
  await knex.raw('ALTER TABLE file_renditions DROP CONSTRAINT IF EXISTS file_renditions_pdf_or_key');
  await knex.raw('DELETE FROM file_renditions WHERE pdf IS NULL');
  await knex.raw('ALTER TABLE file_renditions ALTER COLUMN pdf SET NOT NULL');
  await knex.schema.alterTable('file_renditions', (t) => {
    t.dropColumn('pdf_key');
  });
  await knex.schema.alterTable('files', (t) => {
    t.dropColumn('object_key');
  });
}
