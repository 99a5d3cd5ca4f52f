// Retention (SERVICE_RETENTION_DAYS, SERVICE_WEBHOOK_EVENTS_DAYS) as a Temporal Schedule: the
// schedule exists and its run completes on the worker; with the clock set forward (the activity is
// given "now"), it deletes exactly the expired rows and the files they alone used, and leaves a job
// whose review is pending (until its review ends) and a file still in use.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { retentionActivities } from '../../activities/retention.js';
import { unusedFiles } from '../../src/storage/jobs/retention.js';
import { createSecretBox } from '../../src/storage/secrets.js';
import { ensureRetentionSchedule, retentionScheduleId } from '../../src/temporal/retention-schedule.js';
import { call, eventually, startStackWithProvider, upload } from '../api/job-helpers.js';
import { makePdf } from '../fixtures/documents.js';
import { makeEml } from '../fixtures/emails.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

const DAY = 24 * 3600 * 1000;
const JOB_TABLES = ['extraction_jobs', 'parse_jobs', 'classification_jobs'];
const SCHEMA = {
  type: 'object',
  properties: { merchant: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
  required: ['merchant', 'total'],
};
const logger = pino({ level: 'silent' });

let stack: TestStack;
let provider: ScriptedProvider;
let activities: ReturnType<typeof retentionActivities>;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ batches: true, env: { SERVICE_RETENTION_DAYS: '30', SERVICE_WEBHOOK_EVENTS_DAYS: '5' } }));
  activities = retentionActivities({ config: stack.config, db: stack.db, logger, secrets: createSecretBox(stack.config) });
  for (const [name, threshold] of [
    ['retention-plain', null],
    ['retention-review', 0.9],
  ] as const) {
    const put = await call(stack.url, 'PUT', `/v1/extractors/${name}`, {
      display_name: name,
      instructions: 'Extract the merchant and the total.',
      model: 'test-vision-model',
      schema: SCHEMA,
      ...(threshold === null ? {} : { review_threshold: threshold }),
    });
    expect([200, 201]).toContain(put.status);
  }
}, 120_000);

afterAll(async () => {
  await stack?.temporal.schedule.getHandle(retentionScheduleId(stack.config)).delete().catch(() => {});
  await stack?.close();
  await provider?.close();
}, 60_000);

async function extract(extractor: string, fileId: string, confidence = 0.99): Promise<string> {
  const logprobs = [
    { token: '{"merchant": "', logprob: 0 },
    { token: 'Corner Shop', logprob: Math.log(confidence) },
    { token: '", "total": ', logprob: 0 },
    { token: '12.5', logprob: Math.log(0.99) },
    { token: '}', logprob: 0 },
  ];
  provider.enqueue({ kind: 'content', content: logprobs.map((t) => t.token).join(''), logprobs });
  const created = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: extractor, file_id: fileId });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  await eventually(async () => ((await call(stack.url, 'GET', `/v1/extraction-jobs/${id}`)).body.status === 'completed' ? true : undefined), 60_000);
  return id;
}

const exists = async (table: string, id: string) => (await stack.db(table).where({ id }).first('id')) !== undefined;
const pdf = async (name: string) => (await upload(stack.url, makePdf([name]), `${name}.pdf`, 'application/pdf')).body.id as string;

