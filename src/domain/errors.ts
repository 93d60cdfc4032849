/** Base of the failures a caller caused; the HTTP edge maps each to one status. */
export abstract class ClientError extends Error {
  abstract readonly status: number;
}

/** Unknown or hidden: the message is fixed so that both answers are byte-identical. */
export class NotFoundError extends ClientError {
  readonly status = 404;
  constructor() {
    super('Not Found');
  }
}

/** A caller who is known but may not do this; the message says what the caller may do. */
export class ForbiddenError extends ClientError {
  readonly status = 403;
}

export class ConflictError extends ClientError {
  readonly status = 409;
}

/** A request body that breaks a rule; `errors` maps each field to what is wrong with it. */
export class ValidationError extends ClientError {
  readonly status = 422;
  constructor(readonly errors: Record<string, string>) {
    super('Validation failed');
  }
}
