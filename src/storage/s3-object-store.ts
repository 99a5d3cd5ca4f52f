// The object store on an S3-compatible bucket (AWS S3, MinIO, SeaweedFS, Cloudflare R2), with the
// AWS SDK v3. Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
// profiles, instance roles): none are read here.
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config/index.js';
import { storageIdentity, storageUnavailable, type ObjectStore } from './object-store.js';

type S3Storage = Extract<StorageConfig, { kind: 's3' }>;

/** Parts of a streamed upload (S3's multipart minimum is 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;
/** ListObjectsV2 answers at most this many keys per page. */
const LIST_PAGE = 1000;
/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** Network failures and 5xx: the bucket is unreachable for now (a 4xx is a real answer, not an outage). */
function isUnreachable(err: unknown): boolean {
  if (err instanceof S3ServiceException) return (err.$metadata?.httpStatusCode ?? 0) >= 500;
  // After its retries the SDK wraps a socket error ("AWS SDK error wrapper for Error: connect ECONNREFUSED …").
  const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const text = `${e?.code ?? ''} ${e?.cause?.code ?? ''} ${e?.message ?? ''}`;
  return /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE)\b/.test(text) || e?.name === 'TimeoutError';
}

const translate = (err: unknown): unknown => (isUnreachable(err) ? storageUnavailable(err) : err);

/** A read of one object: null when it does not exist, an unreachable bucket as storage_unavailable. */
async function orMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (isMissing(err)) return null;
    throw translate(err);
  }
}

export function s3ObjectStore(storage: S3Storage, client?: S3Client, opts: { listPage?: number } = {}): ObjectStore {
  const listPage = opts.listPage ?? LIST_PAGE;
  const options = {
    region: storage.region,
    ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
    forcePathStyle: storage.forcePathStyle,
    // Few, quick retries: an unreachable bucket answers 503 storage_unavailable rather than hang a request.
    maxAttempts: 3,
  };
  const s3 = client ?? new S3Client(options);
  // Presigned PUTs without the SDK's default CRC32 checksum: it would be signed into the URL as
  // the checksum of an empty body, and the bucket would refuse the real bytes (BadDigest).
  let presigner: S3Client | undefined = client;
  const presignClient = () => (presigner ??= new S3Client({ ...options, requestChecksumCalculation: 'WHEN_REQUIRED' }));
  const Bucket = storage.bucket;
  return {
    identity: storageIdentity(storage),
    key: (name) => `${storage.prefix}${name}`,
    async put(key, body, contentType) {
      try {
        if (Buffer.isBuffer(body)) {
          await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType }));
          return;
        }
        // Streamed in parts, so only a few parts are held in memory whatever the size.
        await new Upload({ client: s3, params: { Bucket, Key: key, Body: Readable.from(body), ContentType: contentType }, partSize: PART_BYTES, queueSize: 2 }).done();
      } catch (err) {
        throw translate(err);
      }
    },
    get: (key) =>
      orMissing(async () => {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await out.Body!.transformToByteArray());
      }),
    stream: (key) => orMissing(async () => (await s3.send(new GetObjectCommand({ Bucket, Key: key }))).Body as Readable),
    size: (key) => orMissing(async () => (await s3.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0),
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        try {
          await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        } catch (err) {
          throw translate(err);
        }
      }
    },
    async *list(prefix) {
      try {
        for await (const page of paginateListObjectsV2({ client: s3, pageSize: listPage }, { Bucket, Prefix: prefix })) {
          for (const o of page.Contents ?? []) {
            if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
          }
        }
      } catch (err) {
        throw translate(err);
      }
    },
    async presignPut(key, opts) {
      const command = new PutObjectCommand({ Bucket, Key: key, ContentLength: opts.contentLength, ContentType: opts.contentType });
      // Signed with its length and type: the client must send exactly these headers.
      const url = await getSignedUrl(presignClient(), command, { expiresIn: opts.expiresInSeconds, signableHeaders: new Set(['content-length', ...(opts.contentType ? ['content-type'] : [])]) });
      return { url, headers: { 'Content-Length': String(opts.contentLength), ...(opts.contentType ? { 'Content-Type': opts.contentType } : {}) } };
    },
  };
}

/** The object store of a configuration: null for Postgres storage. */
export function createObjectStore(storage: StorageConfig): ObjectStore | null {
  return storage.kind === 's3' ? s3ObjectStore(storage) : null;
}
