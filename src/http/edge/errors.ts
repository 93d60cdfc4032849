import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from '../../db/errors.js';
import { ClientError, NotFoundError, ValidationError } from '../../domain/errors.js';
import type { RouteTable } from './route-table.js';
import { errorsMap, fieldOf, messageOf } from './validation.js';

const PLAIN_TEXT = 'text/plain; charset=utf-8';

/** Sends a plain-text failure; every error but body validation goes through here. */
export async function sendPlainText(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type(PLAIN_TEXT).send(message);
}

/** The one 404: the same plain-text body whatever was not found. */
export async function sendNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return sendPlainText(reply, 404, new NotFoundError().message);
}

/** How long a client should wait before it asks again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer of every route that needs the database while it cannot be reached. */
export async function sendDatabaseUnavailable(reply: FastifyReply) {
  void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return sendPlainText(reply, 503, 'Service Unavailable: the database cannot be reached.');
}

/**
 * The not-found handler: a path that some route takes with other methods is 405 with
 * `Allow`, any other is the one 404. In a scope that answers preflights on every path,
 * `OPTIONS` is allowed too.
 */
export function notRouted(routes: RouteTable, scope: { preflight: boolean }) {
  return async function answerNotRouted(request: FastifyRequest, reply: FastifyReply) {
    const methods: string[] = routes.methodsAt(request.url);
    if (methods.length === 0 || methods.includes(request.method)) {
      return sendNotFound(request, reply);
    }
    if (scope.preflight) methods.push('OPTIONS');
    void reply.header('allow', [...new Set(methods)].sort().join(', '));
    return sendPlainText(reply, 405, 'Method Not Allowed');
  };
}

function validationFailure(error: FastifyError, reply: FastifyReply) {
  const errors = (error.validation ?? []) as ErrorObject[];
  switch (error.validationContext) {
    case 'body':
      return reply.code(422).send({ errors: errorsMap(errors) });
    case 'params':
      // A malformed path id names nothing, like an unknown one.
      return sendNotFound(reply.request, reply);
    default: {
      const first = errors[0];
      const detail = first === undefined ? 'is invalid' : `${fieldOf(first)} ${messageOf(first)}`;
      return sendPlainText(reply, 400, `Invalid query parameter: ${detail}`);
    }
  }
}

/** Maps every failure to its status in one place; 5xx bodies never carry internals. */
export function registerErrorHandling(app: FastifyInstance, routes: RouteTable): void {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation !== undefined) return validationFailure(error, reply);
    if (error instanceof ValidationError) return reply.code(422).send({ errors: error.errors });
    if (error instanceof ClientError) return sendPlainText(reply, error.status, error.message);
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ err: error.cause }, 'database unavailable');
      return sendDatabaseUnavailable(reply);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendPlainText(reply, status, clientMessage(error));
    request.log.error({ err: error }, 'request failed');
    return sendPlainText(reply, 500, 'Internal Server Error');
  });

  app.setNotFoundHandler(notRouted(routes, { preflight: false }));
}

/** Fastify's own client errors (bad JSON, body too large, unsupported type) in plain words. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty.';
    default:
      return error.statusCode === 400 && error instanceof SyntaxError
        ? 'Request body is not valid JSON.'
        : error.message;
  }
}
