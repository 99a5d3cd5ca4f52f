import type { Knex } from 'knex';

// Slot leases that die with the database server that granted them (issue 30). A lease records the
// start time of the Postgres server it was taken on (pg_postmaster_start_time()); once that server
// has restarted, every session that held a lease is gone, and so is the attempt that took it (its
// bookkeeping failed with the connection). Such a lease is free at once, instead of blocking its
// slot until it expires (SLOT_LEASE_MS). Leases taken before this column existed (NULL) keep
// counting until they expire, as before.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_leases', (t) => {
    t.timestamp('server_started_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_leases', (t) => {
    t.dropColumn('server_started_at');
  });
}
