import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

/** The parts of an OpenAPI operation the tests read. */
export interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: {
    in: string;
    name: string;
    required?: boolean;
    description?: string;
    schema?: JsonSchema;
  }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<
    string,
    { content?: Record<string, { schema?: JsonSchema; example?: unknown }> }
  >;
}

export interface OpenApiDocument extends Record<string, unknown> {
  openapi: string;
  servers: { url: string }[];
  security: unknown[];
  tags: { name: string }[];
  paths: Record<string, Partial<Record<HttpMethod, Operation>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A JSON Schema as TypeBox writes it into the document. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  $ref?: string;
}

export interface DocumentedOperation {
  path: string;
  method: Uppercase<HttpMethod>;
  operation: Operation;
}

export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method: method.toUpperCase() as Uppercase<HttpMethod>,
      operation,
    })),
  );
}

/**
 * A live stream never ends by itself, so an injected request for one never completes; its
 * own suite reads its answers over sockets (test/leaderboard-stream.test.ts).
 */
export function isEventStream(operation: Operation): boolean {
  return operation.responses['200']?.content?.['text/event-stream'] !== undefined;
}

/** The media type a response was sent with, or none for a bodiless 304. */
export function mediaTypeOf(response: LightMyRequestResponse): string | undefined {
  const type = response.headers['content-type'];
  return typeof type === 'string' ? type.split(';')[0] : undefined;
}

/** Asserts that the answer's status is documented for the operation, with its media type. */
export function assertDocumented(
  operation: Operation,
  response: LightMyRequestResponse,
  what: string,
): void {
  const documented = operation.responses[String(response.statusCode)];
  assert.ok(documented !== undefined, `${what} answered ${response.statusCode}, not documented`);
  const mediaType = mediaTypeOf(response);
  if (documented.content === undefined) {
    assert.equal(response.body, '', `${what}: ${response.statusCode} is documented without a body`);
  } else {
    assert.ok(
      mediaType !== undefined && mediaType in documented.content,
      `${what}: ${response.statusCode} sent ${mediaType}, documented ${Object.keys(documented.content).join(', ')}`,
    );
  }
}
