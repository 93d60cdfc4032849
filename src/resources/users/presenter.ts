import type { User } from '../../db/schema.js';
import type { AdminUser } from './schema.js';

export function presentUser(user: User): AdminUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    publicProfile: user.public_profile,
  };
}
