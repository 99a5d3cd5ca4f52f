import Router from '@koa/router';
import {
  addEvaluationItem,
  createEvaluationItemBody,
  createEvaluationSet,
  createEvaluationSetBody,
  deleteEvaluationItem,
  deleteEvaluationSet,
  getEvaluationItem,
  getEvaluationSet,
  listEvaluationItems,
  listEvaluationSets,
  replaceEvaluationItem,
  replaceEvaluationItemBody,
} from '../../domain/evaluation-sets.js';
import {
  cancelEvaluationRun,
  compareEvaluationRuns,
  createEvaluationRun,
  createEvaluationRunBody,
  deleteEvaluationRun,
  getEvaluationRun,
  listEvaluationRuns,
  listEvaluationRunsQuery,
} from '../../domain/evaluation-runs.js';
import { runThresholds, thresholdsBody } from '../../domain/evaluation-thresholds.js';
import type { AppDeps } from '../context.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import { pathRef } from '../path-params.js';
import { parseRequest, requireJsonBody } from '../validation.js';

const runListQuery = listEvaluationRunsQuery.extend(pageQuerySchema.shape);

/** /v1/evaluation-sets (and their items) and /v1/evaluation-runs. */
export function evaluationRoutes({ db, temporal, config }: AppDeps): Router[] {
  const sets = new Router({ prefix: '/v1/evaluation-sets' });

  sets.post('/', async (ctx) => {
    const body = parseRequest('body', createEvaluationSetBody, requireJsonBody(ctx));
    ctx.status = 201;
    ctx.body = await createEvaluationSet(db, body);
  });

  sets.get('/', async (ctx) => {
    const page = parseRequest('query', pageQuerySchema, ctx.query);
    const { rows, nextCursor } = await listEvaluationSets(db, page);
    setPageHeaders(ctx, nextCursor);
    ctx.body = rows;
  });

  sets.get('/:set_ref', async (ctx) => {
    ctx.body = await getEvaluationSet(db, pathRef(ctx.params, 'set_ref'));
  });

  sets.delete('/:set_ref', async (ctx) => {
    await deleteEvaluationSet(db, pathRef(ctx.params, 'set_ref'));
    ctx.status = 204;
  });

  sets.post('/:set_ref/items', async (ctx) => {
    const setRef = pathRef(ctx.params, 'set_ref');
    const body = parseRequest('body', createEvaluationItemBody, requireJsonBody(ctx));
    ctx.status = 201;
    ctx.body = await addEvaluationItem(db, setRef, body);
  });

  sets.get('/:set_ref/items', async (ctx) => {
    const setRef = pathRef(ctx.params, 'set_ref');
    const page = parseRequest('query', pageQuerySchema, ctx.query);
    const { rows, nextCursor } = await listEvaluationItems(db, setRef, page);
    setPageHeaders(ctx, nextCursor);
    ctx.body = rows;
  });

  sets.get('/:set_ref/items/:item_id', async (ctx) => {
    ctx.body = await getEvaluationItem(db, pathRef(ctx.params, 'set_ref'), pathRef(ctx.params, 'item_id'));
  });

  sets.put('/:set_ref/items/:item_id', async (ctx) => {
    const setRef = pathRef(ctx.params, 'set_ref');
    const itemId = pathRef(ctx.params, 'item_id');
    const body = parseRequest('body', replaceEvaluationItemBody, requireJsonBody(ctx));
    ctx.body = await replaceEvaluationItem(db, setRef, itemId, body);
  });

  sets.delete('/:set_ref/items/:item_id', async (ctx) => {
    await deleteEvaluationItem(db, pathRef(ctx.params, 'set_ref'), pathRef(ctx.params, 'item_id'));
    ctx.status = 204;
  });

  const runs = new Router({ prefix: '/v1/evaluation-runs' });

  runs.post('/', async (ctx) => {
    const body = parseRequest('body', createEvaluationRunBody, requireJsonBody(ctx));
    ctx.status = 201;
    ctx.body = await createEvaluationRun(db, temporal, config, body);
  });

  runs.get('/', async (ctx) => {
    const { limit, cursor, ...filter } = parseRequest('query', runListQuery, ctx.query);
    const { rows, nextCursor } = await listEvaluationRuns(db, filter, { limit, cursor });
    setPageHeaders(ctx, nextCursor);
    ctx.body = rows;
  });

  runs.get('/:run_id', async (ctx) => {
    ctx.body = await getEvaluationRun(db, pathRef(ctx.params, 'run_id'));
  });

  runs.post('/:run_id/cancel', async (ctx) => {
    ctx.body = await cancelEvaluationRun(db, temporal, pathRef(ctx.params, 'run_id'));
  });

  runs.delete('/:run_id', async (ctx) => {
    await deleteEvaluationRun(db, pathRef(ctx.params, 'run_id'));
    ctx.status = 204;
  });

  runs.post('/:run_id/thresholds', async (ctx) => {
    const runId = pathRef(ctx.params, 'run_id');
    const body = parseRequest('body', thresholdsBody, requireJsonBody(ctx));
    ctx.body = await runThresholds({ db, config }, runId, body);
  });

  runs.get('/:run_id/compare/:other_run_id', async (ctx) => {
    ctx.body = await compareEvaluationRuns(db, pathRef(ctx.params, 'run_id'), pathRef(ctx.params, 'other_run_id'));
  });

  return [sets, runs];
}
