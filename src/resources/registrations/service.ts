import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type {
  Invite,
  League,
  RosterEntriesTable,
  RosterEntry,
  Team,
  User,
} from '../../db/schema.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { localToday } from '../../domain/dates.js';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { golferFeeCents } from '../../domain/fees.js';
import { registrationClosedReason } from '../../domain/registration.js';
import { maxPartners, newEntryFits, teamSeats } from '../../domain/seats.js';
import { acceptTeamInvites, sendInvites } from '../invites/service.js';
import { countRegistration, requireLeagueById, requireLockedLeague } from '../leagues/service.js';
import { countTeamMember, findLeagueTeam, removeTeam, startTeam } from '../teams/service.js';
import { findUser, findUsersWithEmails } from '../users/service.js';
import {
  activeEntriesOfTeam,
  findActiveEntry,
  findActiveUserIds,
  insertRosterEntry,
  markWithdrawn,
} from './store.js';
import { insertRosterEntriesBulk, insertTeamsBulk, recountRoster } from './bulk-store.js';
import { writeTransaction } from '../transaction.js';

const CAPACITY_MESSAGE = 'This league is full.';
const TEAM_COMPLETE_MESSAGE = 'This team is complete.';

/** Seats a new entry takes: a whole team, or an emptied team forming again, holds them all. */
function seatsToReserve(league: League, team: Team | undefined): number {
  if (team === undefined || team.member_count === 0) return league.entry_size;
  return 0;
}

/** Refuses entries that would take more seats than the league's cap leaves. */
function checkRoom(league: League, seats: number): void {
  if (seats > 0 && !newEntryFits(league.max_entries, league.seats_reserved, seats)) {
    throw new ConflictError(CAPACITY_MESSAGE);
  }
}

/** The team a golfer joins, as they find it: whether a member has bought its entry yet. */
interface JoinedTeam {
  id: number;
  entryPaid: boolean;
}

/**
 * The roster entry of a golfer joining a league, alone or in a team, and what they pay: on
 * a fee-per-entry league the first member of a team buys its entry and the others join
 * free. Every registration, one at a time or in bulk, writes its entries from here.
 */
function newRosterEntry(
  league: League,
  userId: number,
  team: JoinedTeam | undefined,
): Insertable<RosterEntriesTable> {
  const teamEntryPaid = team?.entryPaid ?? false;
  return {
    event_series_id: league.id,
    user_id: userId,
    team_id: team?.id ?? null,
    status: 'active',
    paid_entry: team !== undefined && league.fee_per_entry && !teamEntryPaid,
    fee_cents: golferFeeCents(
      { feeMembersCents: league.fee_members_cents, feePerEntry: league.fee_per_entry },
      teamEntryPaid,
    ),
  };
}

export interface StartRegistration {
  orgSlug: string;
  leagueId: number;
  teamId: number | undefined;
  now: Date;
  registrationUrl: string;
}

/** Checks that the golfer may register and returns the hosted page they go on to. */
export async function startRegistration(db: Executor, request: StartRegistration): Promise<string> {
  const { org, league } = await requireLeagueById(db, request.orgSlug, request.leagueId, 'public');
  const team =
    request.teamId === undefined ? undefined : await findLeagueTeam(db, league.id, request.teamId);
  if (request.teamId !== undefined && team === undefined) throw new NotFoundError();
  const closed = registrationClosedReason(
    {
      status: league.status,
      registrationOpensAt: league.registration_opens_at,
      registrationClosesAt: league.registration_closes_at,
    },
    localToday(request.now, org.timezone),
  );
  if (closed !== null) throw new ConflictError(closed);
  if (team !== undefined && teamSeats(league.entry_size, team.member_count).complete) {
    throw new ConflictError(TEAM_COMPLETE_MESSAGE);
  }
  checkRoom(league, seatsToReserve(league, team));
  const url = new URL(request.registrationUrl);
  url.searchParams.set('org', org.slug);
  url.searchParams.set('eventSeries', String(league.id));
  if (team !== undefined) url.searchParams.set('eventSeriesTeam', String(team.id));
  return url.toString();
}

export interface CompleteRegistration {
  orgSlug: string;
  leagueId: number;
  userId: number;
  teamId?: number | undefined;
  teamName?: string | undefined;
  partnerEmails?: string[] | undefined;
}

/** The roster entry a registration made, its team, and the invites it sent. */
export interface CompletedRegistration {
  entry: RosterEntry;
  teamId: number | null;
  invites: Invite[];
}

/** 128+ bits from the system's cryptographic generator, URL-safe. */
function newInviteToken(): string {
  return randomBytes(24).toString('base64url');
}

