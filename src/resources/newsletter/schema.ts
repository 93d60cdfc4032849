import Type, { type Static } from 'typebox';
import {
  Email,
  MAX_ID,
  Nullable,
  OrgParams,
  Text,
  ZonedDateTime,
} from '../../http/schemas/common.js';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'erased'] as const;

export const SubscribeBody = Type.Object({
  email: Type.String({
    ...Email,
    description: 'The address to subscribe; a confirmation mail goes to it.',
    errorMessage: { format: 'must be an e-mail address' },
  }),
  name: Type.Optional(Text(100)),
  consent: Type.Literal(true, {
    description: 'The visitor ticked the consent box, agreeing to the organization’s consent text.',
    errorMessage: 'must be true: the visitor agrees to the consent text',
  }),
  source: Type.Optional(Text(100, 'Where the form was, e.g. `footer` or `widget`.')),
  website: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Leave empty: a form field hidden from people, filled only by bots.',
    }),
  ),
});
export type SubscribeBody = Static<typeof SubscribeBody>;

export const SubscribeAnswer = Type.Object(
  { status: Type.Literal('pending') },
  { additionalProperties: false },
);
export type SubscribeAnswer = Static<typeof SubscribeAnswer>;

export const SubscriberParams = Type.Object({
  orgSlug: OrgParams.properties.orgSlug,
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The subscriber’s id.' }),
});

export const SubscriberListQuery = Type.Object({
  format: Type.Optional(
    Type.Enum(['json', 'csv'], { description: '`csv` for a mail tool; default `json`.' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 10_000,
      description: 'Subscribers per page (default 1000).',
    }),
  ),
  offset: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'Subscribers to skip.' }),
  ),
});

const Instant = Nullable(ZonedDateTime);

export const AdminSubscriber = Type.Object({
  id: Type.Integer(),
  email: Nullable(Type.String({ description: 'Null once erased.' })),
  name: Nullable(Type.String()),
  status: Type.Enum(SUBSCRIBER_STATUSES),
  source: Nullable(Type.String()),
  consent: Type.Object({
    text: Nullable(Type.String()),
    at: Instant,
    ip: Nullable(Type.String()),
    userAgent: Nullable(Type.String()),
  }),
  confirmation: Type.Object({
    at: Instant,
    ip: Nullable(Type.String()),
    userAgent: Nullable(Type.String()),
  }),
  unsubscribedAt: Instant,
  createdAt: ZonedDateTime,
});
export type AdminSubscriber = Static<typeof AdminSubscriber>;

export const SubscriberList = Type.Object({
  count: Type.Integer(),
  subscribers: Type.Array(AdminSubscriber),
});
export type SubscriberList = Static<typeof SubscriberList>;
