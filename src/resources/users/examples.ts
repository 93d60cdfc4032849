import type { AdminUser, AdminUserList } from './schema.js';

export const ADMIN_USER_EXAMPLE: AdminUser = {
  id: 1,
  email: 'ava.palmer@example.com',
  firstName: 'Ava',
  lastName: 'Palmer',
  publicProfile: true,
};

export const ADMIN_USER_LIST_EXAMPLE: AdminUserList = {
  count: 2,
  users: [
    ADMIN_USER_EXAMPLE,
    {
      id: 2,
      email: 'ben.hogan-reyes@example.com',
      firstName: 'Ben',
      lastName: 'Hogan-Reyes',
      publicProfile: true,
    },
  ],
};
