import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

const { echo } = proxyActivities<Activities>({ startToCloseTimeout: '10 seconds' });

/** A trivial workflow used to prove a worker and the Temporal server are wired correctly. */
export async function pingWorkflow(message: string): Promise<string> {
  return `pong: ${await echo(message)}`;
}
