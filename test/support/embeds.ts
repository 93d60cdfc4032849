import type { Event, League, Org, User } from '../../src/db/schema.js';
import { createBracket, publishBracket, setResult } from '../../src/resources/brackets/service.js';
import { createEvent, patchEvent } from '../../src/resources/events/service.js';
import { createPlan, recordPurchase } from '../../src/resources/membership-plans/service.js';
import { putPlayingHandicaps, putScoreCard } from '../../src/resources/leaderboards/service.js';
import { generateEventTeeSheet } from '../../src/resources/tee-sheets/service.js';
import { ADMIN, unique, type Harness } from './harness.js';
import { NINE_PARS, card, createNight } from './score-cards.js';
import { completedEvent, createSeries, postResults, yearSeason } from './standings.js';

/** Organizer text that must reach a widget as text, never as markup. */
export const HOSTILE_ORG_NAME = 'Pine & <script>alert("owned")</script> Club';

/** A club with something for every widget, on the harness's default day (2026-06-16). */
export interface EmbedClub {
  org: Org;
  /** Open for registration until July, ten places, three golfers in. */
  league: League;
  golfers: User[];
  /** Tonight's league night (5:00 pm in Chicago): a course, a tee sheet, two cards. */
  night: Event;
  /** A tournament outside the league, tagged `tournament`. */
  tournament: Event;
  seriesId: number;
  seasons: { previous: number; current: number };
  /** Eight golfers (the three above seeded 1–3) in a bracket: round one under way. */
  bracketSlug: string;
  /** Membership plans: one on sale (EUR, 5 places), one sold out (JPY), one closed. */
  plans: { onSale: number; soldOut: number; closed: number };
}

export async function embedClub(h: Harness): Promise<EmbedClub> {
  const org = await h.org({ name: HOSTILE_ORG_NAME, timezone: 'America/Chicago' });
  const league = await h.league(org, {
    name: 'Tuesday <b>Night</b> League',
    maxEntries: 10,
    registrationOpensAt: '2026-05-01',
    registrationClosesAt: '2026-07-31',
  });
  const golfers: User[] = [];
  for (const firstName of ['Ava', 'Ben', 'Cy']) {
    const user = await h.user({ firstName, lastName: 'Golfer' });
    await h.register(org, league, { userId: user.id });
    golfers.push(user);
  }
  const db = h.database.db;
  const created = await createNight(h, org, league, '2026-06-16T22:00:00Z');
  const { event: night } = await patchEvent(db, org.slug, created.id, {
    courseName: 'Cedar Ridge',
    pars: NINE_PARS,
    strokeIndex: [3, 5, 9, 1, 7, 4, 8, 2, 6],
    netScoring: true,
  });
  await generateEventTeeSheet(db, {
    orgSlug: org.slug,
    eventId: night.id,
    generate: { format: 'tee-times', firstStart: '17:00', intervalMinutes: 10, groupSize: 2 },
  });
  const [ava, ben] = golfers;
  if (ava === undefined || ben === undefined) throw new Error('golfers missing');
  // Ben's 11 strokes put him ahead of Ava on the net board, behind her on the gross one.
  await putPlayingHandicaps(db, {
    orgSlug: org.slug,
    eventId: night.id,
    handicaps: { [String(ben.id)]: 11 },
  });
  await putScoreCard(db, {
    orgSlug: org.slug,
    eventId: night.id,
    userId: ava.id,
    holes: card(4, 4, 3),
  });
  await putScoreCard(db, {
    orgSlug: org.slug,
    eventId: night.id,
    userId: ben.id,
    holes: card(5, 5, 4),
  });
  const { event: tournament } = await createEvent(db, org.slug, {
    slug: unique('championship'),
    title: 'Club Championship',
    eventType: 'tournament',
    status: 'published',
    startDate: '2026-07-11T13:00:00Z',
    tags: ['tournament'],
  });

  const seriesId = await createSeries(h, org, 'season', 'Tuesday Points');
  const previous = await yearSeason(h, org, seriesId, 2025);
  const current = await yearSeason(h, org, seriesId, 2026);
  const lastYear = await completedEvent(h, org, '2025-06-17T22:00:00Z');
  await postResults(h, org, seriesId, {
    eventId: lastYear.id,
    results: [{ userId: ben.id, points: 80 }],
  });
  const thisYear = await completedEvent(h, org, '2026-06-09T22:00:00Z');
  await postResults(h, org, seriesId, {
    eventId: thisYear.id,
    results: [{ userId: ava.id, points: 100 }],
  });
  const linked = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`, {
    standingSeriesId: seriesId,
  });
  if (linked.statusCode !== 200) throw new Error(linked.body);
  const bracketSlug = await embedBracket(h, org, golfers);
  const plans = await embedPlans(h, org, ava);
  return {
    org,
    league,
    golfers,
    night,
    tournament,
    seriesId,
    seasons: { previous, current },
    bracketSlug,
    plans,
  };
}

/** Three plans in three currencies: on sale, sold out (Ava bought the one place), closed. */
async function embedPlans(h: Harness, org: Org, buyer: User): Promise<EmbedClub['plans']> {
  const db = h.database.db;
  const plan = async (body: Parameters<typeof createPlan>[2]) =>
    (await createPlan(db, org.slug, body)).plan.id;
  const onSale = await plan({
    slug: unique('summer-pass'),
    name: 'Summer <b>Night</b> Pass',
    description: 'Every league night of the summer.',
    priceCents: 9550,
    currency: 'EUR',
    period: 'season',
    benefits: ['League nights', 'Range balls'],
    status: 'available',
    capacity: 5,
  });
  const soldOut = await plan({
    slug: unique('founders'),
    name: 'Founders',
    priceCents: 5000,
    currency: 'JPY',
    period: 'one-time',
    status: 'available',
    capacity: 1,
  });
  await recordPurchase(db, {
    orgSlug: org.slug,
    planId: soldOut,
    userId: buyer.id,
    now: h.clock.now,
  });
  const closed = await plan({
    slug: unique('winter'),
    name: 'Winter',
    priceCents: 12000,
    period: 'month',
    status: 'closed',
  });
  return { onSale, soldOut, closed };
}

/** A bracket of eight (`golfers` seeded first), published, its first match won 3&2. */
async function embedBracket(h: Harness, org: Org, golfers: readonly User[]): Promise<string> {
  const field = [...golfers];
  for (const firstName of ['Dee', 'Eve', 'Flo', 'Gus', 'Hal'].slice(0, 8 - golfers.length)) {
    field.push(await h.user({ firstName, lastName: 'Golfer' }));
  }
  const db = h.database.db;
  const draft = await createBracket(db, org.slug, {
    slug: unique('match-play'),
    name: 'Match <i>Play</i> Championship',
    holesPerMatch: 18,
    entrants: field.map((golfer) => ({ userId: golfer.id })),
  });
  const { matches } = await publishBracket(db, org.slug, draft.bracket.id);
  const first = matches[0];
  if (first === undefined) throw new Error('the bracket has no match');
  await setResult(db, {
    orgSlug: org.slug,
    id: draft.bracket.id,
    matchId: first.id,
    result: { winner: 1, kind: 'holes', up: 3, toPlay: 2 },
  });
  return draft.bracket.slug;
}
