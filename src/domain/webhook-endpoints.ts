// Webhook endpoints: where job events are delivered, and the record of every delivery attempt.
// The signing secret is generated here, stored encrypted (src/storage/secrets.ts) and returned
// only by create and rotate-secret.
import { z } from 'zod';
import { notFound, serviceError } from '../errors.js';
import { keysetPage, type Page, type PageRequest } from '../storage/pagination.js';
import type { Db } from '../storage/db.js';
import type { SecretBox } from '../storage/secrets.js';
import { WebhookUrlError, checkWebhookUrl } from '../webhooks/address-policy.js';
import { DEFAULT_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from '../webhooks/events.js';
import { generateSecret } from '../webhooks/signature.js';
import { newId } from './ids.js';
import { iso, isoOrNull } from './time.js';
import { text } from './text.js';

const events = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .refine((a) => new Set(a).size === a.length, 'events must not repeat');
const url = text(1, 2048);

export const createWebhookEndpointBody = z.strictObject({
  url,
  events: events.optional(),
  description: text(0, 500).nullable().optional(),
});

export const updateWebhookEndpointBody = z.strictObject({
  url: url.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
  description: text(0, 500).nullable().optional(),
});

export interface WebhookDeps {
  db: Db;
  secrets: SecretBox;
  allowPrivate: boolean;
}

export function toWebhookEndpointResponse(row: any) {
  return {
    id: row.id as string,
    url: row.url as string,
    events: row.events as string[],
    description: (row.description ?? null) as string | null,
    enabled: row.enabled as boolean,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
export type WebhookEndpoint = ReturnType<typeof toWebhookEndpointResponse>;

const URL_ERRORS = {
  webhook_url_invalid: (m: string) => serviceError('webhook_url_invalid', m),
  webhook_url_forbidden: (m: string) => serviceError('webhook_url_forbidden', m),
  webhook_url_unresolvable: (m: string) => serviceError('webhook_url_unresolvable', m),
};

/** Refused URLs are the client's input error: 400 with the policy's code. */
async function checkedUrl(raw: string, allowPrivate: boolean): Promise<string> {
  try {
    return (await checkWebhookUrl(raw, allowPrivate)).toString();
  } catch (err) {
    if (err instanceof WebhookUrlError) throw URL_ERRORS[err.code](err.message);
    throw err;
  }
}

export async function createWebhookEndpoint(
  { db, secrets, allowPrivate }: WebhookDeps,
  body: z.infer<typeof createWebhookEndpointBody>,
): Promise<WebhookEndpoint & { secret: string }> {
  const target = await checkedUrl(body.url, allowPrivate);
  const secret = generateSecret();
  const [row] = await db('webhook_endpoints')
    .insert({
      id: newId('webhookEndpoint'),
      url: target,
      events: JSON.stringify(body.events ?? DEFAULT_WEBHOOK_EVENTS),
      description: body.description ?? null,
      enabled: true,
      secret_encrypted: secrets.encrypt(secret),
    })
    .returning('*');
  return { ...toWebhookEndpointResponse(row), secret };
}

export async function getWebhookEndpoint(db: Db, id: string): Promise<WebhookEndpoint> {
  const row = await db('webhook_endpoints').where({ id }).first();
  if (!row) throw notFound('Webhook endpoint', id);
  return toWebhookEndpointResponse(row);
}

export async function listWebhookEndpoints(db: Db, page: PageRequest): Promise<Page<WebhookEndpoint>> {
  const found = await keysetPage<any>(db('webhook_endpoints').select('*'), page);
  return { rows: found.rows.map(toWebhookEndpointResponse), nextCursor: found.nextCursor };
}

export async function updateWebhookEndpoint(
  { db, allowPrivate }: WebhookDeps,
  id: string,
  body: z.infer<typeof updateWebhookEndpointBody>,
): Promise<WebhookEndpoint> {
  const patch: Record<string, unknown> = { updated_at: db.fn.now() };
  if (body.url !== undefined) patch.url = await checkedUrl(body.url, allowPrivate);
  if (body.events !== undefined) patch.events = JSON.stringify(body.events);
  if (body.enabled !== undefined) patch.enabled = body.enabled;
  if (body.description !== undefined) patch.description = body.description;
  const [row] = await db('webhook_endpoints').where({ id }).update(patch).returning('*');
  if (!row) throw notFound('Webhook endpoint', id);
  return toWebhookEndpointResponse(row);
}

export async function deleteWebhookEndpoint(db: Db, id: string): Promise<void> {
  const n = await db('webhook_endpoints').where({ id }).delete();
  if (n === 0) throw notFound('Webhook endpoint', id);
}

/** A new secret replaces the old one at once; deliveries from now on (retries included) use it. */
export async function rotateWebhookSecret({ db, secrets }: WebhookDeps, id: string): Promise<WebhookEndpoint & { secret: string }> {
  const secret = generateSecret();
  const [row] = await db('webhook_endpoints')
    .where({ id })
    .update({ secret_encrypted: secrets.encrypt(secret), updated_at: db.fn.now() })
    .returning('*');
  if (!row) throw notFound('Webhook endpoint', id);
  return { ...toWebhookEndpointResponse(row), secret };
}

export function toWebhookDeliveryResponse(row: any) {
  return {
    id: row.id as string,
    endpoint_id: row.endpoint_id as string,
    webhook_id: row.webhook_id as string,
    event_type: row.event_type as string,
    job_id: row.job_id as string,
    attempt: row.attempt as number,
    status_code: (row.status_code ?? null) as number | null,
    error: (row.error ?? null) as string | null,
    created_at: iso(row.created_at),
    completed_at: isoOrNull(row.completed_at),
  };
}
export type WebhookDelivery = ReturnType<typeof toWebhookDeliveryResponse>;

/** Attempts of one endpoint, newest first. */
export async function listWebhookDeliveries(db: Db, endpointId: string, page: PageRequest): Promise<Page<WebhookDelivery>> {
  const endpoint = await db('webhook_endpoints').where({ id: endpointId }).first('id');
  if (!endpoint) throw notFound('Webhook endpoint', endpointId);
  const found = await keysetPage<any>(db('webhook_deliveries').select('*').where({ endpoint_id: endpointId }), page);
  return { rows: found.rows.map(toWebhookDeliveryResponse), nextCursor: found.nextCursor };
}

