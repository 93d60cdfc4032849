import { stringify } from 'csv-stringify/sync';
import type { NewsletterSubscriber } from '../../db/schema.js';
import { withZoneOffset, withZoneOffsetOrNull } from '../../domain/local-times.js';
import type { AdminSubscriber } from './schema.js';

/** A subscriber with their consent record; the times on the org's clock (`timeZone`). */
export function presentSubscriber(row: NewsletterSubscriber, timeZone: string): AdminSubscriber {
  const zoned = (at: Date | null) => withZoneOffsetOrNull(at, timeZone);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    source: row.source,
    consent: {
      text: row.consent_text,
      at: zoned(row.consent_at),
      ip: row.consent_ip,
      userAgent: row.consent_user_agent,
    },
    confirmation: {
      at: zoned(row.confirmed_at),
      ip: row.confirmed_ip,
      userAgent: row.confirmed_user_agent,
    },
    unsubscribedAt: zoned(row.unsubscribed_at),
    createdAt: withZoneOffset(row.created_at, timeZone),
  };
}

const CSV_COLUMNS = [
  'id',
  'email',
  'name',
  'status',
  'source',
  'consent_text',
  'consent_at',
  'consent_ip',
  'consent_user_agent',
  'confirmed_at',
  'confirmed_ip',
  'confirmed_user_agent',
  'unsubscribed_at',
  'created_at',
] as const;

/**
 * A spreadsheet opening the file would run a cell starting with `=`, `+`, `-` or `@` as a
 * formula (CSV injection): such text, which only visitors' fields can hold, gets a leading
 * apostrophe.
 */
function inert(value: string | null): string | null {
  return value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The subscribers as CSV (RFC 4180, CRLF lines, a header row) for a mail tool; the times
 * as the JSON list gives them, on the org's clock (`timeZone`).
 */
export function subscribersCsv(rows: readonly NewsletterSubscriber[], timeZone: string): string {
  const zoned = (at: Date | null) => withZoneOffsetOrNull(at, timeZone);
  const records = rows.map((row) => [
    row.id,
    inert(row.email),
    inert(row.name),
    row.status,
    inert(row.source),
    row.consent_text,
    zoned(row.consent_at),
    row.consent_ip,
    inert(row.consent_user_agent),
    zoned(row.confirmed_at),
    row.confirmed_ip,
    inert(row.confirmed_user_agent),
    zoned(row.unsubscribed_at),
    withZoneOffset(row.created_at, timeZone),
  ]);
  return stringify(records, {
    header: true,
    columns: [...CSV_COLUMNS],
    record_delimiter: 'windows',
  });
}
