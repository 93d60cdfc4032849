import { readFile } from 'node:fs/promises';
import type { Executor } from '../db/executor.js';
import type { User } from '../db/schema.js';
import { addDays, localDate, weekday, zonedInstant } from '../domain/dates.js';
import { createBracket, publishBracket, setResult } from '../resources/brackets/service.js';
import { addEventEntry, createEvent } from '../resources/events/service.js';
import { setInviteToken } from '../resources/invites/store.js';
import { putPlayingHandicaps, putScoreCard } from '../resources/leaderboards/service.js';
import { createLeague, patchLeague, type LeagueInput } from '../resources/leagues/service.js';
import { createPlan, recordPurchase } from '../resources/membership-plans/service.js';
import { createOrg } from '../resources/orgs/service.js';
import type { PostInput } from '../resources/posts/schema.js';
import { createPost, setPostImage } from '../resources/posts/service.js';
import {
  completeRegistration,
  type CompleteRegistration,
} from '../resources/registrations/service.js';
import { createSeason, createSeries, postResults } from '../resources/standings/service.js';
import { generateEventTeeSheet } from '../resources/tee-sheets/service.js';
import { createUser } from '../resources/users/service.js';

export const DEMO_ORG_SLUG = 'demo-golf-club';
/**
 * The token of one open demo partner invite, the same on every demo database so that the
 * README can link to it. It is public: it names an invite of the demo organization only.
 */
export const DEMO_INVITE_TOKEN = 'demo-only-invite-bogey-free';
const DEMO_TIME_ZONE = 'America/Chicago';

/**
 * The slug of this week's Tuesday night (tonight's, when seeded on a Tuesday): the night
 * the demo scores live. It is the sixth of the season, whatever the seeding day.
 */
export const DEMO_LIVE_NIGHT_SLUG = 'tuesday-night-6';
/** The demo's featured post, with a feature image. */
export const DEMO_FEATURED_POST_SLUG = 'opening-day';

/** The demo's match-play bracket: ten golfers, byes to the top six, under way. */
/** A golfer of the Tuesday league with enough played cards for a league handicap. */
export const DEMO_PLAYER_SLUG = 'ava-palmer';

export const DEMO_BRACKET_SLUG = 'club-match-play';

/** The Tuesday league's nine holes, par 36, with their stroke index; it plays net too. */
const DEMO_COURSE = {
  courseName: 'Cedar Ridge, front nine',
  pars: [4, 4, 3, 5, 4, 4, 3, 5, 4],
  strokeIndex: [3, 5, 9, 1, 7, 4, 8, 2, 6],
  netScoring: true,
};

/**
 * Playing handicaps on the live night, by golfer (index in GOLFERS), one of them below
 * scratch; the others play off their league handicap, or 0 without one.
 */
const LIVE_HANDICAPS: [number, number][] = [
  [0, 4],
  [1, 12],
  [2, -1],
  [3, 9],
];

/**
 * Cards in progress on the live night, by golfer (index in GOLFERS): each shotgun group
 * has played a few holes from its starting hole; one golfer has not started yet.
 */
const LIVE_CARDS: [number, (number | null)[]][] = [
  [0, [4, 3, 3, 5, null, null, null, null, null]],
  [1, [5, 4, 3, 6, null, null, null, null, null]],
  [2, [null, 4, 2, 5, 4, null, null, null, null]],
  [3, [null, 5, 3, 5, 5, null, null, null, null]],
  [4, [null, null, 3, 6, 4, null, null, null, null]],
];

/** The Tuesday league's roster (indexes in GOLFERS), who play its nights. */
const TUESDAY_ROSTER = [0, 1, 2, 3, 4, 9] as const;

const TUESDAY = 2;
const THURSDAY = 4;
const SATURDAY = 6;
/** Tuesday league nights: five played before this week, this week's and six more. */
const TUESDAY_WEEKS = { before: 5, after: 6 };

/** The first day on or after `day` (both `YYYY-MM-DD`) that falls on `dayOfWeek`. */
function onOrAfter(day: string, dayOfWeek: number): string {
  return addDays(day, (dayOfWeek - weekday(day) + 7) % 7);
}

