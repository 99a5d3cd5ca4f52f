// Which database errors mean "busy, retry later" rather than "bug".

const BUSY_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '57014', // query_canceled (statement timeout)
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', '08001', '08003', '08006', // connection exceptions
]);
const BUSY_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

export function isPersistenceBusy(err: unknown): boolean {
  const e = err as { name?: string; code?: string; message?: string; errors?: unknown[] } | undefined;
  if (!e) return false;
  if (e.name === 'KnexTimeoutError') return true;
  if (e.code && (BUSY_SQLSTATES.has(e.code) || BUSY_NODE_CODES.has(e.code))) return true;
  if (Array.isArray(e.errors) && e.errors.some(isPersistenceBusy)) return true; // AggregateError from net
  const msg = e.message ?? '';
  return /Connection terminated|connection is closed|Client has encountered a connection error/i.test(msg);
}
