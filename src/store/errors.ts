const UNIQUE_VIOLATION = '23505';

/** Whether a database error is a unique-constraint violation (PostgreSQL and PGlite alike). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === UNIQUE_VIOLATION
  );
}
