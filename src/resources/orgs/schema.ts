import Type, { type Static } from 'typebox';
import { Slug, Text } from '../../http/schemas/common.js';

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
});
export type AdminOrg = Static<typeof AdminOrg>;
export const AdminOrgList = Type.Object({
  count: Type.Integer({ description: 'Organizations the caller may see, before paging.' }),
  orgs: Type.Array(AdminOrg),
});
export type AdminOrgList = Static<typeof AdminOrgList>;
