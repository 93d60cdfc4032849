import assert from 'node:assert/strict';
import { test } from 'node:test';
import { skipUnlessSet } from '../../support/databases.js';
import { openStream, type Frame } from '../../support/event-streams.js';
import { postgresInstances } from '../../support/listening.js';
import { ADMIN, describeUnlessSkipped } from '../../support/harness.js';
import { card, golferNamed, leagueNight, score } from '../../support/score-cards.js';
import { oddsPath } from './support.js';

/** Decisions §15: a score write's new odds reach subscribers within 2 s. */
const ODDS_DEADLINE_MS = 2_000;

const oddsIds = (frames: Frame[]) =>
  frames.filter((frame) => frame.event === 'odds').map((frame) => Number(frame.id));

const postgresUrl = process.env.DATABASE_URL ?? '';

describeUnlessSkipped(
  'live odds of two instances on one PostgreSQL',
  skipUnlessSet('DATABASE_URL', 'PostgreSQL'),
  () => {
    const instances = postgresInstances(postgresUrl, 2);

    void test('the same cards give byte-identical odds on both instances', async () => {
      const [a, b] = instances;
      assert.ok(a !== undefined && b !== undefined);
      const night = await leagueNight(a, { golfers: ['Al', 'Bo', 'Cy', 'Di'] });
      await score(a, night, 'Al', card(4, 3, 3));
      await score(a, night, 'Bo', card(5, 4));
      const bodies = await Promise.all(
        [a, b].map(async ({ origin }) => {
          const response = await fetch(`${origin}${oddsPath(night)}`);
          assert.equal(response.status, 200);
          return response.text();
        }),
      );
      assert.equal(bodies[0], bodies[1]);
      assert.match(bodies[0] ?? '', /"phase":"live"/);
    });

    void test('a score written on one instance moves the odds stream of the other within 2 s', async () => {
      const [a, b] = instances;
      assert.ok(a !== undefined && b !== undefined);
      const night = await leagueNight(a, { golfers: ['Al', 'Bo', 'Cy'] });
      const { leaderboardVersion: first } = await score(a, night, 'Al', card(4));
      const stream = await openStream(`${b.origin}${oddsPath(night)}/stream`);
      try {
        assert.equal(stream.status, 200, stream.text());
        await stream.waitFor('the first odds', (frames) => oddsIds(frames).includes(first));
        const written = Date.now();
        const response = await a.admin(
          'PUT',
          `${ADMIN}/orgs/${night.org.slug}/events/${night.event.id}/scores/${golferNamed(night, 'Bo').id}`,
          { holes: card(3, 3) },
        );
        assert.equal(response.statusCode, 200, response.body);
        const { leaderboardVersion } = response.json<{ leaderboardVersion: number }>();
        const frames = await stream.waitFor(`odds of version ${leaderboardVersion}`, (now) =>
          oddsIds(now).includes(leaderboardVersion),
        );
        const elapsed = Date.now() - written;
        assert.ok(elapsed <= ODDS_DEADLINE_MS, `the new odds came after ${elapsed} ms`);
        const event = frames.find((frame) => frame.id === String(leaderboardVersion));
        const fromA = await fetch(`${a.origin}${oddsPath(night)}`);
        assert.equal(event?.data, await fromA.text(), 'the stream sends the bytes of the read');
      } finally {
        stream.close();
      }
    });
  },
);
