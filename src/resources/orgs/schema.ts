import Type, { type Static } from 'typebox';
import {
  CONSENT_TEXT_MAX,
  CONSENT_TEXT_MIN,
  CONSENT_TEXT_RULE,
} from '../../domain/newsletter-consent.js';
import { Slug, TEXT_PATTERN, TEXT_PATTERN_RULE, Text } from '../../http/schemas/common.js';

const ConsentText = Type.String({
  minLength: CONSENT_TEXT_MIN,
  maxLength: CONSENT_TEXT_MAX,
  pattern: TEXT_PATTERN,
  errorMessage: {
    minLength: CONSENT_TEXT_RULE,
    maxLength: CONSENT_TEXT_RULE,
    pattern: TEXT_PATTERN_RULE,
  },
});

export const CreateOrgBody = Type.Object(
  {
    slug: Slug,
    name: Text(200),
    timezone: Text(64, 'IANA time zone.'),
  },
  { additionalProperties: false },
);
export const PatchOrgBody = Type.Object(
  {
    name: Type.Optional(Text(200)),
    timezone: Type.Optional(Text(64, 'IANA time zone.')),
    oddsEnabled: Type.Optional(
      Type.Boolean({ description: 'Whether the org’s events publish live odds (default true).' }),
    ),
    newsletterConsentText: Type.Optional(
      Type.Union([ConsentText, Type.Null()], {
        description:
          'The club’s own newsletter consent text, trimmed; null goes back to the default sentence.',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PatchOrgBody = Static<typeof PatchOrgBody>;
export const AdminOrg = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  timezone: Type.String(),
  oddsEnabled: Type.Boolean(),
  newsletterConsentText: Type.Union([Type.String(), Type.Null()], {
    description:
      'The club’s own consent text of its newsletter form; null while it uses the default.',
  }),
  newsletterConsentDefault: Type.String({
    description:
      'The default consent sentence, in the club’s name, shown while newsletterConsentText is null.',
  }),
});
export type AdminOrg = Static<typeof AdminOrg>;
export const AdminOrgList = Type.Object({
  count: Type.Integer({ description: 'Organizations the caller may see, before paging.' }),
  orgs: Type.Array(AdminOrg),
});
export type AdminOrgList = Static<typeof AdminOrgList>;
