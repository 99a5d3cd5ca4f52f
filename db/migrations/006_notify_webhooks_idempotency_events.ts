import type { Knex } from 'knex';

// Issue 15: webhook endpoints and their delivery attempts, Idempotency-Key records for job
// creation, and NOTIFY triggers on the job tables that wake long-polls and event streams.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.text('id').primary();
    t.text('url').notNullable();
    t.jsonb('events').notNullable();
    t.text('description');
    t.boolean('enabled').notNullable().defaultTo(true);
    // AES-256-GCM, like provider API keys (src/storage/secrets.ts); never returned after creation.
    t.text('secret_encrypted').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at', 'id']);
  });

  // One row per attempt. No foreign key to the jobs: the record outlives a deleted job.
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.text('id').primary();
    t.text('endpoint_id').notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    t.text('webhook_id').notNullable();
    t.text('event_type').notNullable();
    t.text('job_id').notNullable();
    t.integer('attempt').notNullable();
    t.integer('status_code');
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.index(['endpoint_id', 'created_at', 'id']);
  });

  // One row per (operation, key). The unique key makes racing requests wait for the first one's
  // transaction, then find its job.
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.text('scope').notNullable();
    t.text('key').notNullable();
    t.text('request_hash').notNullable();
    t.text('job_id').notNullable();
    t.jsonb('response').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['scope', 'key']);
    t.index(['created_at']);
  });

  // Every change of a job row (status, progress, removal) and every stored page is announced on
  // channel `job_events` as '<job id> <status>' ('<job id> deleted' when the row is removed). The
  // API holds one LISTEN connection per process and re-reads the job it is waiting on.
  await knex.raw(`
    CREATE FUNCTION notify_job_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('job_events', OLD.id || ' deleted');
        RETURN OLD;
      END IF;
      PERFORM pg_notify('job_events', NEW.id || ' ' || NEW.status);
      RETURN NEW;
    END $$;
    CREATE FUNCTION notify_job_page() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('job_events', NEW.job_id || ' progress');
      RETURN NEW;
    END $$;
    CREATE TRIGGER extraction_jobs_notify AFTER UPDATE OR DELETE ON extraction_jobs
      FOR EACH ROW EXECUTE FUNCTION notify_job_event();
    CREATE TRIGGER parse_jobs_notify AFTER UPDATE OR DELETE ON parse_jobs
      FOR EACH ROW EXECUTE FUNCTION notify_job_event();
    CREATE TRIGGER parse_pages_notify AFTER INSERT OR UPDATE ON parse_pages
      FOR EACH ROW EXECUTE FUNCTION notify_job_page();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER IF EXISTS parse_pages_notify ON parse_pages;
    DROP TRIGGER IF EXISTS parse_jobs_notify ON parse_jobs;
    DROP TRIGGER IF EXISTS extraction_jobs_notify ON extraction_jobs;
    DROP FUNCTION IF EXISTS notify_job_page();
    DROP FUNCTION IF EXISTS notify_job_event();
  `);
  for (const table of ['idempotency_keys', 'webhook_deliveries', 'webhook_endpoints']) {
    await knex.schema.dropTableIfExists(table);
  }
}
