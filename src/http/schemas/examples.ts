import type { ValidationErrors } from './common.js';

export const VALIDATION_ERRORS_EXAMPLE: ValidationErrors = {
  errors: {
    slug: 'must be lowercase letters and digits, words joined by single hyphens (e.g. tuesday-night-league)',
    'holes.4': 'must be integer',
  },
};
