import type { Knex } from 'knex';

// Issue 50: a Word or PowerPoint file's record says which made its pages - `libreoffice` or
// `builtin` (the service's own converters) - since the two lay pages out differently. Null for
// every other file (PDFs and images are their own pages; other formats have one converter).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('files', (t) => {
    t.text('converter');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('files', (t) => {
    t.dropColumn('converter');
  });
}