function distinctEmails(emails: string[]): string[] {
  const seen = new Map<string, string>();
  for (const email of emails) {
    const trimmed = email.trim();
    if (!seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()];
}

function checkTeamFields(league: League, request: CompleteRegistration): void {
  const partners = request.partnerEmails ?? [];
  if (league.entry_size === 1) {
    const errors: Record<string, string> = {};
    const individual = 'must not be given for an individual league';
    if (request.teamId !== undefined) errors.teamId = individual;
    if (request.teamName !== undefined) errors.teamName = individual;
    if (partners.length > 0) errors.partnerEmails = individual;
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return;
  }
  if ((request.teamId === undefined) === (request.teamName === undefined)) {
    throw new ValidationError({
      teamId: 'give exactly one of teamId (join) or teamName (new team)',
    });
  }
}

/** The team the registrant joins or founds, with the seats it still has before they join. */
async function teamFor(trx: Executor, league: League, request: CompleteRegistration) {
  if (request.teamName !== undefined) {
    const team = await startTeam(trx, league.id, request.teamName);
    if (team === undefined) {
      throw new ConflictError('A team with this name already exists in this league.');
    }
    return team;
  }
  if (request.teamId === undefined) return undefined;
  const team = await findLeagueTeam(trx, league.id, request.teamId);
  if (team === undefined) throw new ValidationError({ teamId: 'names no team of this league' });
  return team;
}

/**
 * Records a paid registration as the hosted page reports it: roster entry, team, partner
 * invites and the team's paid entry, in one transaction. The league row lock makes
 * registrations of one league take turns, so the last seat has exactly one winner.
 */
export async function completeRegistration(
  db: Executor,
  request: CompleteRegistration,
): Promise<CompletedRegistration> {
  // A concurrent registration of the same golfer or team name loses the race at the index.
  return writeTransaction(db, async (trx) => {
    const { league } = await requireLockedLeague(trx, request.orgSlug, request.leagueId);
    const user = await findUser(trx, request.userId);
    if (user === undefined) throw new ValidationError({ userId: 'names no user' });
    checkTeamFields(league, request);
    if ((await findActiveEntry(trx, league.id, user.id)) !== undefined) {
      throw new ConflictError('This golfer is already registered in this league.');
    }
    const existingTeam = request.teamId !== undefined;
    const team = await teamFor(trx, league, request);
    const seats = teamSeats(league.entry_size, team?.member_count ?? 0);
    if (existingTeam && seats.complete) throw new ConflictError(TEAM_COMPLETE_MESSAGE);
    const reserve = seatsToReserve(league, team);
    checkRoom(league, reserve);

    const partnerEmails = distinctEmails(request.partnerEmails ?? []);
    const partnerAccounts = await checkPartners(
      trx,
      league,
      user.email,
      partnerEmails,
      seats.seatsRemaining,
    );

    const entry = await insertRosterEntry(
      trx,
      newRosterEntry(
        league,
        user.id,
        team === undefined ? undefined : { id: team.id, entryPaid: team.entry_paid },
      ),
    );
    if (team !== undefined) {
      await countTeamMember(trx, team.id, 1, entry.paid_entry);
      await acceptTeamInvites(trx, team.id, user.email);
    }
    await countRegistration(trx, league.id, { members: 1, seatsReserved: reserve });

    const withAccount = new Set(partnerAccounts.map((account) => account.email.toLowerCase()));
    const invites =
      team === undefined
        ? []
        : await sendInvites(
            trx,
            partnerEmails.map((email) => ({
              team_id: team.id,
              inviter_user_id: user.id,
              email,
              token: withAccount.has(email.toLowerCase()) ? newInviteToken() : null,
            })),
          );
    return { entry, teamId: team?.id ?? null, invites };
  }).catch(conflictOnDuplicate('This registration conflicts with another one.'));
}

/** Checks the named partners; returns those of them who already have an account. */
async function checkPartners(
  trx: Executor,
  league: League,
  ownEmail: string,
  partnerEmails: string[],
  seatsRemaining: number,
): Promise<User[]> {
  if (partnerEmails.length === 0) return [];
  const allowed = maxPartners(seatsRemaining);
  if (partnerEmails.length > allowed) {
    throw new ValidationError({
      partnerEmails: `at most ${allowed} partner${allowed === 1 ? '' : 's'} can be invited to this team`,
    });
  }
  if (partnerEmails.some((email) => email.toLowerCase() === ownEmail.toLowerCase())) {
    throw new ValidationError({ partnerEmails: "must not include the registrant's own address" });
  }
  const accounts = await findUsersWithEmails(trx, partnerEmails);
  const registered = await findActiveUserIds(
    trx,
    league.id,
    accounts.map((account) => account.id),
  );
  if (registered.length > 0) {
    const emails = accounts
      .filter((account) => registered.includes(account.id))
      .map((a) => a.email);
    throw new ValidationError({
      partnerEmails: `already registered in this league: ${emails.join(', ')}`,
    });
  }
  return accounts;
}

/** Seats a team gives back when `leaving` of its `activeMembers` go: all of them with the last. */
function seatsReleased(league: League, team: Team | undefined, leaving: number): number {
  if (team === undefined) return leaving;
  return team.member_count - leaving === 0 ? league.entry_size : 0;
}

/** Takes a golfer off the roster; their seat is free again. */
export async function withdrawRegistration(
  db: Executor,
  request: { orgSlug: string; leagueId: number; userId: number },
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const { league } = await requireLockedLeague(trx, request.orgSlug, request.leagueId);
    const entry = await findActiveEntry(trx, league.id, request.userId);
    if (entry === undefined) throw new NotFoundError();
    await markWithdrawn(trx, [entry.id]);
    const team =
      entry.team_id === null ? undefined : await findLeagueTeam(trx, league.id, entry.team_id);
    const released = seatsReleased(league, team, 1);
    if (team !== undefined) await countTeamMember(trx, team.id, -1);
    await countRegistration(trx, league.id, { members: -1, seatsReserved: -released });
  });
}

