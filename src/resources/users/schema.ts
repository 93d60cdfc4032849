import Type, { type Static } from 'typebox';
import { Email, Text } from '../../http/schemas/common.js';

export const CreateUserBody = Type.Object(
  { email: Email, firstName: Text(100), lastName: Text(100) },
  { additionalProperties: false },
);
export const AdminUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});
export type AdminUser = Static<typeof AdminUser>;