/** `2026 Season`, or `2026–2027 Season` for a season that runs over New Year. */
function seasonLabel(firstDay: string, lastDay: string): string {
  const [first, last] = [firstDay.slice(0, 4), lastDay.slice(0, 4)];
  return first === last ? `${first} Season` : `${first}–${last} Season`;
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

/** The demo season's days in the organization's calendar, all `YYYY-MM-DD`. */
export interface DemoCalendar {
  /** Tuesday nights, oldest first: the five before this week's, this week's, six more. */
  tuesdayNights: string[];
  /** Thursday scramble rounds: this week's Thursday (today or later) and three more. */
  thursdayRounds: string[];
  /** The club championship: the first Saturday a week or more away, and the Sunday after. */
  championship: { firstDay: string; lastDay: string };
  /** The season of the running leagues and of their standings: the Tuesday nights' span. */
  season: { label: string; startDate: string; endDate: string };
  /** Registration: open four weeks before the first night, closes a week before the last. */
  registration: { registrationOpensAt: string; registrationClosesAt: string };
}

/**
 * The demo's days around `today` (the organization's local day at seeding): the schedule
 * moves with the seeding day but keeps to the days the leagues are named after.
 */
export function demoCalendar(today: string): DemoCalendar {
  const thisTuesday = onOrAfter(today, TUESDAY);
  const tuesdayNights: string[] = [];
  for (let week = -TUESDAY_WEEKS.before; week <= TUESDAY_WEEKS.after; week += 1) {
    tuesdayNights.push(addDays(thisTuesday, week * 7));
  }
  const thisThursday = onOrAfter(today, THURSDAY);
  const championshipDay = onOrAfter(addDays(today, 7), SATURDAY);
  const firstNight = tuesdayNights[0] ?? thisTuesday;
  const lastNight = tuesdayNights.at(-1) ?? thisTuesday;
  return {
    tuesdayNights,
    thursdayRounds: [0, 1, 2, 3].map((week) => addDays(thisThursday, week * 7)),
    championship: { firstDay: championshipDay, lastDay: addDays(championshipDay, 1) },
    season: {
      label: seasonLabel(firstNight, lastNight),
      startDate: firstNight,
      endDate: lastNight,
    },
    registration: {
      registrationOpensAt: addDays(firstNight, -28),
      registrationClosesAt: addDays(lastNight, -7),
    },
  };
}

/**
 * Fills an empty database with a demo organization: one league of each kind, golfers,
 * teams with open seats and invites (one of them at `DEMO_INVITE_TOKEN`), a season
 * schedule around `now` in which registration is open, a tournament and standings.
 */
export async function seedDemo(db: Executor, now: Date): Promise<void> {
  const org = await createOrg(db, {
    slug: DEMO_ORG_SLUG,
    name: 'Demo Golf Club',
    timezone: DEMO_TIME_ZONE,
  });
  const today = localDate(now, org.timezone);
  const calendar = demoCalendar(today);
  const year = Number(calendar.season.startDate.slice(0, 4));
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
  const running = { seasonLabel: calendar.season.label, ...calendar.registration };
  const league = async (input: LeagueInput) => (await createLeague(db, org.slug, input)).league;

  const individual = await league({
    slug: 'tuesday-night-league',
    name: 'Tuesday Night League',
    scheduleLabel: 'Tuesdays at 5:30 pm, shotgun start',
    description: 'Nine holes of individual stroke play with handicaps, every Tuesday.',
    status: 'open',
    feeMembersCents: 15000,
    entrySize: 1,
    maxEntries: 48,
    ...running,
  });
  const pairsPerEntry = await league({
    slug: 'thursday-scramble-pairs',
    name: 'Thursday Scramble Pairs',
    scheduleLabel: 'Thursdays at 6 pm',
    description: 'Two-person scramble. One fee buys the pair’s entry; your partner joins free.',
    status: 'active',
    feeMembersCents: 24000,
    feePerEntry: true,
    entrySize: 2,
    ...running,
  });
  const pairsPerGolfer = await league({
    slug: 'sunday-better-ball',
    name: 'Sunday Better Ball',
    description: 'Four-ball better ball for pairs. Each golfer pays the season fee.',
    status: 'open',
    feeMembersCents: 12000,
    feePerEntry: false,
    entrySize: 2,
    maxEntries: 32,
    membersOnly: true,
    ...running,
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
    seasonLabel: calendar.season.label,
    status: 'private',
    feeMembersCents: 0,
    entrySize: 1,
  });

  const register = (
    leagueId: number,
    registration: Omit<CompleteRegistration, 'orgSlug' | 'leagueId'>,
  ) => completeRegistration(db, { orgSlug: org.slug, leagueId, ...registration });

  for (const index of TUESDAY_ROSTER) await register(individual.id, { userId: userId(index) });

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
  const bogeyFree = await register(pairsPerEntry.id, {
    userId: userId(3),
    teamName: 'Bogey Free',
    partnerEmails: [email(4)],
  });
  const openInvite = bogeyFree.invites[0]?.token;
  if (openInvite == null) throw new Error('the demo partner invite has no token');
  await setInviteToken(db, openInvite, DEMO_INVITE_TOKEN);

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
    timeZone: org.timezone,
    today,
    calendar,
    golfers: users,
    tuesdayLeagueId: individual.id,
    thursdayLeagueId: pairsPerEntry.id,
  });
  await seedBracket(db, org.slug, users);
  await seedPosts(db, org.slug, now);
  await seedMembershipPlans(db, org.slug, now, [userId(0), userId(2), userId(5)]);
}

