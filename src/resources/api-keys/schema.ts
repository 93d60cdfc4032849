import Type, { type Static } from 'typebox';
import {
  AdminDateTime,
  Id,
  MAX_ID,
  Nullable,
  OrgParams,
  Text,
  ZonedDateTime,
} from '../../http/schemas/common.js';

export const API_KEY_ROLES = ['organizer', 'scorer'] as const;

export const CreateApiKeyBody = Type.Object(
  {
    name: Text(100, 'What the key is for, e.g. `Tuesday scorer, group 3`.'),
    role: Type.Enum(API_KEY_ROLES, {
      description:
        '`organizer`: every admin operation of the organization; `scorer`: the scores of one event.',
    }),
    eventId: Type.Optional(Id),
    expiresAt: Type.Optional(
      AdminDateTime(
        'When the key stops working. Scorer keys default to the end of their event’s last day in the organization’s time zone; organizer keys to never.',
      ),
    ),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const ApiKeyParams = Type.Object({
  orgSlug: OrgParams.properties.orgSlug,
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The key’s id.' }),
});

const apiKeyFields = {
  id: Type.Integer(),
  name: Type.String(),
  role: Type.Enum(API_KEY_ROLES),
  eventId: Nullable(Type.Integer()),
  hint: Type.String({ description: 'The key’s first characters, to tell keys apart.' }),
  expiresAt: Nullable(ZonedDateTime),
  createdAt: ZonedDateTime,
};

export const AdminApiKey = Type.Object(apiKeyFields);
export type AdminApiKey = Static<typeof AdminApiKey>;

export const CreatedApiKey = Type.Object({
  ...apiKeyFields,
  key: Type.String({
    description: 'The key itself, for `Authorization: Bearer <key>`; shown only in this answer.',
  }),
  scoringLink: Nullable(
    Type.String({
      description:
        'For a scorer key: the scoring page with the key in its fragment (this server’s path; prefix its origin), to share or print.',
    }),
  ),
});
export type CreatedApiKey = Static<typeof CreatedApiKey>;

export const ApiKeyList = Type.Object({
  count: Type.Integer(),
  apiKeys: Type.Array(AdminApiKey),
});
export type ApiKeyList = Static<typeof ApiKeyList>;
