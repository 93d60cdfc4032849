import { adminInstant } from '../../domain/local-times.js';
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import type { ApiKey, Event, Org } from '../../db/schema.js';
import { addDays, localDate, zonedInstant } from '../../domain/dates.js';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { findEvent } from '../events/service.js';
import { requireOrg } from '../orgs/service.js';
import { writeTransaction } from '../transaction.js';
import type { Page } from '../../http/schemas/common.js';
import type { CreateApiKeyBody } from './schema.js';
import {
  deleteApiKey,
  findLiveKey,
  insertApiKey,
  listApiKeysOfOrg,
  usersOpenToOrg,
} from './store.js';

/** Every key starts so: recognisable in a leaked log or paste, and apart from the operator's token. */
export const KEY_PREFIX = 'chk_';
/** 192 random bits: far beyond guessing, even unthrottled. */
const KEY_BYTES = 24;
/** How much of a key a list shows: the prefix and four characters of 32. */
const HINT_LENGTH = KEY_PREFIX.length + 4;

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Who a live key speaks for: a scorer's event by id and slug, as admin paths name it. */
export type KeyCaller =
  | { role: 'organizer'; orgSlug: string }
  | { role: 'scorer'; orgSlug: string; eventId: number; eventSlug: string };

/** The holder of `key` if it is a live key (known, not revoked, not expired at `now`). */
export async function callerOfKey(
  db: Executor,
  key: string,
  now: Date,
): Promise<KeyCaller | undefined> {
  if (!key.startsWith(KEY_PREFIX)) return undefined;
  const found = await findLiveKey(db, hashOf(key), now);
  if (found === undefined) return undefined;
  if (found.event_id === null) return { role: 'organizer', orgSlug: found.org_slug };
  // A scorer key goes with its event (on delete cascade): the join finds it.
  if (found.event_slug === null) return undefined;
  return {
    role: 'scorer',
    orgSlug: found.org_slug,
    eventId: found.event_id,
    eventSlug: found.event_slug,
  };
}

/** The first instant after the event's last day, as the org's clocks show it. */
function endOfEventDay(event: Event, org: Org): Date {
  const lastDay = event.end_at === null ? event.local_date : localDate(event.end_at, org.timezone);
  return zonedInstant(addDays(lastDay, 1), '00:00', org.timezone);
}

async function scorerEvent(db: Executor, org: Org, eventId: number | undefined): Promise<Event> {
  if (eventId === undefined) throw new ValidationError({ eventId: 'is required for a scorer key' });
  const event = await findEvent(db, org.id, eventId);
  if (event === undefined) {
    throw new ValidationError({ eventId: 'must be an event of this organization' });
  }
  return event;
}

export async function createApiKey(
  db: Executor,
  orgSlug: string,
  input: CreateApiKeyBody,
  now: Date,
): Promise<{ apiKey: ApiKey; key: string; timeZone: string }> {
  const org = await requireOrg(db, orgSlug);
  const event = input.role === 'scorer' ? await scorerEvent(db, org, input.eventId) : undefined;
  if (event === undefined && input.eventId !== undefined) {
    throw new ValidationError({ eventId: 'is only for scorer keys' });
  }
  let expiresAt: Date | undefined;
  if (input.expiresAt !== undefined) {
    expiresAt = adminInstant('expiresAt', input.expiresAt, org.timezone);
  } else if (event !== undefined) expiresAt = endOfEventDay(event, org);
  if (expiresAt !== undefined && !(expiresAt > now)) {
    // A scorer key without its own expiry ends with its night's day: a past night has none left.
    throw new ValidationError(
      input.expiresAt === undefined
        ? {
            eventId: 'names a night whose day is over: scorer keys are for today’s or later nights',
          }
        : { expiresAt: 'must be in the future' },
    );
  }
  const key = KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
  const apiKey = await writeTransaction(db, (trx) =>
    insertApiKey(trx, {
      org_id: org.id,
      name: input.name,
      role: input.role,
      event_id: event?.id ?? null,
      key_hash: hashOf(key),
      hint: key.slice(0, HINT_LENGTH),
      expires_at: expiresAt ?? null,
    }),
  );
  return { apiKey, key, timeZone: org.timezone };
}

export async function listApiKeys(
  db: Executor,
  orgSlug: string,
  page: Page,
): Promise<{ count: number; keys: ApiKey[]; timeZone: string }> {
  const org = await requireOrg(db, orgSlug);
  return { ...(await listApiKeysOfOrg(db, org.id, page)), timeZone: org.timezone };
}

/** Deletes the key: the next request with it, on any instance, finds nothing. */
export async function revokeApiKey(db: Executor, orgSlug: string, id: number): Promise<void> {
  const org = await requireOrg(db, orgSlug);
  const deleted = await writeTransaction(db, (trx) => deleteApiKey(trx, org.id, id));
  if (!deleted) throw new NotFoundError();
}

/**
 * A key of an org names only the org's golfers, or accounts no org has yet: any other id,
 * known or not, is the usual 404, so that ids cannot be probed for other orgs' golfers.
 */
export async function requireGolfersOf(
  db: Executor,
  orgSlug: string,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  const open = await usersOpenToOrg(db, orgSlug, userIds);
  if (userIds.some((id) => !open.has(id))) throw new NotFoundError();
}
