import type { Knex } from 'knex';

// Issue 48: a spreadsheet's cells are stored per page (`cell_grids`: each page's column and row
// edges and a bitmap of the cells that show a value), not one JSON object per cell: a workbook of
// a million cells stored 107 MB in `cells` and took ~2 GiB of Postgres memory to write. Renditions
// stored before keep their `cells`, which are still read.
// Issue 50: what a conversion could not do faithfully (`formula_not_computed`), on the file record.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('file_renditions', (t) => {
    t.jsonb('cell_grids'); // spreadsheets: [{page, sheet, columns, rows, xs, ys, filled}]
  });
  await knex.schema.alterTable('files', (t) => {
    t.jsonb('warnings').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('files', (t) => {
    t.dropColumn('warnings');
  });
  await knex.schema.alterTable('file_renditions', (t) => {
    t.dropColumn('cell_grids');
  });
}
