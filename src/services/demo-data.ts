import type { User } from '../db/schema.js';
import type { Executor } from '../store/executor.js';
import { localDate } from '../domain/dates.js';
import { addEventEntry, createEvent } from './events.js';
import { createLeague, patchLeague, type LeagueInput } from './leagues.js';
import { createOrg } from './orgs.js';
import { completeRegistration, type CompleteRegistration } from './registration.js';
import { createSeason, createSeries, postResults } from './standings.js';
import { createUser } from './users.js';

export const DEMO_ORG_SLUG = 'demo-golf-club';
const DEMO_TIME_ZONE = 'America/Chicago';

function shiftDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const GOLFERS = [
  ['Ava', 'Palmer'],
  ['Ben', 'Hogan-Reyes'],
  ['Carla', 'Nicklaus'],
  ['Dev', 'Sarazen'],
  ['Elena', 'Vardon'],
  ['Finn', 'Snead'],
  ['Grace', 'Jones'],
  ['Hiro', 'Matsuda'],
  ['Isla', 'Ouimet'],
  ['Jonah', 'Hagen'],
] as const;

/**
 * Fills an empty database with a demo organization: one league of each kind, golfers,
 * teams with open seats and invites. Dates are set around `now` so that registration is open.
 */
export async function seedDemo(db: Executor, now: Date): Promise<void> {
  const org = await createOrg(db, {
    slug: DEMO_ORG_SLUG,
    name: 'Demo Golf Club',
    timezone: DEMO_TIME_ZONE,
  });
  const today = localDate(now, org.timezone);
  const year = Number(today.slice(0, 4));
  const users: User[] = [];
  for (const [firstName, lastName] of GOLFERS) {
    users.push(
      await createUser(db, {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
      }),
    );
  }
  const golfer = (index: number): User => {
    const user = users[index];
    if (user === undefined) throw new Error(`demo golfer ${index} is missing`);
    return user;
  };
  const userId = (index: number) => golfer(index).id;
  const email = (index: number) => golfer(index).email;
  const window = {
    registrationOpensAt: shiftDays(today, -30),
    registrationClosesAt: shiftDays(today, 60),
  };
  const league = async (input: LeagueInput) => (await createLeague(db, org.slug, input)).league;

  const individual = await league({
    slug: 'tuesday-night-league',
    name: 'Tuesday Night League',
    seasonLabel: `${year} Season`,
    scheduleLabel: 'Tuesdays at 5:30 pm, shotgun start',
    description: 'Nine holes of individual stroke play with handicaps, every Tuesday.',
    status: 'open',
    feeMembersCents: 15000,
    entrySize: 1,
    maxEntries: 48,
    ...window,
  });
  const pairsPerEntry = await league({
    slug: 'thursday-scramble-pairs',
    name: 'Thursday Scramble Pairs',
    seasonLabel: `${year} Season`,
    scheduleLabel: 'Thursday evenings',
    description: 'Two-person scramble. One fee buys the pair’s entry; your partner joins free.',
    status: 'active',
    feeMembersCents: 24000,
    feePerEntry: true,
    entrySize: 2,
    ...window,
  });
  const pairsPerGolfer = await league({
    slug: 'sunday-better-ball',
    name: 'Sunday Better Ball',
    seasonLabel: `${year} Season`,
    description: 'Four-ball better ball for pairs. Each golfer pays the season fee.',
    status: 'open',
    feeMembersCents: 12000,
    feePerEntry: false,
    entrySize: 2,
    maxEntries: 32,
    membersOnly: true,
    ...window,
  });
  await league({
    slug: 'fall-match-play',
    name: 'Fall Match Play',
    seasonLabel: `${year - 1} Fall`,
    status: 'completed',
    feeMembersCents: 8000,
    entrySize: 1,
  });
  await league({
    slug: 'winter-simulator-league',
    name: 'Winter Simulator League',
    seasonLabel: `${year + 1} Winter`,
    status: 'draft',
    feeMembersCents: 10000,
    entrySize: 1,
  });
  await league({
    slug: 'board-invitational',
    name: 'Board Invitational',
    seasonLabel: `${year} Season`,
    status: 'private',
    feeMembersCents: 0,
    entrySize: 1,
  });

  const register = (
    leagueId: number,
    registration: Omit<CompleteRegistration, 'orgSlug' | 'leagueId'>,
  ) => completeRegistration(db, { orgSlug: org.slug, leagueId, ...registration });

  for (const index of [0, 1, 2, 3, 4, 9]) await register(individual.id, { userId: userId(index) });

  const forePlay = await register(pairsPerEntry.id, {
    userId: userId(0),
    teamName: 'Fore Play',
    partnerEmails: [email(1)],
  });
  await register(pairsPerEntry.id, { userId: userId(1), teamId: forePlay.teamId ?? undefined });
  await register(pairsPerEntry.id, {
    userId: userId(2),
    teamName: 'Grip It and Sip It',
    partnerEmails: ['walter.travis@example.com'],
  });
  await register(pairsPerEntry.id, {
    userId: userId(3),
    teamName: 'Bogey Free',
    partnerEmails: [email(4)],
  });

  await register(pairsPerGolfer.id, {
    userId: userId(5),
    teamName: 'Sunday Best',
    partnerEmails: [email(6)],
  });
  const lipOuts = await register(pairsPerGolfer.id, {
    userId: userId(7),
    teamName: 'Lip Outs',
    partnerEmails: [email(8)],
  });
  await register(pairsPerGolfer.id, { userId: userId(8), teamId: lipOuts.teamId ?? undefined });

  await seedSchedule(db, {
    orgSlug: org.slug,
    now,
    today,
    golfers: users,
    tuesdayLeagueId: individual.id,
    thursdayLeagueId: pairsPerEntry.id,
  });
}

