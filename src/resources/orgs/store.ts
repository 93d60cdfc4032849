import type { Insertable } from 'kysely';
import type { Org, OrgsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

export async function insertOrg(db: Executor, org: Insertable<OrgsTable>): Promise<Org> {
  return db.insertInto('orgs').values(org).returningAll().executeTakeFirstOrThrow();
}

export async function findOrgBySlug(db: Executor, slug: string): Promise<Org | undefined> {
  return db.selectFrom('orgs').selectAll().where('slug', '=', slug).executeTakeFirst();
}
