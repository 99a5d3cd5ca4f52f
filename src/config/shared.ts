// Settings the API and every worker must give the same value: the API decides with one, a worker
// acts with the other, and a difference fails work the API accepted (a key the worker cannot read,
// a webhook address the worker refuses, a queue nobody polls). docs/deployment.md lists them, and
// docker-compose.yml's shared block (x-service-environment) carries each; a unit test checks both.

export interface SharedSetting {
  name: string;
  /** What goes wrong when the processes disagree. */
  why: string;
}

export const SHARED_SETTINGS: readonly SharedSetting[] = [
  { name: 'DATABASE_URL', why: 'one database: the API writes the jobs the workers run' },
  { name: 'TEMPORAL_ADDRESS', why: 'one Temporal server' },
  { name: 'TEMPORAL_NAMESPACE', why: 'workflows the API starts are found by workers of the same namespace only' },
  { name: 'TEMPORAL_TASK_QUEUE', why: 'the interactive jobs’ queue the API starts them on and workers poll' },
  { name: 'TEMPORAL_BATCH_TASK_QUEUE', why: 'the queue of batches and their items (both queues are polled by every worker by default)' },
  { name: 'SERVICE_SECRET_KEY', why: 'provider API keys and webhook secrets are encrypted by the API and decrypted by workers (a worker with another key refuses to start)' },
  { name: 'SERVICE_WEBHOOK_ALLOW_PRIVATE', why: 'the API accepts a webhook URL on a private address, the worker delivers to it (otherwise every delivery is refused)' },
  { name: 'SERVICE_LOCAL_MODEL', why: 'the prebuilt definitions (seeded by migrate) name it; workers call it' },
  { name: 'SERVICE_LOCAL_BASE_URL', why: 'the API lists its models, workers call it' },
  { name: 'SERVICE_NUEXTRACT_MODELS', why: 'which models get NuExtract prompting, in the API’s checks and the workers’ requests' },
  { name: 'SERVICE_MAX_PAGES', why: 'the API renders page images and checks documents with it, workers run jobs with it' },
  { name: 'SERVICE_PAGE_CONCURRENCY', why: 'set in the workflows of jobs the API starts and of item jobs workers start' },
  { name: 'SERVICE_PROVIDER_RETRY_WINDOW_S', why: 'the retry policy of model calls, set by whoever starts the job (the API, or a worker for batch and evaluation items)' },
  { name: 'SERVICE_PROVIDER_TIMEOUT_MS', why: 'idem, the bound of one attempt' },
  { name: 'SERVICE_BATCH_SLICE_MS', why: 'a batch workflow’s slices, set by the API when it starts one' },
  { name: 'SERVICE_BATCH_SLICES_PER_RUN', why: 'idem, slices before continue-as-new' },
  { name: 'SERVICE_RENDER_DPI', why: 'page images the API serves show what the model read on the worker' },
  { name: 'SERVICE_RENDER_FORMAT', why: 'idem (PNG or JPEG)' },
  { name: 'SERVICE_STORAGE', why: 'the API stores uploaded bytes where workers read them (a worker with another storage refuses to start)' },
  { name: 'S3_ENDPOINT', why: 'idem: one bucket, at one address' },
  { name: 'S3_REGION', why: 'idem (requests are signed for the region)' },
  { name: 'S3_BUCKET', why: 'idem (a worker with another bucket refuses to start)' },
  { name: 'S3_PREFIX', why: 'idem: the objects the rows name are under it' },
  { name: 'S3_FORCE_PATH_STYLE', why: 'idem: how the bucket is addressed (MinIO, SeaweedFS)' },
];
