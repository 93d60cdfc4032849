import type { ValidationErrors } from './common.js';

export const VALIDATION_ERRORS_EXAMPLE: ValidationErrors = {
  errors: { slug: 'must match pattern "^[a-z0-9]+(?:-[a-z0-9]+)*$"' },
};