describe('retention', () => {
  it('is a Temporal Schedule whose run completes on the worker', async () => {
    await ensureRetentionSchedule(stack.temporal, stack.config, logger);
    const handle = stack.temporal.schedule.getHandle(retentionScheduleId(stack.config));
    const described = await handle.describe();
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'retentionWorkflow', taskQueue: stack.taskQueue });
    expect(described.spec.intervals?.[0]?.every).toBe(60 * 60 * 1000);
    // Created again at the next start: brought in line, not duplicated.
    await ensureRetentionSchedule(stack.temporal, stack.config, logger);
    await handle.trigger();
    const run = await eventually(async () => (await handle.describe()).info.recentActions.at(-1)?.action, 30_000);
    const workflow = stack.temporal.workflow.getHandle(run.workflow.workflowId, run.workflow.firstExecutionRunId);
    await eventually(async () => ((await workflow.describe()).status.name === 'COMPLETED' ? true : undefined), 60_000);
    const result = (await workflow.result()) as Record<string, number>;
    expect(Object.keys(result).sort()).toEqual(['batches', 'files', 'jobs', 'webhook_deliveries', 'webhook_events']);
  }, 120_000);

  it('deletes exactly what expired, keeps a job in review until its review ends and a file still in use', async () => {
    const fileAlone = await pdf('alone');
    const fileShared = await pdf('shared');
    const fileReview = await pdf('review');
    const plain = await extract('retention-plain', fileAlone);
    const sharedJob = await extract('retention-plain', fileShared);
    const inReview = await extract('retention-review', fileReview, 0.42);
    expect((await call(stack.url, 'GET', `/v1/extraction-jobs/${inReview}`)).body.review.status).toBe('pending');
    // fileShared stays in use: an evaluation item reads it.
    expect((await call(stack.url, 'POST', '/v1/evaluation-sets', { name: 'retention-set', display_name: 'Retention' })).status).toBe(201);
    expect((await call(stack.url, 'POST', '/v1/evaluation-sets/retention-set/items', { file_id: fileShared, expected_output: { merchant: 'Corner Shop', total: 12.5 } })).status).toBe(201);
    // A job event body, as a webhook delivery stores it.
    await stack.db('webhook_events').insert({ message_id: `msg_retention_${Date.now()}`, job_id: plain, event_type: 'extraction_job.completed', body: '{}' });

    // 10 days on: only webhook records (kept 5 days) expire; jobs (kept 30 days) stay.
    const jobsBefore = await totalJobs();
    const early = await activities.applyRetention(new Date(Date.now() + 10 * DAY).toISOString());
    expect(early).toMatchObject({ jobs: 0, batches: 0, files: 0 });
    expect(early.webhook_events).toBeGreaterThanOrEqual(1);
    expect(await stack.db('webhook_events').where({ job_id: plain }).first()).toBeUndefined();
    expect(await totalJobs()).toBe(jobsBefore);

    // 31 days on: every finished standalone job expires, but the one in review.
    const expiredBefore = await expiredStandalone(31);
    expect(expiredBefore).toEqual(expect.arrayContaining([plain, sharedJob]));
    expect(expiredBefore).not.toContain(inReview);
    const batchItems = await itemsOfEndedBatches(31); // batches other files left here expire too, with their items
    const later = await activities.applyRetention(new Date(Date.now() + 31 * DAY).toISOString());
    expect(later.jobs).toBe(expiredBefore.length + batchItems);
    expect(await totalJobs()).toBe(jobsBefore - expiredBefore.length - batchItems);
    expect(await exists('extraction_jobs', plain)).toBe(false);
    expect(await exists('extraction_jobs', sharedJob)).toBe(false);
    expect(await exists('files', fileAlone)).toBe(false); // used by nothing else
    expect(await exists('files', fileShared)).toBe(true); // still used by the evaluation item
    expect(later.files).toBeGreaterThanOrEqual(1);
    expect(await exists('extraction_jobs', inReview)).toBe(true);
    expect(await exists('files', fileReview)).toBe(true);
    expect((await call(stack.url, 'GET', `/v1/extraction-jobs/${plain}`)).status).toBe(404);

    // Once its review ends, the job in review expires like the others.
    const job = (await call(stack.url, 'GET', `/v1/extraction-jobs/${inReview}`)).body;
    const accepted = await call(stack.url, 'PATCH', `/v1/extraction-jobs/${inReview}/review`, {
      revision: job.review.revision,
      fields: job.result.flags.map((f: { path: string }) => ({ path: f.path, action: 'accept' })),
    });
    expect(accepted.status).toBe(200);
    expect((await call(stack.url, 'POST', `/v1/extraction-jobs/${inReview}/review/approve`, { revision: accepted.body.review.revision })).status).toBe(200);
    const last = await activities.applyRetention(new Date(Date.now() + 31 * DAY).toISOString());
    expect(last.jobs).toBe(1);
    expect(await exists('extraction_jobs', inReview)).toBe(false);
    expect(await exists('files', fileReview)).toBe(false);
  }, 240_000);

  it('keeps a file a classification job in review still reads, and an e-mail one of whose attachments is still in use', async () => {
    // A split classification job held in review while the jobs it routed expire: the packet's file
    // is a candidate of those jobs and must stay (its foreign key would refuse the whole run).
    const packet = await pdf('packet');
    const routed = await extract('retention-plain', packet);
    const classes = [
      { name: 'invoice', description: 'An invoice.' },
      { name: 'letter', description: 'A letter.' },
    ];
    expect([200, 201]).toContain((await call(stack.url, 'PUT', '/v1/classifiers/retention-kinds', { display_name: 'Kinds', classes })).status);
    const classifier = await stack.db('classifiers').where({ name: 'retention-kinds' }).first('id');
    const held = `cls_retention_${Date.now()}`;
    await stack.db('classification_jobs').insert({
      id: held,
      classifier_id: classifier.id,
      classifier_snapshot: {},
      file_id: packet,
      mode: 'split',
      route: true,
      status: 'completed',
      review: { status: 'pending', revision: 1 },
      completed_at: new Date(),
    });

    // An e-mail whose attachment an evaluation item reads: the e-mail's own job expires, but deleting
    // the e-mail would take the attachment with it (cascade) and is refused by the item's key.
    const eml = makeEml({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'Invoice attached',
      text: 'Please find the invoice attached.',
      attachments: [{ filename: 'invoice.pdf', mediaType: 'application/pdf', content: makePdf(['Attached invoice']) }],
    });
    const mail = await upload(stack.url, eml, 'invoice.eml', 'message/rfc822');
    expect(mail.status).toBe(201);
    expect(mail.body.attachment_file_ids).toHaveLength(1);
    const [attached] = mail.body.attachment_file_ids as string[];
    const mailJob = await extract('retention-plain', mail.body.id);
    expect((await call(stack.url, 'POST', '/v1/evaluation-sets', { name: 'retention-attachments', display_name: 'Attachments' })).status).toBe(201);
    expect((await call(stack.url, 'POST', '/v1/evaluation-sets/retention-attachments/items', { file_id: attached, expected_output: { merchant: null, total: null } })).status).toBe(201);

    const result = await activities.applyRetention(new Date(Date.now() + 31 * DAY).toISOString());
    expect(result.jobs).toBeGreaterThanOrEqual(2);
    expect(await exists('extraction_jobs', routed)).toBe(false);
    expect(await exists('extraction_jobs', mailJob)).toBe(false);
    expect(await exists('classification_jobs', held)).toBe(true);
    expect(await exists('files', packet)).toBe(true);
    expect(await exists('files', mail.body.id)).toBe(true);
    expect(await exists('files', attached)).toBe(true);

    // Once nothing reads them, both go (the attachment with its e-mail).
    await stack.db('classification_jobs').where({ id: held }).delete();
    expect((await call(stack.url, 'DELETE', '/v1/evaluation-sets/retention-attachments')).status).toBe(204);
    const candidates = [packet, mail.body.id];
    expect((await unusedFiles(stack.db, candidates)).sort()).toEqual([...candidates].sort());
  }, 240_000);
});

