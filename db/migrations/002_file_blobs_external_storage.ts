import type { Knex } from 'knex';

// PDFs, PNGs and JPEGs are already compressed, so Postgres' own compression of file bytes saves
// little, and it makes every chunked read (substring of 1 MiB) decompress the value from its start.
// EXTERNAL keeps large values out of line but uncompressed, so each chunk is read directly.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE file_blobs ALTER COLUMN content SET STORAGE EXTERNAL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE file_blobs ALTER COLUMN content SET STORAGE EXTENDED');
}
