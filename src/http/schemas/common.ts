import type { FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { NotFoundError } from '../../domain/errors.js';
import { ADMIN_DATE_TIME_PATTERN, ADMIN_DATE_TIME_RULE } from '../../domain/local-times.js';

/** Largest id a path or query may name (ids are 32-bit integers). */
export const MAX_ID = 2_147_483_647;

export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const SLUG_MAX_LENGTH = 100;

/** How a path id is written: `02`, `+2`, `2.0`, `0x2` and `1e0` name nothing. */
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;
const SLUG = new RegExp(SLUG_PATTERN);

/** Whether a path value cannot name anything its parameter's schema (`property`) names. */
function namesNothing(property: PathProperty, value: string): boolean {
  if (property.type === 'integer') return !CANONICAL_ID.test(value);
  // An id or a slug (`idOrSlugOf`).
  if (property.anyOf?.some((branch) => branch.type === 'integer') !== true) return false;
  // Digits alone are an id (`02` names nothing); anything else is a slug.
  if (/^[0-9]+$/.test(value)) return !CANONICAL_ID.test(value);
  return value.length > SLUG_MAX_LENGTH || !SLUG.test(value);
}
interface PathProperty {
  type?: unknown;
  anyOf?: readonly { type?: unknown }[];
}

/**
 * A `preValidation` hook: every integer path parameter is an id written as a canonical
 * decimal, and every id-or-slug parameter such an id or a slug, else the usual 404 (a
 * path that names nothing). It reads the text as sent, which validation would first turn
 * into a number (`0x2` into 2).
 */
export async function requireCanonicalIds(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema?.params as
    { properties?: Record<string, PathProperty> } | undefined;
  const params = request.params as Record<string, string | undefined>;
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (namesNothing(property, params[name] ?? '')) throw new NotFoundError();
  }
}

/** How a failed slug is worded in a 422 (never the pattern itself). */
export const SLUG_RULE = {
  pattern:
    'must be lowercase letters and digits, words joined by single hyphens (e.g. tuesday-night-league)',
};

export const Slug = Type.String({
  pattern: SLUG_PATTERN,
  minLength: 1,
  maxLength: 100,
  errorMessage: SLUG_RULE,
});
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
/**
 * Organizer and golfer text has no control characters other than tab and newline (a NUL
 * cannot even be stored; the others only hide or break what pages show).
 */
export const TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]*$';
/** How a failed `TEXT_PATTERN` is worded in a 422. */
export const TEXT_PATTERN_RULE =
  'must not contain control characters (tab and newline are allowed)';

/**
 * Organizer and golfer text: one to `maxLength` characters of `TEXT_PATTERN`.
 * `errorMessage` words a failed `pattern` for the 422.
 */
export const Text = (maxLength: number, description?: string) =>
  Type.String({
    ...(description === undefined ? {} : { description }),
    minLength: 1,
    maxLength,
    pattern: TEXT_PATTERN,
    errorMessage: { pattern: TEXT_PATTERN_RULE },
  });

export const CalendarDate = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  errorMessage: { pattern: 'must be a calendar day, YYYY-MM-DD (e.g. 2027-04-06)' },
  description: 'A calendar day, YYYY-MM-DD.',
});

/** A time in an admin body (decisions §23): the organization's wall clock unless it has an offset. */
export const AdminDateTime = (description: string) =>
  Type.String({
    pattern: ADMIN_DATE_TIME_PATTERN,
    errorMessage: { pattern: ADMIN_DATE_TIME_RULE },
    description: `${description} A time without an offset is read in the organization’s time zone.`,
    examples: ['2027-04-06T17:30'],
  });

/**
 * A time in an admin answer (decisions §23): the organization's wall clock with its offset
 * at that instant, as `withZoneOffset` writes it.
 */
export const ZonedDateTime = Type.String({
  format: 'date-time',
  description: 'On the organization’s clock, with its offset at that time.',
});

