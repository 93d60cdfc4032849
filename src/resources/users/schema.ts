import Type, { type Static } from 'typebox';
import { Email, MAX_ID, OrgParams, Text, pageFields } from '../../http/schemas/common.js';

export const CreateUserBody = Type.Object(
  { email: Email, firstName: Text(100), lastName: Text(100) },
  { additionalProperties: false },
);
export const AdminUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  publicProfile: Type.Boolean({
    description: 'False hides the golfer’s player profiles and list entries (decisions §19).',
  }),
});
export type AdminUser = Static<typeof AdminUser>;
export const GolferListQuery = Type.Object({
  search: Type.Optional(
    Text(100, 'Only golfers whose name or e-mail address holds this text, in any case.'),
  ),
  ...pageFields,
});
export const AdminUserList = Type.Object({
  count: Type.Integer({ description: 'Matching golfers before paging.' }),
  users: Type.Array(AdminUser),
});
export type AdminUserList = Static<typeof AdminUserList>;
export const GolferParams = Type.Object({
  orgSlug: OrgParams.properties.orgSlug,
  userId: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The golfer’s id.' }),
});
export const UserIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The golfer’s id.' }),
});
export const UpdateUserBody = Type.Object(
  {
    firstName: Type.Optional(Text(100)),
    lastName: Type.Optional(Text(100)),
    publicProfile: Type.Optional(
      Type.Boolean({
        description:
          '`false` hides the golfer’s player profile (404) and list entry in every org; ' +
          'their name stays on boards, fields and standings.',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;