/**
 * The club championship in progress: round one played (an extra-holes win among them), two
 * quarterfinals decided, two still to play.
 */
async function seedBracket(db: Executor, orgSlug: string, golfers: readonly User[]) {
  const draft = await createBracket(db, orgSlug, {
    slug: DEMO_BRACKET_SLUG,
    name: 'Club Match Play Championship',
    holesPerMatch: 18,
    entrants: golfers.map((golfer) => ({ userId: golfer.id })),
  });
  const { matches } = await publishBracket(db, orgSlug, draft.bracket.id);
  const played: [number, number, Parameters<typeof setResult>[1]['result']][] = [
    [1, 2, { winner: 2, kind: 'extra-holes', holesPlayed: 19 }],
    [1, 6, { winner: 1, kind: 'holes', up: 3, toPlay: 2 }],
    [2, 2, { winner: 1, kind: 'holes', up: 2, toPlay: 0 }],
    [2, 4, { winner: 2, kind: 'conceded' }],
  ];
  for (const [round, number, result] of played) {
    const match = matches.find(
      (candidate) => candidate.round === round && candidate.number === number,
    );
    if (match === undefined) throw new Error(`demo bracket has no match ${round}.${number}`);
    await setResult(db, { orgSlug, id: draft.bracket.id, matchId: match.id, result });
  }
}

const DEMO_POST_IMAGE = new URL('../../assets/demo/opening-day.png', import.meta.url);
const DAY_MS = 86_400_000;

/**
 * The club's blog: a featured post with an image, a few more published ones, one scheduled
 * for next week and one draft (neither of them public).
 */
async function seedPosts(db: Executor, orgSlug: string, now: Date): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const post = async (input: PostInput) => (await createPost(db, orgSlug, input, now)).post;
  const opening = await post({
    slug: DEMO_FEATURED_POST_SLUG,
    title: 'Opening day: the course is ready',
    body:
      'The greens are rolling and the range is open. Tee times for the **Tuesday Night ' +
      'League** start at 5:30 pm, and registration is open until the season starts.\n\n' +
      '## What is new this year\n\n- Fresh sand in every bunker\n- A new tee on the 7th\n' +
      '- Scores posted live on the clubhouse screen\n\n' +
      '[Read the local rules](https://www.usga.org/rules.html) before your first round.',
    tags: ['news', 'course'],
    authorName: 'Sam Pro',
    status: 'published',
    publishedAt: daysAgo(2),
    featured: true,
  });
  await setPostImage(db, orgSlug, opening.id, await readFile(DEMO_POST_IMAGE));
  await post({
    slug: 'thursday-scramble-pairs-wanted',
    title: 'Partners wanted for the Thursday Scramble',
    body: 'A few golfers are still looking for a partner. Register alone and we will pair you up.',
    tags: ['leagues'],
    authorName: 'League Desk',
    status: 'published',
    publishedAt: daysAgo(5),
  });
  await post({
    slug: 'junior-clinic',
    title: 'Junior clinic on Saturday mornings',
    body: 'Juniors aged 8 to 16 play free on Saturday mornings with our pros. *Clubs provided.*',
    tags: ['juniors', 'news'],
    status: 'published',
    publishedAt: daysAgo(9),
  });
  await post({
    slug: 'club-championship-preview',
    title: 'Club Championship preview',
    body: 'The draw, the course set-up and who to watch. Published the week before the event.',
    tags: ['tournaments'],
    authorName: 'Sam Pro',
    status: 'published',
    publishedAt: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
  });
  await post({
    slug: 'winter-simulator-plans',
    title: 'Winter simulator plans (draft)',
    body: 'Notes for the winter league: bays, nights, fees.',
    status: 'draft',
  });
}

/** The slug of the demo's plan on sale, the one the README and the gallery show. */
export const DEMO_PLAN_SLUG = 'full-membership';

/** Plans on sale, in three currencies' worth of examples, one closed; a few bought. */
async function seedMembershipPlans(db: Executor, orgSlug: string, now: Date, buyers: number[]) {
  const { plan } = await createPlan(db, orgSlug, {
    slug: DEMO_PLAN_SLUG,
    name: 'Full membership',
    description: 'Every league at member rates, and the club championship.',
    priceCents: 24000,
    period: 'season',
    benefits: ['Member rates in every league', 'Club championship entry', 'Range balls'],
    status: 'available',
    capacity: 150,
  });
  for (const userId of buyers) await recordPurchase(db, { orgSlug, planId: plan.id, userId, now });
  await createPlan(db, orgSlug, {
    slug: 'junior-membership',
    name: 'Junior membership',
    description: 'For golfers under 18.',
    priceCents: 6000,
    period: 'year',
    benefits: ['Junior clinics', 'Member rates in every league'],
    status: 'available',
  });
  await createPlan(db, orgSlug, {
    slug: 'winter-range-pass',
    name: 'Winter range pass',
    priceCents: 4500,
    period: 'month',
    benefits: ['Heated bays'],
    status: 'closed',
  });
}

