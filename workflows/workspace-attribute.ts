import { workflowInfo } from '@temporalio/workflow';
import type { SearchAttributePair } from '@temporalio/common';
import { WORKSPACE } from '../src/temporal/search-attributes.js';

/**
 * DocextractWorkspace for a workflow this one starts (issue 42): the workspace this run was started
 * with, so an evaluation run's item jobs, a candidate's runs and a job's event deliveries are found
 * under their workspace too. None for runs started without it (before workspaces, or on a server
 * without the attributes): their children then start exactly as they always did, so histories
 * recorded before it replay unchanged.
 */
export function inheritedWorkspace(): SearchAttributePair[] {
  const workspace = workflowInfo().typedSearchAttributes.get(WORKSPACE);
  return workspace === undefined ? [] : [{ key: WORKSPACE, value: workspace }];
}
