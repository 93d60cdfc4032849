import type { Insertable, Updateable } from 'kysely';
import type { Org, OrgsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { readPage } from '../../db/paging.js';

export async function insertOrg(db: Executor, org: Insertable<OrgsTable>): Promise<Org> {
  return db.insertInto('orgs').values(org).returningAll().executeTakeFirstOrThrow();
}

export async function findOrgBySlug(db: Executor, slug: string): Promise<Org | undefined> {
  return db.selectFrom('orgs').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** A page of orgs by slug (or the one of `slug`), and how many there are before paging. */
export async function listOrgRows(
  db: Executor,
  only: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ count: number; orgs: Org[] }> {
  let query = db.selectFrom('orgs');
  if (only !== undefined) query = query.where('slug', '=', only);
  const { count, rows } = await readPage(query, (q) => q.selectAll().orderBy('slug'), page);
  return { count, orgs: rows };
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
