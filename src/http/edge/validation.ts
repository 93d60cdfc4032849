import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats ships CommonJS whose default export TypeScript sees one level down.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

// `verbose` puts each failing schema on its error, for the schema's own wording (`messageOf`).
const shared: Options = { allErrors: true, strict: false, useDefaults: true, verbose: true };

/** Bodies are taken as sent: a string is never a number, an unknown field is an error. */
const bodyAjv = addFormats(new Ajv({ ...shared, coerceTypes: false, removeAdditional: false }));

/** Path and query values arrive as text and are read as the schema's types. */
const urlAjv = addFormats(new Ajv({ ...shared, coerceTypes: 'array', removeAdditional: false }));

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : urlAjv;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
};

/** Lists of holes: an error names a hole by its number from 1 (`holes.1`), as golfers do. */
const HOLE_LISTS = ['holes', 'pars', 'strokeIndex'];

/** The field an Ajv error is about, as a dotted path (`body` for the body itself). */
export function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath.split('/').filter((segment) => segment !== '');
  const path = segments
    .map((segment, index) => {
      const list = segments[index - 1];
      const isHoleIndex =
        list !== undefined &&
        HOLE_LISTS.includes(list) &&
        /^\d+$/.test(segment) &&
        // An item of the list's array (maybe one branch of a nullable), not a key of an object.
        new RegExp(`/properties/${list}/(?:anyOf/\\d+/)?items/`).test(error.schemaPath);
      return isHoleIndex ? String(Number(segment) + 1) : segment;
    })
    .join('.');
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const child = params.missingProperty ?? params.additionalProperty;
  if (child !== undefined) return path === '' ? child : `${path}.${child}`;
  return path === '' ? 'body' : path;
}

/** What a value of each string format looks like, in words (Ajv's says `must match format`). */
const FORMAT_WORDS: Record<string, string> = {
  email: 'must be an e-mail address, such as ava.palmer@example.com',
  'date-time':
    'must be a date and time, such as 2027-04-06T17:30 (the organization’s time) or 2027-04-06T22:30:00Z',
  date: 'must be a calendar day, YYYY-MM-DD',
};

/**
 * Ajv's message, phrased for a person; one message per field. A schema may word a keyword's
 * failure itself (`errorMessage: { pattern: '…' }`, the convention of ajv-errors); a
 * pattern it does not word is never shown (a regular expression says nothing to a person).
 */
export function messageOf(error: ErrorObject): string {
  const own = (error.parentSchema as { errorMessage?: Record<string, unknown> } | undefined)
    ?.errorMessage?.[error.keyword];
  if (typeof own === 'string') return own;
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not allowed';
  if (error.keyword === 'minProperties') return 'must name at least one field';
  if (error.keyword === 'pattern') return 'is not written in the expected form';
  if (error.keyword === 'format') {
    const { format } = error.params as { format: string };
    return FORMAT_WORDS[format] ?? `must be a valid ${format}`;
  }
  const { limit = 0 } = error.params as { limit?: number };
  const count = (one: string, many: string) => `${String(limit)} ${limit === 1 ? one : many}`;
  if (error.keyword === 'minItems') return `must have at least ${count('entry', 'entries')}`;
  if (error.keyword === 'maxItems') return `must have at most ${count('entry', 'entries')}`;
  if (error.keyword === 'minLength')
    return `must be at least ${count('character', 'characters')} long`;
  if (error.keyword === 'maxLength')
    return `must be at most ${count('character', 'characters')} long`;
  if (error.keyword === 'enum') {
    const { allowedValues } = error.params as { allowedValues: unknown[] };
    return `must be one of: ${allowedValues.map(String).join(', ')}`;
  }
  return error.message ?? 'is invalid';
}

export function errorsMap(errors: ErrorObject[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    map[field] ??= messageOf(error);
  }
  return map;
}
