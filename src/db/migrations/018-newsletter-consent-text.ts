import { sql, type Kysely } from 'kysely';

/**
 * A club's own newsletter consent text (decisions §18, §23), set with the org's `PATCH`.
 * Null is the sentence made from the club's name. Each subscriber's consent record keeps the
 * text it was shown, so a later change leaves the records as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orgs add column newsletter_consent_text text
      constraint orgs_newsletter_consent_text_length
      check (char_length(newsletter_consent_text) between 10 and 1000)
  `.execute(db);
}
