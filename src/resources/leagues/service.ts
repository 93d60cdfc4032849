import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { EventSeriesTable, League, LeagueStatus, Org } from '../../db/schema.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { unsupportedDays } from '../../domain/dates.js';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { isPublicLeagueStatus } from '../../domain/visibility.js';
import { storeCrest } from '../media/service.js';
import { requireOrg } from '../orgs/service.js';
import { findSeries } from '../standings/service.js';
import {
  adjustLeagueCounts,
  findLeagueById,
  findLeagueEntrySize,
  findLeagueIdBySlug,
  findLeaguesOfOrg,
  findPublicLeague,
  findPublicLeagues,
  findRoster,
  findInvitesOfLeague,
  findTeamsOfLeague,
  insertLeague,
  lockLeague,
  updateLeague,
  type PublicLeagueRow,
} from './store.js';
import { idOfRef, type IdOrSlug } from '../../domain/id-or-slug.js';
import type { Page } from '../../http/schemas/common.js';
import { writeTransaction } from '../transaction.js';

/** The league fields an organizer sets; derived numbers are never written from outside. */
export interface LeagueInput {
  slug: string;
  name: string;
  seasonLabel: string;
  scheduleLabel?: string | null;
  description?: string | null;
  status: LeagueStatus;
  feeMembersCents: number;
  feePerEntry?: boolean;
  entrySize: number;
  registrationOpensAt?: string | null;
  registrationClosesAt?: string | null;
  maxEntries?: number | null;
  membersOnly?: boolean;
  standingSeriesId?: number | null;
}

export async function listPublicLeagues(db: Executor, orgSlug: string): Promise<PublicLeagueRow[]> {
  const leagues = await findPublicLeagues(db, orgSlug);
  if (leagues === undefined) throw new NotFoundError();
  return leagues;
}

export async function getPublicLeague(
  db: Executor,
  orgSlug: string,
  slug: string,
): Promise<PublicLeagueRow> {
  const league = await findPublicLeague(db, orgSlug, slug);
  if (league === undefined) throw new NotFoundError();
  return league;
}

function columns(input: Partial<LeagueInput>): Updateable<EventSeriesTable> {
  const set: Updateable<EventSeriesTable> = {};
  if (input.slug !== undefined) set.slug = input.slug;
  if (input.name !== undefined) set.name = input.name;
  if (input.seasonLabel !== undefined) set.season_label = input.seasonLabel;
  if (input.scheduleLabel !== undefined) set.schedule_label = input.scheduleLabel;
  if (input.description !== undefined) set.description = input.description;
  if (input.status !== undefined) set.status = input.status;
  if (input.feeMembersCents !== undefined) set.fee_members_cents = input.feeMembersCents;
  if (input.feePerEntry !== undefined) set.fee_per_entry = input.feePerEntry;
  if (input.entrySize !== undefined) set.entry_size = input.entrySize;
  if (input.registrationOpensAt !== undefined)
    set.registration_opens_at = input.registrationOpensAt;
  if (input.registrationClosesAt !== undefined) {
    set.registration_closes_at = input.registrationClosesAt;
  }
  if (input.maxEntries !== undefined) set.max_entries = input.maxEntries;
  if (input.membersOnly !== undefined) set.members_only = input.membersOnly;
  if (input.standingSeriesId !== undefined) set.standing_series_id = input.standingSeriesId;
  return set;
}