/** Deletes a team: its members leave the roster and its invites stop resolving. */
export async function deleteTeam(
  db: Executor,
  request: { orgSlug: string; leagueId: number; teamId: number },
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const { league } = await requireLockedLeague(trx, request.orgSlug, request.leagueId);
    const team = await findLeagueTeam(trx, league.id, request.teamId);
    if (team === undefined) throw new NotFoundError();
    const members = await activeEntriesOfTeam(trx, team.id);
    await markWithdrawn(
      trx,
      members.map((member) => member.id),
    );
    const released = members.length === 0 ? 0 : seatsReleased(league, team, members.length);
    await countRegistration(trx, league.id, {
      members: -members.length,
      seatsReserved: -released,
    });
    await removeTeam(trx, team.id);
  });
}

/** A team to found with its members, in joining order. */
export interface BulkTeam {
  name: string;
  userIds: number[];
}

/**
 * Registers many golfers at once, for benchmarks and imports of whole clubs: the fees and
 * seats of one registration at a time (`newRosterEntry`, `checkRoom`), written set-based
 * in one transaction under the league's lock, about a million golfers in a minute instead
 * of an hour. It skips what only a live registration needs (the window, invites); the
 * caller vouches that the users exist and are not on the roster yet (a duplicate still
 * fails at the unique index).
 */
async function registerBulk(
  db: Executor,
  request: { orgSlug: string; leagueId: number },
  register: (trx: Executor, league: League) => Promise<number>,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const { league } = await requireLockedLeague(trx, request.orgSlug, request.leagueId);
    checkRoom(league, await register(trx, league));
    await recountRoster(trx, league.id);
  });
}

/** Registers golfers on an individual league, each paying the league fee. */
export async function registerIndividualsBulk(
  db: Executor,
  request: { orgSlug: string; leagueId: number; userIds: readonly number[] },
): Promise<void> {
  await registerBulk(db, request, async (trx, league) => {
    if (league.entry_size !== 1) {
      throw new ConflictError('This is a team league: golfers register in teams.');
    }
    const entries = request.userIds.map((userId) => newRosterEntry(league, userId, undefined));
    await insertRosterEntriesBulk(trx, entries);
    return entries.length * seatsToReserve(league, undefined);
  });
}

/**
 * Founds teams on a team league with their members; returns the team ids in input order.
 */
export async function registerTeamsBulk(
  db: Executor,
  request: { orgSlug: string; leagueId: number; teams: readonly BulkTeam[] },
): Promise<number[]> {
  const ids: number[] = [];
  await registerBulk(db, request, async (trx, league) => {
    if (league.entry_size === 1) {
      throw new ConflictError('This is an individual league: golfers register alone.');
    }
    const oversized = request.teams.find(
      (team) => team.userIds.length === 0 || team.userIds.length > league.entry_size,
    );
    if (oversized !== undefined) {
      throw new ValidationError({
        teams: `team "${oversized.name}" must have 1 to ${league.entry_size} members`,
      });
    }
    const teamIds = await insertTeamsBulk(
      trx,
      league.id,
      request.teams.map((team) => team.name),
    );
    const entries: Insertable<RosterEntriesTable>[] = [];
    for (const team of request.teams) {
      const id = teamIds.get(team.name);
      if (id === undefined) throw new ConflictError(`Team names repeat: "${team.name}".`);
      ids.push(id);
      const joined = { id, entryPaid: false };
      for (const userId of team.userIds) {
        const entry = newRosterEntry(league, userId, joined);
        joined.entryPaid ||= entry.paid_entry;
        entries.push(entry);
      }
    }
    await insertRosterEntriesBulk(trx, entries);
    return request.teams.length * seatsToReserve(league, undefined);
  });
  return ids;
}
