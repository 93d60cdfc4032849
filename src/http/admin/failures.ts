import { PlainTextError, ValidationErrors } from '../schemas/common.js';

/** The failures every admin route can answer. */
export const adminFailures = {
  401: PlainTextError,
  404: PlainTextError,
  409: PlainTextError,
  422: ValidationErrors,
};
