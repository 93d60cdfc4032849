import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

export const PLAIN_TEXT = 'text/plain; charset=utf-8';

/** A failure answered in plain text with `status` and an explanation. */
export function assertPlainText(response: LightMyRequestResponse, status: number, what = ''): void {
  assert.equal(response.statusCode, status, `${what} (body: ${response.body.slice(0, 200)})`);
  assert.equal(response.headers['content-type'], PLAIN_TEXT, what);
  assert.ok(response.body.length > 0, `${what}: the failure is explained`);
}

/**
 * A 422 whose JSON body is exactly `{"errors": {...}}`, naming each of `fields` with a
 * message; returns the errors map.
 */
export function assertInvalid(
  response: LightMyRequestResponse,
  fields: string[] = [],
): Record<string, string> {
  assert.equal(response.statusCode, 422, response.body);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const body = response.json<{ errors: Record<string, string> }>();
  assert.deepEqual(Object.keys(body), ['errors']);
  assert.ok(Object.keys(body.errors).length > 0, 'the errors map names at least one field');
  for (const message of Object.values(body.errors)) assert.equal(typeof message, 'string');
  for (const field of fields) {
    assert.equal(typeof body.errors[field], 'string', `errors.${field} in ${response.body}`);
  }
  return body.errors;
}

/** A response without the headers that differ between two identical calls. */
export function comparable(response: LightMyRequestResponse) {
  const headers: Record<string, unknown> = { ...response.headers };
  for (const header of ['date', 'ratelimit']) Reflect.deleteProperty(headers, header);
  return { status: response.statusCode, body: response.body, headers };
}

/**
 * Calls `answer` for every one of `inputs` and checks each is a plain-text 404, comparing
 * them all at once so a failure lists every input that went wrong.
 */
export async function assertEachNotFound(
  inputs: string[],
  answer: (input: string) => Promise<LightMyRequestResponse>,
): Promise<void> {
  const answers = [];
  for (const input of inputs) {
    const response = await answer(input);
    answers.push({ input, status: response.statusCode, type: response.headers['content-type'] });
  }
  assert.deepEqual(
    answers,
    inputs.map((input) => ({ input, status: 404, type: PLAIN_TEXT })),
  );
}
