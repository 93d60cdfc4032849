import Type, { type Static } from 'typebox';
import { MAX_HOLES } from '../../domain/course.js';
import {
  MAX_GROUP_SIZE,
  MAX_INTERVAL_MINUTES,
  TEE_SHEET_FORMATS,
} from '../../domain/tee-sheets.js';
import { TEE_TIME_PATTERN, TEE_TIME_RULE } from '../../domain/tee-times.js';
import { Id, Nullable } from '../../http/schemas/common.js';

/**
 * A tee time: the org's wall clock on the event's day (`HH:MM`), or a date-time as every
 * admin body takes it (decisions §23), without an offset on the org's clock.
 */
export const TeeTime = Type.String({
  maxLength: 40,
  pattern: TEE_TIME_PATTERN,
  errorMessage: { pattern: TEE_TIME_RULE },
  description:
    '`HH:MM` (the club’s wall clock on the event’s day), a local date-time read in the ' +
    'organization’s time zone (`2027-04-06T17:30`), or one with an offset or `Z`.',
  examples: ['17:30', '2027-04-06T17:30'],
});
export const TeeSheetFormat = Type.Enum(TEE_SHEET_FORMATS);

export const TeeSheetBody = Type.Object(
  {
    format: TeeSheetFormat,
    groups: Type.Array(
      Type.Object(
        {
          startTime: Type.Optional(Nullable(TeeTime)),
          startingHole: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_HOLES }))),
          userIds: Type.Array(Id, { maxItems: MAX_GROUP_SIZE * 4 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);
export const GenerateTeeSheetBody = Type.Object(
  {
    format: TeeSheetFormat,
    firstStart: TeeTime,
    intervalMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INTERVAL_MINUTES })),
    groupSize: Type.Integer({ minimum: 1, maximum: MAX_GROUP_SIZE }),
  },
  { additionalProperties: false },
);
/** A tee sheet as the admin API answers it: golfers by user id. */
export const AdminTeeSheet = Type.Object({
  format: TeeSheetFormat,
  groups: Type.Array(
    Type.Object({
      startTime: Nullable(
        Type.String({
          format: 'date-time',
          description: 'With the organization’s offset at that time.',
        }),
      ),
      startingHole: Nullable(Type.Integer()),
      userIds: Type.Array(Type.Integer()),
    }),
  ),
});
export type AdminTeeSheet = Static<typeof AdminTeeSheet>;

/** A tee sheet as the public reads it: names only; `format` null without a sheet. */
export const PublicTeeSheet = Type.Object(
  {
    format: Nullable(TeeSheetFormat),
    groups: Type.Array(
      Type.Object(
        {
          startTime: Nullable(Type.String({ format: 'date-time' })),
          startingHole: Nullable(Type.Integer()),
          players: Type.Array(
            Type.Object(
              { name: Type.String(), teamName: Nullable(Type.String()) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'Names only; an event without a tee sheet has `format` null and no groups.',
  },
);
export type PublicTeeSheet = Static<typeof PublicTeeSheet>;
