import Type, { type Static } from 'typebox';
import { MAX_HOLES } from '../../domain/course.js';
import {
  MAX_GROUP_SIZE,
  MAX_INTERVAL_MINUTES,
  TEE_SHEET_FORMATS,
} from '../../domain/tee-sheets.js';
import { Id, Nullable } from '../../http/schemas/common.js';

/** A tee time: the org's wall clock on the event's day, or an instant with an offset. */

export const TeeTime = Type.String({
  minLength: 1,
  maxLength: 40,
  description: '`HH:MM` (the club’s wall clock on the event’s day) or an ISO 8601 date-time.',
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
      startTime: Nullable(Type.String()),
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
