import type { Insertable, Updateable } from 'kysely';
import type { Org, OrgsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

export async function insertOrg(db: Executor, org: Insertable<OrgsTable>): Promise<Org> {
  return db.insertInto('orgs').values(org).returningAll().executeTakeFirstOrThrow();
}

export async function findOrgBySlug(db: Executor, slug: string): Promise<Org | undefined> {
  return db.selectFrom('orgs').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Changes these fields of the org; undefined when there is no such org. */
export async function updateOrg(
  db: Executor,
  slug: string,
  changes: Updateable<OrgsTable>,
): Promise<Org | undefined> {
  return db
    .updateTable('orgs')
    .set(changes)
    .where('slug', '=', slug)
    .returningAll()
    .executeTakeFirst();
}
