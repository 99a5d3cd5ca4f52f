import Router from '@koa/router';
import { completeDirectUpload, createDirectUpload, createDirectUploadBody, directUploadStore } from '../../domain/direct-uploads.js';
import type { AppDeps } from '../context.js';
import { pathRef } from '../path-params.js';
import { parseRequest } from '../validation.js';

/** /v1/uploads (issue 53): direct uploads, the bytes PUT to the bucket with a presigned URL. */
export function uploadRoutes({ db, config }: AppDeps): Router {
  const router = new Router({ prefix: '/v1/uploads' });

  router.post('/', async (ctx) => {
    directUploadStore();
    const body = parseRequest('body', createDirectUploadBody, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await createDirectUpload(db, config, body);
  });

  router.post('/:upload_id/complete', async (ctx) => {
    ctx.status = 201;
    ctx.body = await completeDirectUpload(db, config, pathRef(ctx.params, 'upload_id'));
  });

  return router;
}
