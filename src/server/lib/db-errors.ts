/**
 * True when a query failed on a unique constraint (SQLSTATE 23505). Drizzle wraps driver errors
 * in DrizzleQueryError, PGlite and postgres-js both carry `code`, so the cause chain is walked.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}
