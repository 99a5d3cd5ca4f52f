import type { Knex } from 'knex';

// Two small tables of the 0.4 job engine.
//
// job_call_retries: one row per model call (a page, a window, an extraction) that is failing
// transiently, so retries are bounded by time (SERVICE_PROVIDER_RETRY_WINDOW_S) rather than by a
// count, and a job's `retry` field can say what is going on. A success removes the row. Job ids
// are of two kinds (extraction and parse), so there is no foreign key; the job's settle step and
// the retry endpoint clear the rows.
//
// provider_leases: the slots of a provider's `configuration.max_concurrent_requests`, shared by
// every worker process. A slot is held while its expiry is in the future; the holder renews it
// with the activity's heartbeat, so a worker that dies frees its slots within the lease time.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_call_retries', (t) => {
    t.text('job_id').notNullable();
    t.text('call_key').notNullable();
    t.timestamp('first_failed_at', { useTz: true }).notNullable();
    t.integer('attempt').notNullable();
    t.text('last_error_code').notNullable();
    t.text('last_error_message').notNullable();
    t.timestamp('next_attempt_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['job_id', 'call_key']);
  });
  await knex.schema.createTable('provider_leases', (t) => {
    t.text('provider_name').notNullable();
    t.integer('slot').notNullable();
    t.text('holder').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['provider_name', 'slot']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('provider_leases');
  await knex.schema.dropTableIfExists('job_call_retries');
}