async function totalJobs(): Promise<number> {
  const counts = await Promise.all(JOB_TABLES.map((table) => stack.db(table).count({ n: '*' }).first()));
  return counts.reduce((sum, c) => sum + Number(c!.n), 0);
}

/** Finished standalone jobs (no batch, no evaluation run) older than `days` from now, not in review. */
async function expiredStandalone(days: number): Promise<string[]> {
  const cutoff = new Date(Date.now() + days * DAY - 30 * DAY);
  const extraction = await stack
    .db('extraction_jobs')
    .whereIn('status', ['completed', 'failed', 'canceled'])
    .where('completed_at', '<', cutoff)
    .whereNull('batch_id')
    .whereNull('evaluation_run_id')
    .where((w) => w.whereNull('review').orWhereRaw("review->>'status' <> 'pending'"))
    .select('id');
  const parse = await stack.db('parse_jobs').whereIn('status', ['completed', 'failed', 'canceled']).where('completed_at', '<', cutoff).whereNull('batch_id').select('id');
  // Classification jobs other files left here (packets) expire the same way.
  const classification = await stack
    .db('classification_jobs')
    .whereIn('status', ['completed', 'failed', 'canceled'])
    .where('completed_at', '<', cutoff)
    .whereNull('batch_id')
    .where((w) => w.whereNull('review').orWhereRaw("review->>'status' <> 'pending'"))
    .select('id');
  return [...extraction, ...parse, ...classification].map((r: { id: string }) => r.id);
}

/**
 * Items of ended batches older than `days` from now (none of this file's own). A batch one of whose
 * items waits in review stays, items and all (another file's batch whose item failed a rule, say).
 */
async function itemsOfEndedBatches(days: number): Promise<number> {
  const cutoff = new Date(Date.now() + days * DAY - 30 * DAY);
  const ids = (
    await stack
      .db('batches as b')
      .whereIn('b.status', ['completed', 'canceled', 'failed'])
      .where('b.completed_at', '<', cutoff)
      .whereNotExists(stack.db('extraction_jobs').whereRaw('batch_id = b.id').whereRaw("review->>'status' = 'pending'").select(stack.db.raw('1')))
      .select('b.id')
  ).map((r: { id: string }) => r.id);
  if (ids.length === 0) return 0;
  const counts = await Promise.all(JOB_TABLES.map((table) => stack.db(table).whereIn('batch_id', ids).count({ n: '*' }).first()));
  return counts.reduce((sum, c) => sum + Number(c!.n), 0);
}
