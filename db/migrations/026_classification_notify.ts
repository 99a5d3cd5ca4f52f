import type { Knex } from 'knex';

// Issue 44: classification jobs announce their changes on channel `job_events` as extraction and
// parse jobs do (006): every change of a job row and every stored page answer. Without them a
// `?wait=` long-poll or an `/events` stream of a classification job woke only when its wait ran
// out, so the CLI's and the studio's progress jumped from the first page to the end.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TRIGGER classification_jobs_notify AFTER UPDATE OR DELETE ON classification_jobs
      FOR EACH ROW EXECUTE FUNCTION notify_job_event();
    CREATE TRIGGER classification_pages_notify AFTER INSERT ON classification_pages
      FOR EACH ROW EXECUTE FUNCTION notify_job_page();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER IF EXISTS classification_pages_notify ON classification_pages;
    DROP TRIGGER IF EXISTS classification_jobs_notify ON classification_jobs;
  `);
}
