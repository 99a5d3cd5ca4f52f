import type { Db } from './db.js';

/**
 * Where uploaded bytes live. Postgres (bytea) by default so api and worker on any host can read
 * them; an object store can implement the same interface later.
 */
export interface FileStore {
  put(fileId: string, bytes: Buffer, trx?: Db): Promise<void>;
  get(fileId: string): Promise<Buffer | null>;
}

export function postgresFileStore(db: Db): FileStore {
  return {
    async put(fileId, bytes, trx) {
      await (trx ?? db)('file_blobs').insert({ file_id: fileId, content: bytes });
    },
    async get(fileId) {
      const row = await db('file_blobs').where({ file_id: fileId }).first('content');
      return row ? (row.content as Buffer) : null;
    },
  };
}
