import assert from 'node:assert/strict';
import { test } from 'node:test';
import type {
  AdminBracket,
  AdminBracketList,
  BracketList,
  BracketMatch,
} from '../../../src/resources/brackets/schema.js';
import {
  adminBracket,
  bracketPath,
  bracketsPath,
  draftBracket,
  matchId,
  publicBracket,
  publicBracketPath,
  publishedBracket,
  resultPath,
} from '../../support/brackets.js';
import { PUBLIC, describeOnDatabases, unique } from '../../support/harness.js';

/** Who stands on each side of a match, by seed; null for none. */
const seedsOf = (match: BracketMatch | undefined) => match?.sides.map((side) => side?.seed ?? null);

describeOnDatabases('brackets: draft, draw, results and the public reads', (harness) => {
  void test('a draft is unknown publicly; publishing draws by seed, byes to the top seeds, advanced at once', async () => {
    const h = harness();
    const org = await h.org();
    const draft = await draftBracket(h, org, 5);
    assert.equal((await h.inject({ url: publicBracketPath(org, draft.slug) })).statusCode, 404);
    const listed = await h.inject({ url: `${PUBLIC}/orgs/${org.slug}/brackets` });
    assert.deepEqual(listed.json<BracketList>(), { brackets: [] });
    assert.equal((await adminBracket(h, org, draft.id)).status, 'draft');

    const published = await h.admin('POST', `${bracketPath(org, draft.id)}/publish`);
    assert.equal(published.statusCode, 200, published.body);
    const bracket = published.json<AdminBracket>();
    assert.equal(bracket.status, 'in-progress');
    assert.deepEqual(
      bracket.rounds.map((round) => round.name),
      ['Quarterfinals', 'Semifinals', 'Final'],
    );
    assert.deepEqual(bracket.rounds[0]?.matches.map(seedsOf), [
      [1, null],
      [4, 5],
      [2, null],
      [3, null],
    ]);
    assert.deepEqual(
      bracket.rounds[0].matches.map((match) => [match.winner, match.result]),
      [
        [1, 'bye'],
        [null, null],
        [1, 'bye'],
        [1, 'bye'],
      ],
    );
    assert.deepEqual(bracket.rounds[1]?.matches.map(seedsOf), [
      [1, null],
      [2, 3],
    ]);
    const again = await h.admin('POST', `${bracketPath(org, draft.id)}/publish`);
    assert.equal(again.statusCode, 409, again.body);

    const shown = await publicBracket(h, org, draft.slug);
    assert.deepEqual(Object.keys(shown).toSorted(), [
      'champion',
      'holesPerMatch',
      'name',
      'rounds',
      'slug',
      'status',
    ]);
    assert.deepEqual(shown.rounds[0]?.matches[1]?.sides[0], {
      seed: 4,
      name: 'Seed4 Golfer',
      teamName: null,
    });
    const list = (
      await h.inject({ url: `${PUBLIC}/orgs/${org.slug}/brackets` })
    ).json<BracketList>();
    assert.deepEqual(list.brackets, [
      {
        slug: draft.slug,
        name: 'Club Match Play',
        status: 'in-progress',
        holesPerMatch: 18,
        champion: null,
      },
    ]);
  });

  void test('results advance the winner at once, are spelled as in match play, and crown a champion', async () => {
    const h = harness();
    const org = await h.org();
    const { id, slug } = await publishedBracket(h, org, 4);
    let bracket = await adminBracket(h, org, id);
    const final = matchId(bracket, 2, 1);
    const early = await h.admin('PUT', resultPath(org, id, final), { winner: 1, kind: 'conceded' });
    assert.equal(early.statusCode, 409, 'the final’s sides are not known yet');

    const first = await h.admin('PUT', resultPath(org, id, matchId(bracket, 1, 1)), {
      winner: 1,
      kind: 'holes',
      up: 3,
      toPlay: 2,
    });
    assert.equal(first.statusCode, 200, first.body);
    bracket = first.json<AdminBracket>();
    assert.deepEqual(seedsOf(bracket.rounds[1]?.matches[0]), [1, null]);
    assert.equal(bracket.rounds[0]?.matches[0]?.result, '3&2');

    const second = await h.admin('PUT', resultPath(org, id, matchId(bracket, 1, 2)), {
      winner: 2,
      kind: 'extra-holes',
      holesPlayed: 19,
    });
    assert.equal(second.statusCode, 200, second.body);
    bracket = second.json<AdminBracket>();
    assert.deepEqual(seedsOf(bracket.rounds[1]?.matches[0]), [1, 3]);
    assert.equal(bracket.rounds[0]?.matches[1]?.result, '1 up (19 holes)');

    // Replaced while the final is unplayed: seed 2 takes seed 3's place.
    const replaced = await h.admin('PUT', resultPath(org, id, matchId(bracket, 1, 2)), {
      winner: 1,
      kind: 'holes',
      up: 2,
      toPlay: 0,
    });
    assert.equal(replaced.statusCode, 200, replaced.body);
    bracket = replaced.json<AdminBracket>();
    assert.deepEqual(seedsOf(bracket.rounds[1]?.matches[0]), [1, 2]);
    assert.equal(bracket.rounds[0]?.matches[1]?.result, '2 up');

    const won = await h.admin('PUT', resultPath(org, id, final), {
      winner: 2,
      kind: 'holes',
      up: 1,
      toPlay: 0,
    });
    assert.equal(won.statusCode, 200, won.body);
    const shown = await publicBracket(h, org, slug);
    assert.equal(shown.status, 'completed');
    assert.equal(shown.champion, 'Seed2 Golfer');
    assert.equal(shown.rounds[1]?.matches[0]?.result, '1 up');
    assert.equal(shown.rounds[1].matches[0].winner, 2);
    const list = (
      await h.inject({ url: `${PUBLIC}/orgs/${org.slug}/brackets` })
    ).json<BracketList>();
    assert.equal(list.brackets[0]?.champion, 'Seed2 Golfer');
    assert.equal(list.brackets[0].status, 'completed');

    // The semifinal's result is fixed now that the final has one.
    const late = await h.admin('PUT', resultPath(org, id, matchId(bracket, 1, 2)), {
      winner: 2,
      kind: 'conceded',
    });
    assert.equal(late.statusCode, 409, late.body);
    const lateDelete = await h.admin('DELETE', resultPath(org, id, matchId(bracket, 1, 2)));
    assert.equal(lateDelete.statusCode, 409, lateDelete.body);

    // Removing the final's result reopens the bracket, then the semifinal's.
    assert.equal((await h.admin('DELETE', resultPath(org, id, final))).statusCode, 204);
    assert.equal((await publicBracket(h, org, slug)).champion, null);
    const removed = await h.admin('DELETE', resultPath(org, id, matchId(bracket, 1, 2)));
    assert.equal(removed.statusCode, 204, removed.body);
    bracket = await adminBracket(h, org, id);
    assert.deepEqual(seedsOf(bracket.rounds[1]?.matches[0]), [1, null]);
    assert.equal(bracket.rounds[0]?.matches[1]?.result, null);
    const twice = await h.admin('DELETE', resultPath(org, id, matchId(bracket, 1, 2)));
    assert.equal(twice.statusCode, 409, 'no result to remove');
  });

  void test('a result match play cannot produce is 422 naming the field; a bye has none', async () => {
    const h = harness();
    const org = await h.org();
    const { id } = await publishedBracket(h, org, 3);
    const bracket = await adminBracket(h, org, id);
    const played = matchId(bracket, 1, 2);
    const cases: [Record<string, unknown>, string][] = [
      [{ winner: 1, kind: 'holes', up: 3, toPlay: 0 }, 'up'],
      [{ winner: 1, kind: 'holes', up: 5, toPlay: 2 }, 'up'],
      [{ winner: 1, kind: 'holes', up: 3 }, 'toPlay'],
      [{ winner: 1, kind: 'extra-holes', holesPlayed: 18 }, 'holesPlayed'],
      [{ winner: 1, kind: 'conceded', up: 2 }, 'up'],
      [{ winner: 3, kind: 'conceded' }, 'winner'],
      [{ winner: 1, kind: 'walkover' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const response = await h.admin('PUT', resultPath(org, id, played), body);
      assert.equal(response.statusCode, 422, `${JSON.stringify(body)}: ${response.body}`);
      const { errors } = response.json<{ errors: Record<string, string> }>();
      assert.ok(field in errors, `${JSON.stringify(body)} names ${field}: ${response.body}`);
      assert.doesNotMatch(Object.values(errors).join(' '), /\^|\$|\\d/, 'rules in words');
    }
    assert.equal((await adminBracket(h, org, id)).rounds[0]?.matches[1]?.result, null);
    const bye = await h.admin('PUT', resultPath(org, id, matchId(bracket, 1, 1)), {
      winner: 2,
      kind: 'conceded',
    });
    assert.equal(bye.statusCode, 409, bye.body);
    const unknown = await h.admin('PUT', resultPath(org, id, 2_000_000_000), {
      winner: 1,
      kind: 'conceded',
    });
    assert.equal(unknown.statusCode, 404);
  });

  void test('a field is 2–128 golfers or teams, no one twice, and a slug once per org', async () => {
    const h = harness();
    const org = await h.org();
    const other = await h.org();
    const [a, b] = [await h.user(), await h.user()];
    const pairs = await h.league(org, { entrySize: 2 });
    const team = await h.register(org, pairs, { userId: a.id, teamName: unique('Team') });
    const theirLeague = await h.league(other, { entrySize: 2 });
    const theirs = await h.register(other, theirLeague, {
      userId: (await h.user()).id,
      teamName: unique('Team'),
    });
    const body = (entrants: unknown[], slug = unique('bracket')) => ({
      slug,
      name: 'Championship',
      holesPerMatch: 18,
      entrants,
    });
    const cases: [unknown[], string][] = [
      [[{ userId: a.id }], 'entrants'],
      [[{ userId: a.id }, { userId: b.id }, { userId: a.id }], 'entrants.2'],
      [[{ userId: a.id }, { teamId: team.teamId }], 'entrants'],
      [[{ userId: a.id }, { userId: 2_000_000_000 }], 'entrants.1.userId'],
      [[{ teamId: team.teamId }, { teamId: theirs.teamId }], 'entrants.1.teamId'],
      [[{ userId: a.id, teamId: team.teamId }, { userId: b.id }], 'entrants.0'],
    ];
    for (const [entrants, field] of cases) {
      const response = await h.admin('POST', bracketsPath(org), body(entrants));
      assert.equal(response.statusCode, 422, `${JSON.stringify(entrants)}: ${response.body}`);
      const { errors } = response.json<{ errors: Record<string, string> }>();
      assert.ok(
        Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`)),
        `${JSON.stringify(entrants)} names ${field}: ${response.body}`,
      );
    }
    const tooMany = Array.from({ length: 129 }, () => ({ userId: a.id }));
    assert.equal((await h.admin('POST', bracketsPath(org), body(tooMany))).statusCode, 422);
    const nine = await h.admin('POST', bracketsPath(org), {
      ...body([{ userId: a.id }, { userId: b.id }]),
      holesPerMatch: 12,
    });
    assert.equal(nine.statusCode, 422, 'matches are of 9 or 18 holes');

    const created = await h.admin(
      'POST',
      bracketsPath(org),
      body([{ userId: a.id }, { userId: b.id }], 'spring'),
    );
    assert.equal(created.statusCode, 201, created.body);
    const duplicate = await h.admin(
      'POST',
      bracketsPath(org),
      body([{ userId: b.id }, { userId: a.id }], 'spring'),
    );
    assert.equal(duplicate.statusCode, 409, duplicate.body);
    const elsewhere = await h.admin(
      'POST',
      bracketsPath(other),
      body([{ userId: b.id }, { userId: a.id }], 'spring'),
    );
    assert.equal(elsewhere.statusCode, 201, 'another org may use the slug');

    const list = await h.admin('GET', `${bracketsPath(org)}?limit=1`);
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(list.json<AdminBracketList>(), {
      count: 1,
      brackets: [
        {
          id: created.json<AdminBracket>().id,
          slug: 'spring',
          name: 'Championship',
          status: 'draft',
          holesPerMatch: 18,
          champion: null,
        },
      ],
    });
    const otherOrgsBracket = await h.admin(
      'GET',
      bracketPath(other, created.json<AdminBracket>().id),
    );
    assert.equal(otherOrgsBracket.statusCode, 404, 'a bracket is read under its own org only');
  });

  void test('a team league’s bracket shows its teams by name', async () => {
    const h = harness();
    const org = await h.org();
    const pairs = await h.league(org, { entrySize: 2 });
    const names = [unique('Birdie Hunters'), unique('Lip Outs'), unique('Fore Play')];
    const teams = [];
    for (const name of names) {
      teams.push(await h.register(org, pairs, { userId: (await h.user()).id, teamName: name }));
    }
    const created = await h.admin('POST', bracketsPath(org), {
      slug: 'pairs-knockout',
      name: 'Pairs Knockout',
      holesPerMatch: 9,
      entrants: teams.map((team) => ({ teamId: team.teamId })),
    });
    assert.equal(created.statusCode, 201, created.body);
    const { id } = created.json<AdminBracket>();
    assert.equal((await h.admin('POST', `${bracketPath(org, id)}/publish`)).statusCode, 200);
    const bracket = await publicBracket(h, org, 'pairs-knockout');
    assert.deepEqual(bracket.rounds[0]?.matches[1]?.sides, [
      { seed: 2, name: names[1], teamName: names[1] },
      { seed: 3, name: names[2], teamName: names[2] },
    ]);
    const admin = await adminBracket(h, org, id);
    const won = await h.admin('PUT', resultPath(org, id, matchId(admin, 1, 2)), {
      winner: 1,
      kind: 'holes',
      up: 5,
      toPlay: 4,
    });
    assert.equal(won.statusCode, 200, won.body);
    assert.equal(won.json<AdminBracket>().rounds[0]?.matches[1]?.result, '5&4');
  });
});
