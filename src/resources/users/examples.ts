import type { AdminUser } from './schema.js';

export const ADMIN_USER_EXAMPLE: AdminUser = {
  id: 1,
  email: 'ava.palmer@example.com',
  firstName: 'Ava',
  lastName: 'Palmer',
};
