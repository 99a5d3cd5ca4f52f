// The custom search attributes of job workflows (issue 32): what operators filter runs by in the
// Temporal Web UI and `temporal workflow list --query`. Pure definitions, shared by the API (which
// sets them when it starts a job's workflow), the workflows (which upsert them as the job moves)
// and the code that registers them on a server.
import { defineSearchAttributeKey, type SearchAttributePair } from '@temporalio/common';
import type { JobKind } from '../kinds.js';

export const JOB_KIND = defineSearchAttributeKey('DocextractJobKind', 'KEYWORD');
export const DEFINITION = defineSearchAttributeKey('DocextractDefinition', 'KEYWORD');
export const FILE_ID = defineSearchAttributeKey('DocextractFileId', 'KEYWORD');
export const JOB_STATUS = defineSearchAttributeKey('DocextractJobStatus', 'KEYWORD');
export const PAGES_DONE = defineSearchAttributeKey('DocextractPagesDone', 'INT');
export const BATCH_ID = defineSearchAttributeKey('DocextractBatchId', 'KEYWORD');
export const EVALUATION_RUN_ID = defineSearchAttributeKey('DocextractEvaluationRunId', 'KEYWORD');
/** The workspace a workflow acts for (issue 42): its id. Set where the API or an activity starts it. */
export const WORKSPACE = defineSearchAttributeKey('DocextractWorkspace', 'KEYWORD');

/** Every attribute the service uses, with its type as the server and the CLI name it. */
export const SEARCH_ATTRIBUTES = [JOB_KIND, DEFINITION, FILE_ID, JOB_STATUS, PAGES_DONE, BATCH_ID, EVALUATION_RUN_ID, WORKSPACE] as const;

/** `--search-attribute Name=Type` arguments for `temporal server start-dev`. */
export function devServerSearchAttributeArgs(): string[] {
  return SEARCH_ATTRIBUTES.flatMap((k) => ['--search-attribute', `${k.name}=${cliType(k.type)}`]);
}

/** The commands an operator runs to register the attributes on a server the service may not change. */
export function searchAttributeCreateCommands(namespace: string): string[] {
  return SEARCH_ATTRIBUTES.map((k) => `temporal operator search-attribute create --namespace ${namespace} --name ${k.name} --type ${cliType(k.type)}`);
}

function cliType(type: string): string {
  return type === 'INT' ? 'Int' : type === 'KEYWORD' ? 'Keyword' : type;
}

export interface JobSearchFacts {
  kind: JobKind;
  definition: string;
  fileId: string | null;
  batchId?: string | null;
  evaluationRunId?: string | null;
}

/** The attributes a job's workflow starts with (status queued, no page done). */
export function initialJobSearchAttributes(facts: JobSearchFacts): SearchAttributePair[] {
  const pairs: SearchAttributePair[] = [
    { key: JOB_KIND, value: facts.kind },
    { key: DEFINITION, value: facts.definition },
    { key: JOB_STATUS, value: 'queued' },
    { key: PAGES_DONE, value: 0 },
  ];
  if (facts.fileId) pairs.push({ key: FILE_ID, value: facts.fileId });
  if (facts.batchId) pairs.push({ key: BATCH_ID, value: facts.batchId });
  if (facts.evaluationRunId) pairs.push({ key: EVALUATION_RUN_ID, value: facts.evaluationRunId });
  return pairs;
}

/**
 * The attributes a batch's or an evaluation run's workflow starts with (issue 45): its kind
 * (`batch`, `evaluation_run`), its own id under DocextractBatchId / DocextractEvaluationRunId (so
 * the query that finds a batch's items finds the batch too), its definition and status queued.
 */
export function initialBatchSearchAttributes(facts: { batchId: string; kind: string; definition: string }): SearchAttributePair[] {
  return [
    { key: JOB_KIND, value: 'batch' },
    { key: BATCH_ID, value: facts.batchId },
    { key: DEFINITION, value: facts.definition },
    { key: JOB_STATUS, value: 'queued' },
  ];
}

export function initialEvaluationRunSearchAttributes(facts: { runId: string; definition: string }): SearchAttributePair[] {
  return [
    { key: JOB_KIND, value: 'evaluation_run' },
    { key: EVALUATION_RUN_ID, value: facts.runId },
    { key: DEFINITION, value: facts.definition },
    { key: JOB_STATUS, value: 'queued' },
  ];
}

/** DocextractWorkspace for a workflow started as `workspaceId` (none outside a workspace). */
export function workspaceSearchAttribute(workspaceId: string | undefined): SearchAttributePair[] {
  return workspaceId ? [{ key: WORKSPACE, value: workspaceId }] : [];
}