/** Field rules the body schema cannot express: supported calendar days, in order. */
function checkWindow(opensAt: string | null, closesAt: string | null): void {
  const errors = unsupportedDays({ registrationOpensAt: opensAt, registrationClosesAt: closesAt });
  if (
    Object.keys(errors).length === 0 &&
    opensAt !== null &&
    closesAt !== null &&
    opensAt > closesAt
  ) {
    errors.registrationClosesAt = 'must not be before registrationOpensAt';
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

const slugConflict = conflictOnDuplicate(
  'A league with this slug already exists in this organization.',
);

/** A league may only link a standings series of its own org. */
async function checkStandingSeries(db: Executor, org: Org, seriesId: number | null | undefined) {
  if (seriesId === undefined || seriesId === null) return;
  if ((await findSeries(db, org.id, seriesId)) === undefined) {
    throw new ValidationError({
      standingSeriesId: 'names no standings series of this organization',
    });
  }
}

export async function createLeague(db: Executor, orgSlug: string, input: LeagueInput) {
  return writeTransaction(db, async (trx) => {
    const org = await requireOrg(trx, orgSlug);
    checkWindow(input.registrationOpensAt ?? null, input.registrationClosesAt ?? null);
    await checkStandingSeries(trx, org, input.standingSeriesId);
    const values = { ...columns(input), org_id: org.id } as Insertable<EventSeriesTable>;
    return { org, league: await insertLeague(trx, values) };
  }).catch(slugConflict);
}

export async function patchLeague(
  db: Executor,
  orgSlug: string,
  id: number,
  input: Partial<LeagueInput>,
) {
  return writeTransaction(db, async (trx) => {
    const { org, league: current } = await requireLockedLeague(trx, orgSlug, id);
    checkWindow(
      input.registrationOpensAt === undefined
        ? current.registration_opens_at
        : input.registrationOpensAt,
      input.registrationClosesAt === undefined
        ? current.registration_closes_at
        : input.registrationClosesAt,
    );
    await checkStandingSeries(trx, org, input.standingSeriesId);
    const reshapes =
      (input.entrySize !== undefined && input.entrySize !== current.entry_size) ||
      (input.feePerEntry !== undefined && input.feePerEntry !== current.fee_per_entry);
    if (reshapes && current.seats_reserved > 0) {
      throw new ConflictError(
        'entrySize and feePerEntry cannot change while the league has registrations.',
      );
    }
    const set = columns(input);
    const league =
      Object.keys(set).length === 0
        ? current
        : await updateLeague(trx, id, set).catch(slugConflict);
    return { org, league };
  });
}

/** Stores an uploaded crest under a content-addressed path and points the league at it. */
export async function setLeagueImage(db: Executor, orgSlug: string, id: number, bytes: Uint8Array) {
  return writeTransaction(db, async (trx) => {
    const { org } = await requireLeagueById(trx, orgSlug, id, 'admin');
    const path = await storeCrest(trx, bytes);
    const league = await updateLeague(trx, id, { image_path: path });
    return { org, league };
  });
}
/**
 * The id of the org's league an admin path names by id or slug (decisions §23). An id is
 * taken as given (the use case checks it is the org's); a slug naming no league of the org
 * is the same 404 as an unknown id.
 */
export async function resolveLeagueId(
  db: Executor,
  orgSlug: string,
  league: IdOrSlug,
): Promise<number> {
  const id = idOfRef(league);
  if (id !== undefined) return id;
  const found = await findLeagueIdBySlug(db, orgSlug, league as string);
  if (found === undefined) throw new NotFoundError();
  return found;
}

/** Where a league is looked up from: the public sees only public leagues, admins see all. */
export type Audience = 'public' | 'admin';
export async function requireLeagueById(
  db: Executor,
  orgSlug: string,
  id: number,
  audience: Audience,
): Promise<{ org: Org; league: League }> {
  const org = await requireOrg(db, orgSlug);
  return { org, league: visibleTo(await findLeagueById(db, org.id, id), audience) };
}
/** An org's league, any status, locked until the transaction ends. */
export async function requireLockedLeague(
  trx: Executor,
  orgSlug: string,
  id: number,
): Promise<{ org: Org; league: League }> {
  const org = await requireOrg(trx, orgSlug);
  const league = await lockLeague(trx, id, org.id);
  if (league === undefined) throw new NotFoundError();
  return { org, league };
}
export function visibleTo(league: League | undefined, audience: Audience): League {
  if (league === undefined) throw new NotFoundError();
  if (audience === 'public' && !isPublicLeagueStatus(league.status)) throw new NotFoundError();
  return league;
}

/** Whether the org's league of this id is played by teams (entries of more than one golfer). */
export async function isTeamLeague(db: Executor, orgId: number, id: number): Promise<boolean> {
  const entrySize = await findLeagueEntrySize(db, orgId, id);
  return entrySize !== undefined && entrySize > 1;
}

/** Locks a league of the org (`undefined`: none of that id), so writes to it take turns. */
export async function lockLeagueOfOrg(
  trx: Executor,
  orgId: number,
  id: number,
): Promise<League | undefined> {
  return lockLeague(trx, id, orgId);
}

/** Moves a league's member and reserved-seat counts, in the registration's transaction. */
export async function countRegistration(
  trx: Executor,
  leagueId: number,
  delta: { members: number; seatsReserved: number },
): Promise<void> {
  await adjustLeagueCounts(trx, leagueId, delta);
}

/** A page of the org's leagues, every status. */
export async function listLeagues(db: Executor, orgSlug: string, page: Page) {
  const org = await requireOrg(db, orgSlug);
  return { org, ...(await findLeaguesOfOrg(db, org.id, page)) };
}

/** A league of any status with its roster (withdrawn entries too), its teams and their invites. */
export async function getAdminLeague(db: Executor, orgSlug: string, id: number) {
  const { org, league } = await requireLeagueById(db, orgSlug, id, 'admin');
  const [roster, teams, invites] = await Promise.all([
    findRoster(db, league.id),
    findTeamsOfLeague(db, league.id),
    findInvitesOfLeague(db, league.id),
  ]);
  return { org, league, roster, teams, invites };
}
