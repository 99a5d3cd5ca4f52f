// The bodies of planned job events (table webhook_events): written once when the event is planned,
// read by every delivery attempt, so the signed bytes never travel through workflow history.
import type { Db } from './db.js';

export interface PlannedEvent {
  messageId: string;
  jobId: string;
  eventType: string;
  body: string;
}

/**
 * Store an event's body unless its `webhook-id` already has one, and return the stored body: a
 * retried plan (same run, same id) keeps the bytes its first attempt stored. `replace` overwrites
 * instead: ids without a run id (runs before the child workflow) repeat across a job's runs.
 */
export async function storeEventBody(db: Db, event: PlannedEvent, opts: { replace?: boolean } = {}): Promise<string> {
  const row = { message_id: event.messageId, job_id: event.jobId, event_type: event.eventType, body: event.body };
  const insert = db('webhook_events').insert(row).onConflict('message_id');
  if (opts.replace) {
    await insert.merge(['job_id', 'event_type', 'body', 'created_at']);
    return event.body;
  }
  await insert.ignore();
  const stored = await db('webhook_events').where({ message_id: event.messageId }).first('body');
  return stored!.body as string;
}

/** The body stored for an event, or undefined when there is none. */
export async function readEventBody(db: Db, messageId: string): Promise<string | undefined> {
  const row = await db('webhook_events').where({ message_id: messageId }).first('body');
  return row?.body as string | undefined;
}
