// Postgres error classification by SQLSTATE.
const code = (err: unknown) => (err as { code?: string } | undefined)?.code;

/** 23503 foreign_key_violation, or 23001 restrict_violation from an ON DELETE RESTRICT key. */
export const isForeignKeyViolation = (err: unknown) => code(err) === '23503' || code(err) === '23001';
export const isUniqueViolation = (err: unknown) => code(err) === '23505';
