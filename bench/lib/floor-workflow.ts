// The engine floor's workflow (bench/lib/engine-floor.ts), bundled into the benchmark's own
// Temporal worker: one local activity, one activity that writes one row, nothing else. What a
// workflow costs the Temporal server and Postgres when the service's own code does nothing.
import { proxyActivities, proxyLocalActivities, workflowInfo } from '@temporalio/workflow';

export interface FloorActivities {
  /** Returns its argument: the local-activity round trip (a marker in history). */
  floorLocal(n: number): Promise<number>;
  /** INSERTs one row into the scratch table: an activity task and one Postgres write. */
  floorWrite(workflowId: string, n: number): Promise<void>;
}

const { floorLocal } = proxyLocalActivities<FloorActivities>({ startToCloseTimeout: '30 seconds' });
const { floorWrite } = proxyActivities<FloorActivities>({ startToCloseTimeout: '60 seconds' });

export async function benchFloorWorkflow(n: number): Promise<void> {
  const m = await floorLocal(n);
  await floorWrite(workflowInfo().workflowId, m);
}