/** A slug in a path, described for the OpenAPI documents by what it names. */
const slugOf = (what: string, example: string) =>
  Type.String({
    pattern: SLUG_PATTERN,
    minLength: 1,
    maxLength: SLUG_MAX_LENGTH,
    errorMessage: SLUG_RULE,
    description: `The ${what}’s slug, e.g. \`${example}\`.`,
  });
/** An id in a path, described for the OpenAPI documents by what it names. */
const idOf = (what: string) =>
  Type.Integer({ minimum: 1, maximum: MAX_ID, description: `The ${what}’s id.` });

/**
 * A league's or an event's id or slug in an admin path (decisions §23): digits alone are
 * the id, anything else the slug within the path's org. Routes resolve it through their
 * resource's service (`resolveLeagueId`, `resolveEventId`).
 */
// The slug comes first: validation would turn a slug such as `0x2` or `1e0` into a number
// if the integer were tried first. Digits alone pass as the slug branch's text, and
// `idOfRef` (src/domain/id-or-slug.ts) reads them as the id.
const idOrSlugOf = (what: string, example: string) =>
  Type.Union([slugOf(what, example), Type.Integer({ minimum: 1, maximum: MAX_ID })], {
    description: `The ${what}’s id, or its slug (e.g. \`${example}\`); digits alone are read as the id.`,
  });

const OrgSlug = slugOf('organization', 'demo-golf-club');
const LeagueId = idOf('league');
const LeagueRef = idOrSlugOf('league', 'tuesday-night-league');
const EventRef = idOrSlugOf('event', 'tuesday-night-6');
const UserId = idOf('golfer');

export const OrgParams = Type.Object({ orgSlug: OrgSlug });
export const LeagueSlugParams = Type.Object({
  orgSlug: OrgSlug,
  slug: slugOf('league', 'tuesday-night-league'),
});
export const LeagueIdParams = Type.Object({ orgSlug: OrgSlug, id: LeagueId });
export const TeamParams = Type.Object({ orgSlug: OrgSlug, id: LeagueId, teamId: idOf('team') });
/** Admin paths of a league (§23): by id or slug. */
export const LeagueRefParams = Type.Object({ orgSlug: OrgSlug, id: LeagueRef });
export const LeagueTeamParams = Type.Object({
  orgSlug: OrgSlug,
  id: LeagueRef,
  teamId: idOf('team'),
});
export const RegistrationParams = Type.Object({ orgSlug: OrgSlug, id: LeagueRef, userId: UserId });

/** 422 body: each invalid field mapped to what is wrong with it. */
export const ValidationErrors = Type.Object({
  errors: Type.Record(Type.String(), Type.String()),
});
export type ValidationErrors = Static<typeof ValidationErrors>;

export const EventSlugParams = Type.Object({
  orgSlug: OrgSlug,
  eventSlug: slugOf('event', 'tuesday-night-6'),
});
export const StandingSeriesParams = Type.Object({
  orgSlug: OrgSlug,
  seriesId: idOf('standings series'),
});
export const CompetitorParams = Type.Object({
  orgSlug: OrgSlug,
  seriesId: idOf('standings series'),
  competitorId: idOf('competitor'),
});
/** Admin paths of an event (§23): by id or slug. */
export const EventRefParams = Type.Object({ orgSlug: OrgSlug, id: EventRef });
export const EventEntryParams = Type.Object({ orgSlug: OrgSlug, id: EventRef, userId: UserId });

export const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Email = Type.String({ format: 'email', maxLength: 254 });

/** Largest page an admin list answers. */
export const MAX_ADMIN_PAGE = 200;

/** Paging of admin lists: `count` in the answer is the number before paging. */
export const pageFields = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_ADMIN_PAGE,
      default: 50,
      description: 'Records per page.',
    }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1000000,
      default: 0,
      description: 'Records to skip before the page.',
    }),
  ),
};
export const PageQuery = Type.Object(pageFields);
export type PageQuery = Static<typeof PageQuery>;

/** A page of an admin list: the window asked for, with defaults applied. */
export interface Page {
  limit: number;
  offset: number;
}
export const pageOf = (query: PageQuery): Page => ({
  limit: query.limit ?? 50,
  offset: query.offset ?? 0,
});
