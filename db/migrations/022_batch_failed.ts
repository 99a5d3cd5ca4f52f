import type { Knex } from 'knex';

// Issue 38 (no work left `running` without a reason): a batch whose own work meets an error no
// retry can fix ends `failed`, and says why. `status` is text (no check constraint), so only the
// reason is new: `{code, message}`, null unless the batch failed.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('batches', (t) => {
    t.jsonb('error');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('batches').where({ status: 'failed' }).update({ status: 'canceled' });
  await knex.schema.alterTable('batches', (t) => {
    t.dropColumn('error');
  });
}