/**
 * Complete cards of a played night for every golfer of the field, so that the players'
 * profiles have results and, from the third night, league handicaps (decisions §19).
 * Strokes vary by golfer, night and hole, from one under par to five over.
 */
async function seedPlayedCards(
  db: Executor,
  seed: ScheduleSeed,
  eventId: number,
  night: number,
): Promise<void> {
  for (const index of TUESDAY_ROSTER) {
    const golfer = seed.golfers[index];
    if (golfer === undefined) throw new Error(`demo golfer ${index} is missing`);
    // A golfer's skill (0 to 2 strokes lost on every other hole) keeps the handicaps apart.
    const skill = golfer.id % 3;
    const holes = DEMO_COURSE.pars.map(
      (par, hole) =>
        par + ((golfer.id * 7 + night * 3 + hole * 2) % 5) - 1 + (hole % 2 === 0 ? skill : 0),
    );
    await putScoreCard(db, { orgSlug: seed.orgSlug, eventId, userId: golfer.id, holes });
  }
}

/** This week's night under way: a shotgun tee sheet of pairs and cards in progress. */
async function seedLiveNight(db: Executor, seed: ScheduleSeed, eventId: number): Promise<void> {
  const night = { orgSlug: seed.orgSlug, eventId };
  await generateEventTeeSheet(db, {
    ...night,
    generate: { format: 'shotgun', firstStart: '17:30', groupSize: 2 },
  });
  const golferAt = (index: number) => {
    const golfer = seed.golfers[index];
    if (golfer === undefined) throw new Error(`demo golfer ${index} is missing`);
    return golfer;
  };
  await putPlayingHandicaps(db, {
    ...night,
    handicaps: Object.fromEntries(
      LIVE_HANDICAPS.map(([index, strokes]) => [String(golferAt(index).id), strokes]),
    ),
  });
  for (const [index, holes] of LIVE_CARDS) {
    await putScoreCard(db, { ...night, userId: golferAt(index).id, holes });
  }
}

interface ScheduleSeed {
  orgSlug: string;
  timeZone: string;
  today: string;
  calendar: DemoCalendar;
  golfers: User[];
  tuesdayLeagueId: number;
  thursdayLeagueId: number;
}

/**
 * League nights on their weekdays at their local times (nights before today completed,
 * with results), a tagged tournament and season points with a tie at the top.
 */
async function seedSchedule(db: Executor, seed: ScheduleSeed): Promise<void> {
  const { calendar } = seed;
  const at = (day: string, time: string) => zonedInstant(day, time, seed.timeZone).toISOString();
  const playedNights: number[] = [];
  for (const [index, night] of calendar.tuesdayNights.entries()) {
    const played = night < seed.today;
    const { event } = await createEvent(db, seed.orgSlug, {
      slug: `tuesday-night-${index + 1}`,
      title: `Tuesday Night League — Week ${index + 1}`,
      eventType: 'league-night',
      status: played ? 'completed' : 'published',
      startDate: at(night, '17:30'),
      tags: ['league-night'],
      eventSeriesId: seed.tuesdayLeagueId,
      ...DEMO_COURSE,
    });
    if (played) {
      playedNights.push(event.id);
      await seedPlayedCards(db, seed, event.id, index);
    }
    if (event.slug === DEMO_LIVE_NIGHT_SLUG) await seedLiveNight(db, seed, event.id);
  }
  for (const [index, round] of calendar.thursdayRounds.entries()) {
    await createEvent(db, seed.orgSlug, {
      slug: `thursday-scramble-${index + 1}`,
      title: `Thursday Scramble — Round ${index + 1}`,
      eventType: 'league-night',
      status: 'published',
      startDate: at(round, '18:00'),
      tags: ['league-night', 'scramble'],
      eventSeriesId: seed.thursdayLeagueId,
    });
  }
  const championship = await createEvent(db, seed.orgSlug, {
    slug: 'club-championship',
    title: 'Club Championship',
    eventType: 'tournament',
    status: 'published',
    startDate: at(calendar.championship.firstDay, '08:00'),
    endDate: at(calendar.championship.lastDay, '17:00'),
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
    name: calendar.season.label,
    startDate: calendar.season.startDate,
    endDate: calendar.season.endDate,
  });
  // The first two golfers share every win, so the table opens on a tie; last place earns halves.
  const points = [10, 10, 6, 4, 2.5];
  const positions = [1, 1, 3, 4, 5];
  for (const eventId of playedNights) {
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
