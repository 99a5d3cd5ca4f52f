// Evaluation runs of a classifier (issue 44, deliver 6): the classifier, frozen as it is at
// creation, run over every item of a set as classification jobs (split mode) by a workflow of its
// own (classifierEvaluationRunWorkflow), then scored on pages, classes and boundaries. Reads,
// cancel and delete are those of every evaluation run (./evaluation-runs.ts).
import type { Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import { notFound, serviceError } from '../errors.js';
import { withDefaults } from '../evaluation/scoring/index.js';
import type { Db } from '../storage/db.js';
import { startClassifierEvaluationWorkflow } from '../temporal/classifier-evaluation-workflows.js';
import { findClassifierByRef } from './classification/classifiers.js';
import { getEvaluationSet } from './evaluation-sets.js';
import { newId } from './ids.js';

/** Every item of the set holds the right answer the run's kind scores against (422 evaluation_items_unsuitable otherwise). */
export function checkItemsExpect(setName: string, items: Array<{ id: string; expected_output: unknown; expected_segments: unknown }>, field: 'expected_output' | 'expected_segments'): void {
  const lacking = items.filter((i) => i[field] === null || i[field] === undefined);
  if (lacking.length === 0) return;
  const runKind = field === 'expected_output' ? "an extractor run ('extractor_name')" : "a classifier run ('classifier_name')";
  const shown = lacking.slice(0, 5).map((i) => i.id).join(', ');
  throw serviceError('evaluation_items_unsuitable', `${runKind} scores items by '${field}'; ${lacking.length} item(s) of evaluation set '${setName}' have none (${shown}${lacking.length > 5 ? ', …' : ''})`);
}

/** Creates the run with its items frozen and starts its workflow; returns the run's id. */
export async function createClassifierEvaluationRun(db: Db, temporal: Client, config: Config, body: { evaluation_set: string; classifier_name: string }): Promise<string> {
  const set = await getEvaluationSet(db, body.evaluation_set);
  const classifier = await findClassifierByRef(db, body.classifier_name);
  if (!classifier) throw notFound('Classifier', body.classifier_name);
  const items = await db('evaluation_items').where({ set_id: set.id }).orderBy([{ column: 'created_at' }, { column: 'id' }]).select('*');
  if (items.length === 0) throw serviceError('evaluation_set_empty', `Evaluation set '${set.name}' has no items to run`);
  checkItemsExpect(set.name, items, 'expected_segments');

  const id = newId('evaluationRun');
  await db.transaction(async (trx) => {
    await trx('evaluation_runs').insert({
      id,
      set_id: set.id,
      classifier_id: classifier.id,
      classifier_snapshot: JSON.stringify(classifier),
      options: JSON.stringify(withDefaults({})), // unused by classifier runs; every run shows the same shape
      status: 'queued',
    });
    await trx('evaluation_run_items').insert(
      items.map((item, position) => ({
        run_id: id,
        item_id: item.id,
        position,
        file_id: item.file_id,
        source_text: item.source_text,
        expected_segments: JSON.stringify(item.expected_segments),
      })),
    );
  });
  try {
    await startClassifierEvaluationWorkflow(temporal, config, id, { evaluation_set: set.name, definition_name: classifier.name });
  } catch {
    await db('evaluation_runs').where({ id }).delete();
    throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; retry the request', { retryAfterSeconds: 5 });
  }
  return id;
}
