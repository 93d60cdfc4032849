import type { Executor } from '../../db/executor.js';
import { NotFoundError } from '../../domain/errors.js';
import { displayName } from '../../domain/names.js';
import { freeSlug, nameWords, searchName, slugBase } from '../../domain/player-names.js';
import {
  playerProfile,
  type PlayerProfile,
  type ProfileCard,
  type ProfileLeague,
  type ProfileStandingsTable,
} from '../../domain/player-profiles.js';
import type { Page } from '../../http/schemas/common.js';
import { requireOrg } from '../orgs/service.js';
import {
  completeCardsOfGolfers,
  eventFieldsOfGolfers,
  findListedPlayers,
  findListedProfile,
  findUsers,
  leaguesOfGolfers,
  lockOrgs,
  orgsOfGolfers,
  savePlayers,
  slugsOfOrgs,
  standingTotalsOfGolfers,
  takeStalePlayers,
  unlistElsewhere,
  type PlayerWrite,
  type StandingTotalRow,
} from './store.js';

/** `user:org`, the key of one golfer's profile in one org. */
const keyOf = (userId: number, orgId: number) => `${userId}:${orgId}`;

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group === undefined) groups.set(key(row), [row]);
    else group.push(row);
  }
  return groups;
}

/**
 * The table of each series the golfer has a total in: the whole series for an overall
 * series, else the season that began last among those the golfer has points in.
 */
function standingsTables(
  rows: readonly StandingTotalRow[],
  userId: number,
): ProfileStandingsTable[] {
  const tables: ProfileStandingsTable[] = [];
  for (const seriesRows of groupBy(rows, (row) => String(row.series_id)).values()) {
    const own = seriesRows
      .filter((row) => row.user_id === userId)
      .sort((a, b) => (b.season_start ?? '').localeCompare(a.season_start ?? ''))[0];
    if (own === undefined) continue;
    tables.push({
      seriesId: own.series_id,
      seriesName: own.series_name,
      competitorId: own.competitor_id,
      totals: seriesRows
        .filter((row) => row.season_key === own.season_key)
        .map((row) => ({
          competitorId: row.competitor_id,
          name: row.name,
          points: row.points,
          events: row.events,
        })),
    });
  }
  return tables;
}

export { anyStalePlayers } from './store.js';

/**
 * Rebuilds the profile of every golfer marked stale, in the transaction that marked them
 * just before it commits (`writeTransaction`), or for changes made outside the app when it
 * hears of them. The marks come from triggers on every table a profile is computed from
 * (migration 014). A golfer gets a slug in an org the first time they are linked to it
 * (`GOLFER_LINKS`), and keeps it whatever they are renamed.
 */
export async function rebuildStalePlayers(trx: Executor): Promise<void> {
  const userIds = await takeStalePlayers(trx);
  if (userIds.length === 0) return;
  const users = await findUsers(trx, { ids: userIds });
  const links = await orgsOfGolfers(trx, { userIds });
  const leagues = groupBy(await leaguesOfGolfers(trx, { userIds }), (row) =>
    keyOf(row.user_id, row.org_id),
  );
  const fields = new Set(
    (await eventFieldsOfGolfers(trx, { userIds })).map((row) => keyOf(row.user_id, row.org_id)),
  );
  const cards = groupBy(await completeCardsOfGolfers(trx, { userIds }), (row) =>
    keyOf(row.user_id, row.org_id),
  );
  const totals = groupBy(await standingTotalsOfGolfers(trx, { userIds }), (row) =>
    String(row.org_id),
  );
  const orgIds = [...new Set(links.map((link) => link.org_id))];
  let slugs = orgIds.length === 0 ? [] : await slugsOfOrgs(trx, { orgIds });
  const given = new Set(slugs.map((row) => keyOf(row.user_id, row.org_id)));
  if (links.some((link) => !given.has(keyOf(link.user_id, link.org_id)))) {
    // New slugs: one writer per org at a time, so that two never pick the same one.
    await lockOrgs(trx, orgIds);
    slugs = await slugsOfOrgs(trx, { orgIds });
  }
  const slugOf = new Map(slugs.map((row) => [keyOf(row.user_id, row.org_id), row.slug]));
  const taken = groupBy(slugs, (row) => String(row.org_id));
  const takenIn = new Map(
    [...taken].map(([org, rows]) => [org, new Set(rows.map((row) => row.slug))]),
  );

  const writes: PlayerWrite[] = [];
  for (const user of users) {
    const name = displayName(user);
    const ownLinks = links.filter((link) => link.user_id === user.id);
    for (const { org_id: orgId } of ownLinks) {
      const key = keyOf(user.id, orgId);
      let slug = slugOf.get(key);
      if (slug === undefined) {
        const orgSlugs = takenIn.get(String(orgId)) ?? new Set<string>();
        slug = freeSlug(slugBase(name), orgSlugs);
        orgSlugs.add(slug);
        takenIn.set(String(orgId), orgSlugs);
      }
      const ownLeagues: ProfileLeague[] = (leagues.get(key) ?? []).map((row) => ({
        slug: row.slug,
        name: row.name,
        teamName: row.team_name,
      }));
      const ownCards: ProfileCard[] = (cards.get(key) ?? []).map((row) => ({
        event: { slug: row.slug, title: row.title, startDate: row.start_at.toISOString() },
        pars: row.pars,
        holes: row.holes,
        place: row.place,
        same: row.same,
      }));
      const profile = playerProfile({
        slug,
        name,
        leagues: ownLeagues,
        cardsNewestFirst: ownCards,
        standings: standingsTables(totals.get(String(orgId)) ?? [], user.id),
      });
      const onSomethingPublic = ownLeagues.length > 0 || ownCards.length > 0 || fields.has(key);
      writes.push({
        org_id: orgId,
        user_id: user.id,
        slug,
        name,
        search_name: searchName(name),
        listed: user.public_profile && onSomethingPublic,
        handicap: profile.handicap?.value ?? null,
        profile: JSON.stringify(profile),
      });
    }
  }
  await savePlayers(trx, writes);
  for (const user of users) {
    await unlistElsewhere(trx, {
      userId: user.id,
      orgIds: links.filter((link) => link.user_id === user.id).map((link) => link.org_id),
    });
  }
}

/** A page of the org's listed players by name; each search word starts a word of the name. */
export async function listPlayers(
  db: Executor,
  orgSlug: string,
  search: string | undefined,
  page: Page,
): Promise<{ count: number; players: { slug: string; name: string; handicap: number | null }[] }> {
  const words = nameWords(search ?? '');
  if (search !== undefined && words.length === 0) {
    // A search of no letters or digits has no word to match.
    await requireOrg(db, orgSlug);
    return { count: 0, players: [] };
  }
  const { count, rows } = await findListedPlayers(db, orgSlug, words, page);
  if (count === 0) await requireOrg(db, orgSlug);
  return { count, players: rows };
}

/** A listed player's profile; a hidden one is as unknown as a slug never given. */
export async function getPlayer(
  db: Executor,
  orgSlug: string,
  slug: string,
): Promise<PlayerProfile> {
  const found = await findListedProfile(db, orgSlug, slug);
  if (found === undefined) throw new NotFoundError();
  return JSON.parse(found.profile) as PlayerProfile;
}