interface ScheduleSeed {
  orgSlug: string;
  now: Date;
  today: string;
  golfers: User[];
  tuesdayLeagueId: number;
  thursdayLeagueId: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** League nights around `now` (past ones completed), a tagged tournament and season points. */
async function seedSchedule(db: Executor, seed: ScheduleSeed): Promise<void> {
  const at = (daysFromNow: number, utcHour: number) => {
    const day = new Date(seed.now.getTime() + daysFromNow * DAY_MS);
    day.setUTCHours(utcHour, 30, 0, 0);
    return day;
  };
  const pastNights: number[] = [];
  for (let week = -5; week <= 6; week += 1) {
    const start = at(week * 7, 23);
    const past = start < seed.now;
    const { event } = await createEvent(db, seed.orgSlug, {
      slug: `tuesday-night-${week + 6}`,
      title: `Tuesday Night League — Week ${week + 6}`,
      eventType: 'league-night',
      status: past ? 'completed' : 'published',
      startDate: start.toISOString(),
      tags: ['league-night'],
      eventSeriesId: seed.tuesdayLeagueId,
    });
    if (past) pastNights.push(event.id);
  }
  for (let week = 0; week < 4; week += 1) {
    await createEvent(db, seed.orgSlug, {
      slug: `thursday-scramble-${week + 1}`,
      title: `Thursday Scramble — Round ${week + 1}`,
      eventType: 'league-night',
      status: 'published',
      startDate: at(week * 7 + 2, 23).toISOString(),
      tags: ['league-night', 'scramble'],
      eventSeriesId: seed.thursdayLeagueId,
    });
  }
  const championship = await createEvent(db, seed.orgSlug, {
    slug: 'club-championship',
    title: 'Club Championship',
    eventType: 'tournament',
    status: 'published',
    startDate: at(10, 14).toISOString(),
    endDate: at(11, 22).toISOString(),
    tags: ['tournament', 'major'],
  });
  for (const golfer of seed.golfers.slice(0, 4)) {
    await addEventEntry(db, {
      orgSlug: seed.orgSlug,
      eventId: championship.event.id,
      userId: golfer.id,
    });
  }

  const series = await createSeries(db, seed.orgSlug, {
    name: 'Tuesday Night Points',
    scope: 'season',
  });
  await createSeason(db, {
    orgSlug: seed.orgSlug,
    seriesId: series.id,
    name: `Season ending ${shiftDays(seed.today, 120).slice(0, 4)}`,
    startDate: shiftDays(seed.today, -120),
    endDate: shiftDays(seed.today, 120),
  });
  // The first two golfers share every win, so the table opens on a tie; last place earns halves.
  const points = [10, 10, 6, 4, 2.5];
  const positions = [1, 1, 3, 4, 5];
  for (const eventId of pastNights) {
    await postResults(db, {
      orgSlug: seed.orgSlug,
      seriesId: series.id,
      eventId,
      results: seed.golfers.slice(0, 5).map((golfer, place) => ({
        userId: golfer.id,
        position: positions[place],
        points: points[place] ?? 0,
      })),
    });
  }
  await patchLeague(db, seed.orgSlug, seed.tuesdayLeagueId, { standingSeriesId: series.id });
}
