import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { EventSource } from 'eventsource';
import {
  createAdminClient,
  createPublicClient,
  unwrap,
  type EventOdds,
} from '../../clients/typescript/src/index.js';
import { ADMIN_TOKEN, NO_LIMITS, stopHarness } from '../support/harness.js';
import { card, golferNamed, leagueNight } from '../support/score-cards.js';
import { eventually } from '../support/eventually.js';
import { startListening, type ListeningHarness } from '../support/listening.js';

let server: ListeningHarness | undefined;
before(async () => {
  server = await startListening(NO_LIMITS);
});
after(async () => {
  if (server !== undefined) await stopHarness(server);
});

void test('subscribeOdds: the odds at once, new odds after a score write, typed as the read', async () => {
  assert.ok(server !== undefined);
  const h = server;
  const night = await leagueNight(h, { golfers: ['Ava', 'Ben'] });
  const client = createPublicClient(h.origin, { EventSource });
  const received: EventOdds[] = [];
  const unsubscribe = client.subscribeOdds(night.org.slug, night.event.slug, (odds) => {
    received.push(odds);
  });
  try {
    await eventually('the first odds', () => received.length === 1, { withinMs: 20_000 });
    const read = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/events/{eventSlug}/odds', {
        params: { path: { orgSlug: night.org.slug, eventSlug: night.event.slug } },
      }),
    );
    assert.deepEqual(received[0], read);
    assert.equal(read.boards[0]?.phase, 'pre');

    const admin = createAdminClient(h.origin, ADMIN_TOKEN);
    const written = await unwrap(
      admin.PUT('/admin/v1/orgs/{orgSlug}/events/{id}/scores/{userId}', {
        params: {
          path: {
            orgSlug: night.org.slug,
            id: night.event.id,
            userId: golferNamed(night, 'Ava').id,
          },
        },
        body: { holes: card(3, 4) },
      }),
    );
    await eventually('the new odds', () => received.length === 2, { withinMs: 20_000 });
    const next = received[1]?.boards[0];
    assert.ok(next !== undefined);
    assert.deepEqual([next.version, next.phase], [written.leaderboardVersion, 'live']);
  } finally {
    unsubscribe();
  }
});
