import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import Router from '@koa/router';
import { create as contentDisposition } from 'content-disposition';
import { errors as formidableErrors } from 'formidable';
import { koaBody } from 'koa-body';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { createFile, deleteFile, getFile, getFileContent, listFiles } from '../../domain/files.js';
import { pageImageTag, renderFilePage } from '../../domain/page-images.js';
import { filePageText } from '../../domain/page-text.js';
import { fileFormFields } from '../../domain/form-fields.js';
import { fileSearchablePdf } from '../../domain/searchable-pdf.js';
import { FILE_CHUNK_BYTES } from '../../storage/file-store.js';
import { pageQuerySchema, setPageHeaders } from '../pagination.js';
import type { AppDeps } from '../context.js';
import { ApiError, RequestValidationError } from '../errors.js';
import { refuseHostileMultipart } from '../middleware/hostile-strings.js';
import { pathRef } from '../path-params.js';
import { integerParam, parseRequest } from '../validation.js';

const pageParam = z.object({ page: integerParam(1, 1_000_000) });
/** `parent_file_id`: only the attachments of that e-mail, in attachment order. */
const fileListQuery = pageQuerySchema.extend({ parent_file_id: z.string().min(1).max(200).optional() });

export function fileRoutes({ db, config }: AppDeps): Router {
  const router = new Router({ prefix: '/v1/files' });

  router.post('/', multipartUpload(config.maxUploadBytes), async (ctx) => {
    const files = ctx.request.files ?? {};
    const upload = files.upload;
    const extraParts = Object.keys(files).filter((k) => k !== 'upload');
    if (!upload || Array.isArray(upload) || extraParts.length > 0) {
      throw new RequestValidationError([
        {
          loc: ['body', 'upload'],
          msg: upload ? 'Exactly one file part named "upload" is expected' : 'Field required',
          type: upload ? 'value_error' : 'missing',
        },
      ]);
    }
    // Read from the temporary file chunk by chunk, never whole.
    const content = createReadStream(upload.filepath, { highWaterMark: FILE_CHUNK_BYTES });
    try {
      ctx.status = 201;
      ctx.body = await createFile(db, config, { content, filename: upload.originalFilename, declaredType: upload.mimetype }, { maxAttachments: config.maxAttachments });
    } finally {
      content.destroy();
      await unlink(upload.filepath).catch(() => {});
    }
  });

  router.get('/', async (ctx) => {
    const q = parseRequest('query', fileListQuery, ctx.query);
    const page = await listFiles(db, { limit: q.limit, cursor: q.cursor, parentFileId: q.parent_file_id });
    ctx.body = page.rows;
    setPageHeaders(ctx, page.nextCursor);
  });

  router.get('/:file_id', async (ctx) => {
    ctx.body = await getFile(db, pathRef(ctx.params, 'file_id'));
  });

  router.get('/:file_id/content', async (ctx) => {
    const { file, content } = await getFileContent(db, pathRef(ctx.params, 'file_id'));
    ctx.type = file.media_type;
    ctx.set('Content-Disposition', contentDisposition(file.filename, { type: 'attachment' }));
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Streamed in chunks from storage, so the whole file is never held in memory. The length
    // comes from the record (written in the same transaction as the bytes); set after the body,
    // since Koa drops a Content-Length set before a stream body replaces another body.
    ctx.body = content;
    ctx.length = file.size_bytes;
  });

  // A page as an image (what the model sees), for viewers such as the studio. Immutable: a file id
  // never gets other bytes, and the ETag also names the render settings.
  router.get('/:file_id/pages/:page', async (ctx) => {
    const id = pathRef(ctx.params, 'file_id');
    const { page } = parseRequest('path', pageParam, { page: ctx.params.page });
    const file = await getFile(db, id);
    const tag = pageImageTag(file, page, config);
    ctx.set('ETag', tag);
    ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
    // Weak comparison (RFC 9110 13.1.2), as If-None-Match asks: `W/"x"` and `"x"` match.
    const opaque = (t: string) => t.replace(/^W\//, '');
    if (ctx.get('if-none-match').split(/\s*,\s*/).map(opaque).includes(opaque(tag))) {
      ctx.status = 304;
      return;
    }
    const image = await renderFilePage(db, config, file, page);
    ctx.set('X-Page-Count', String(image.pageCount));
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Bytes typed as bytes for a client that asks for nothing else (generated clients read those).
    ctx.type = ctx.accepts(image.mediaType, 'application/octet-stream') === 'application/octet-stream' ? 'application/octet-stream' : image.mediaType;
    ctx.body = image.bytes;
  });

  // A page's text layer and its words' boxes (0..1 of the page, as provenance boxes); a scan has none.
  router.get('/:file_id/pages/:page/text', async (ctx) => {
    const id = pathRef(ctx.params, 'file_id');
    const { page } = parseRequest('path', pageParam, { page: ctx.params.page });
    const file = await getFile(db, id);
    ctx.body = await filePageText(db, config, file, page);
  });

  // A PDF's AcroForm fields with their values and boxes; [] for any other file or a PDF without a form.
  router.get('/:file_id/form-fields', async (ctx) => {
    ctx.body = await fileFormFields(db, pathRef(ctx.params, 'file_id'));
  });

  // The file as a searchable PDF: OCR words as invisible text over scanned pages (issue 54).
  router.get('/:file_id/searchable.pdf', async (ctx) => {
    const file = await getFile(db, pathRef(ctx.params, 'file_id'));
    const pdf = await fileSearchablePdf(db, config, file);
    ctx.type = ctx.accepts('application/pdf', 'application/octet-stream') === 'application/octet-stream' ? 'application/octet-stream' : 'application/pdf';
    ctx.set('Content-Disposition', contentDisposition(`${file.filename.replace(/\.[^.]*$/, '')}.searchable.pdf`, { type: 'attachment' }));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = pdf;
  });

  router.delete('/:file_id', async (ctx) => {
    await deleteFile(db, pathRef(ctx.params, 'file_id'));
    ctx.status = 204;
  });

  return router;
}

// Text fields beside the file part are ignored (never stored, so any characters will do), and few
// and small ones are enough: at most 10 names (openapi.yaml, FileUpload: maxProperties), of 64 KiB
// in all. A name may be repeated (a form's way to send a list, as OpenAPI encodes an array
// property): the parts of the form are bounded apart, far above what 10 such properties need.
const MAX_FORM_FIELDS = 10;
const MAX_FORM_FIELD_PARTS = 1000;
const MAX_FORM_FIELDS_BYTES = 64 * 1024;
const TOO_MANY_PARTS = `Only one file part named "upload" is read; the form has too many parts (${MAX_FORM_FIELDS} text field names, ${MAX_FORM_FIELD_PARTS} text parts, ${MAX_FORM_FIELDS_BYTES} bytes at most)`;

/**
 * Streams the multipart body to a temporary file (formidable), refusing it past the size limit
 * with 413 before it is fully read.
 */
function multipartUpload(maxBytes: number): Middleware {
  const parse = koaBody({
    multipart: true,
    urlencoded: false,
    json: false,
    text: false,
    formidable: {
      maxFileSize: maxBytes,
      maxTotalFileSize: maxBytes,
      maxFiles: 2,
      allowEmptyFiles: true,
      minFileSize: 0,
      maxFields: MAX_FORM_FIELD_PARTS,
      maxFieldsSize: MAX_FORM_FIELDS_BYTES,
      // A part's Content-Type is optional (RFC 7578, 4.4), but formidable reads a part without one
      // as a text field, so a document sent without it was answered "Field required". The
      // `upload` part, or any part with a filename, is a file; its bytes tell its type.
      onPart: (part, handlePart) => {
        if (!part.mimetype && (part.name === 'upload' || part.originalFilename)) part.mimetype = 'application/octet-stream';
        handlePart(part);
      },
    },
  });
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) {
      throw new ApiError(415, 'unsupported_media_type', 'Upload with Content-Type multipart/form-data and one file part named "upload"');
    }
    try {
      await parse(ctx, async () => {});
    } catch (err) {
      const e = err as { code?: number; message?: string };
      if (e.code === formidableErrors.biggerThanMaxFileSize || e.code === formidableErrors.biggerThanTotalMaxFileSize) {
        throw new ApiError(413, 'file_too_large', `The upload exceeds the limit of ${maxBytes} bytes`);
      }
      // Formidable answers these with 413 too, but they are about the form's shape, not the
      // file's size: the same 422 as a form with a second file part.
      if (e.code === formidableErrors.maxFilesExceeded || e.code === formidableErrors.maxFieldsExceeded || e.code === formidableErrors.maxFieldsSizeExceeded) {
        throw new RequestValidationError([{ loc: ['body'], msg: TOO_MANY_PARTS, type: 'value_error' }]);
      }
      throw new ApiError(400, 'invalid_multipart', `The multipart body could not be read: ${e.message ?? 'malformed'}`);
    }
    try {
      const fieldNames = Object.keys((ctx.request.body ?? {}) as Record<string, unknown>).filter((name) => name !== 'upload');
      if (fieldNames.length > MAX_FORM_FIELDS) throw new RequestValidationError([{ loc: ['body'], msg: TOO_MANY_PARTS, type: 'value_error' }]);
      refuseHostileMultipart(ctx);
    } catch (err) {
      // A refused form leaves no temporary file behind.
      for (const f of Object.values(ctx.request.files ?? {}).flat()) await unlink(f.filepath).catch(() => {});
      throw err;
    }
    await next();
  };
}
