import type { SelectQueryBuilder } from 'kysely';

/** Which rows of a list to answer: at most `limit`, after skipping `offset`. */
export interface PageRange {
  limit: number;
  offset: number;
}

/**
 * One page of `query`'s rows and how many rows it has unpaged: the page and the count are
 * read from the same filtered query, so they always agree on what is listed.
 */
export async function readPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, object>,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  page: PageRange,
): Promise<{ count: number; rows: Row[] }> {
  const [listed, total] = await Promise.all([
    rows(query).limit(page.limit).offset(page.offset).execute(),
    // Kysely cannot name a selection's columns over a table left generic; this one is `count`.
    query
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow() as Promise<{
      count: string;
    }>,
  ]);
  return { count: Number(total.count), rows: listed };
}
