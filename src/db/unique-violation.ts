import { ConflictError } from '../domain/errors.js';

const UNIQUE_VIOLATION = '23505';

/** Whether a database error is a unique-constraint violation (PostgreSQL and PGlite alike). */
function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === UNIQUE_VIOLATION
  );
}

/**
 * A `catch` handler that turns a unique-constraint violation into a 409 with `message`
 * and lets every other error through.
 */
export function conflictOnDuplicate(message: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new ConflictError(message);
    throw error;
  };
}
