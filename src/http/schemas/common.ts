import Type from 'typebox';

/** Largest id a path or query may name (ids are 32-bit integers). */
export const MAX_ID = 2_147_483_647;

export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

export const Slug = Type.String({ pattern: SLUG_PATTERN, minLength: 1, maxLength: 100 });
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
export const CalendarDate = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'A calendar day, YYYY-MM-DD.',
});

export const OrgParams = Type.Object({ orgSlug: Slug });
export const LeagueSlugParams = Type.Object({ orgSlug: Slug, slug: Slug });
export const LeagueIdParams = Type.Object({ orgSlug: Slug, id: Id });
export const TeamParams = Type.Object({ orgSlug: Slug, id: Id, teamId: Id });
export const RegistrationParams = Type.Object({ orgSlug: Slug, id: Id, userId: Id });

/** The body of every plain-text error response. */
export const PlainTextError = Type.String({ description: 'A plain-text explanation.' });

/** 422 body: each invalid field mapped to what is wrong with it. */
export const ValidationErrors = Type.Object({
  errors: Type.Record(Type.String(), Type.String()),
});

export const EventSlugParams = Type.Object({ orgSlug: Slug, eventSlug: Slug });
export const SeriesParams = Type.Object({ orgSlug: Slug, seriesId: Id });
export const CompetitorParams = Type.Object({ orgSlug: Slug, seriesId: Id, competitorId: Id });
export const EventEntryParams = Type.Object({ orgSlug: Slug, id: Id, userId: Id });
