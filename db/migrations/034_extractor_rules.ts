import type { Knex } from 'knex';

// Issue 51: extractors.rules — the checks run on every answer of the extractor (docs/rules.md),
// versioned with the rest of the definition (a change makes a new version; each job keeps the
// rules of its version in its extractor_snapshot). An empty list: no rules.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extractors', (t) => {
    t.jsonb('rules').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extractors', (t) => t.dropColumn('rules'));
}
