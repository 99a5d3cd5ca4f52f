import { describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { registry } from '../../src/metrics/index.js';
import { sdkLogForwarder } from '../../src/runtime/temporal-runtime.js';
import { ReportedOnce, failingRunKey, isWorkflowTaskFailure } from '../../src/runtime/workflow-task-failures.js';

const RUN = '01a2170a-0143-791f-b9cc-851e6ab2a6de';
const OTHER_RUN = '01a2170b-1111-7222-8333-844455556666';

async function failuresCounted(): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === 'docextract_workflow_task_failures_total');
  return Number(metric?.values[0]?.value ?? 0);
}

describe('workflow task failures', () => {
  it('are recognised in the SDK and core lines that report them', () => {
    expect(isWorkflowTaskFailure('Failing workflow task')).toBe(true);
    expect(isWorkflowTaskFailure(`[TMPRL1103] Attempted to upload payloads with size that exceeded the error limit`)).toBe(true);
    expect(isWorkflowTaskFailure('Activity failed')).toBe(false);
    expect(isWorkflowTaskFailure(`[TMPRL1104] ${RUN}:14:1 Workflow task duration exceeded 5 seconds.`)).toBe(false);
  });

  it('are keyed by their run, from the fields or the message', () => {
    expect(failingRunKey('Failing workflow task', { run_id: RUN })).toBe(RUN);
    expect(failingRunKey(`[TMPRL1103] ${RUN}:5:3 payload too large`, {})).toBe(RUN);
    expect(failingRunKey('Failing workflow task', { workflowId: 'ejob_x' })).toBe('ejob_x');
    // Naming no run: once a minute per message.
    const minute = 1_800_000_000_000;
    expect(failingRunKey('[TMPRL1103] 3991224 bytes', {}, minute)).toBe(failingRunKey('[TMPRL1103] 3991225 bytes', {}, minute + 1000));
    expect(failingRunKey('[TMPRL1103] 3991224 bytes', {}, minute)).not.toBe(failingRunKey('[TMPRL1103] 3991224 bytes', {}, minute + 60_000));
    const once = new ReportedOnce(1);
    expect([once.first(RUN), once.first(RUN), once.first(OTHER_RUN), once.first(RUN)]).toEqual([true, false, true, true]);
  });

  it('give one error line per run, however often Temporal retries the task, and are all counted', async () => {
    const out: Record<string, unknown>[] = [];
    const forward = sdkLogForwarder(pino({ level: 'trace' }, { write: (line: string) => void out.push(JSON.parse(line)) }));
    const before = await failuresCounted();
    for (let attempt = 1; attempt <= 50; attempt++) {
      forward({ level: 'WARN', message: 'Failing workflow task', meta: { run_id: RUN, failure: 'payload too large' }, timestampNanos: 0n });
      forward({ level: 'WARN', message: `[TMPRL1103] ${RUN}:9:${attempt} Attempted to upload payloads`, meta: {}, timestampNanos: 0n });
    }
    forward({ level: 'WARN', message: 'Failing workflow task', meta: { run_id: OTHER_RUN }, timestampNanos: 0n });
    const errors = out.filter((o) => o.level === 50);
    expect(errors.map((o) => o.run_id)).toEqual([RUN, OTHER_RUN]);
    expect(out.filter((o) => o.level === 40)).toEqual([]);
    expect((await failuresCounted()) - before).toBe(101);
  });
});
