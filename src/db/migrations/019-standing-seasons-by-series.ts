import { sql, type Kysely } from 'kysely';

/**
 * A series' seasons found by the series, newest first, as a public standings read lists
 * them: without it each read scanned the seasons of every org (2.1–2.6 ms a read with
 * 1,000 orgs on PostgreSQL, docs/benchmarks.md), a cost that grew with the deployment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index standing_seasons_series on standing_seasons (series_id, start_date desc, id desc)
  `.execute(db);
}
