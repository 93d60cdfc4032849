import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Org } from '../../src/db/schema.js';
import { createLog } from '../../src/http/log.js';
import { eventually } from '../support/eventually.js';
import {
  NO_LIMITS,
  PUBLIC,
  describeOnEachDatabase,
  startHarness,
  unique,
  type Harness,
} from '../support/harness.js';
import { listening, type ListeningHarness } from '../support/listening.js';

/** Log lines written to memory. */
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

void describe('the log', () => {
  void test('masks e-mail addresses in every line, whatever logged them', () => {
    const { lines, stream } = capture();
    const log = createLog({ level: 'info', enabled: true, stream });
    const failure = Object.assign(new Error('duplicate key'), {
      detail: 'Key (email)=(Pat.Golfer+club@example.com) already exists.',
    });
    log.error({ err: failure }, 'request failed');
    log.info({ url: '/x?invite=pat%40example.co.uk&y=1' }, 'seen');
    log.warn('sent to first.last@mail.example.org and back');
    assert.equal(lines.length, 3);
    const text = lines.join('');
    for (const address of ['Pat.Golfer+club@example.com', 'pat%40example.co.uk', 'first.last@']) {
      assert.ok(!text.includes(address), `${address} in ${text}`);
    }
    assert.equal(text.split('[email]').length - 1, 3);
    assert.ok(lines.every((line) => JSON.parse(line) !== null));
  });

  void test('writes nothing when disabled, whatever the level', () => {
    const { lines, stream } = capture();
    const log = createLog({ level: 'trace', enabled: false, stream });
    log.error('not written');
    assert.deepEqual(lines, []);
  });
});

/** A live invite token: a team registration that invites a partner who has an account. */
async function inviteToken(h: Harness, org: Org): Promise<string> {
  const league = await h.league(org, {
    slug: unique('pairs'),
    name: 'Pairs League',
    feeMembersCents: 1000,
    entrySize: 2,
  });
  const host = await h.user({
    email: `${unique('host')}@example.com`,
    firstName: 'Ida',
    lastName: 'Host',
  });
  const partner = await h.user({
    email: `${unique('partner')}@example.com`,
    firstName: 'Pat',
    lastName: 'Partner',
  });
  const registration = await h.register(org, league, {
    userId: host.id,
    teamName: 'Logged Pair',
    partnerEmails: [partner.email],
  });
  const token = registration.invites[0]?.token;
  assert.ok(typeof token === 'string');
  return token;
}

/** Every way the token could be spelled in a log line. */
function spellingsOf(token: string): string[] {
  const encoded = Buffer.from(token, 'ascii').toString('hex').replace(/../g, '%$&');
  return [token, token.toLowerCase(), token.toUpperCase(), encoded, token.slice(0, 12)];
}

/** A listening harness whose log lines are kept in `lines`. */
interface Logged extends ListeningHarness {
  lines: string[];
}

describeOnEachDatabase(
  'the access log over sockets',
  async (target): Promise<Logged> => {
    const { lines, stream } = capture();
    const config = { ...NO_LIMITS, logLevel: 'debug' as const };
    const h = await startHarness(target, config, {}, { logStream: stream });
    return { ...(await listening(h)), lines };
  },
  (harness) => {
    /** The access-log lines written since `from`, once `count` of them are there. */
    async function accessLines(from: number, count: number) {
      const { lines } = harness();
      const completed = () =>
        lines.slice(from).filter((line) => line.includes('"request completed"'));
      await eventually(`${count} access-log lines`, () => completed().length >= count, {
        withinMs: 10_000,
      });
      return completed().map(
        (line) => JSON.parse(line) as { req: { method: string; url: string }; res: object },
      );
    }

    void test('an invite token never reaches the log, however the URL spells it', async () => {
      const h = harness();
      const { origin: base, lines } = h;
      const org = await h.org({ name: 'Logged Golf Club' });
      const token = await inviteToken(h, org);
      const invites = `${PUBLIC}/event-series-invites`;
      const encodedLetters = `${PUBLIC}/event-series-%69nvites`;
      const requests: [string, string][] = [
        ['GET', `${invites}/${token}`],
        ['GET', `${invites}/${token}`],
        ['GET', `${invites}/${token}?utm_source=mail`],
        ['GET', `${invites}//${token}`],
        ['GET', `${invites}/${token}/`],
        ['GET', `${invites}/${token.toUpperCase()}`],
        ['GET', `${PUBLIC}/EVENT-SERIES-INVITES/${token}`],
        ['GET', `${PUBLIC}/Event-Series-Invites/${token}`],
        ['GET', `${invites}%2F${token}`],
        ['GET', `${invites}%2f${token}`],
        ['GET', `${encodedLetters}/${token}`],
        ['GET', `${invites}/${spellingsOf(token)[3]}`],
        ['GET', `${invites}/x?token=${token}`],
        ['GET', `${PUBLIC}/${token}`],
        ['GET', `${PUBLIC}/orgs/${org.slug}/event-series/${token}`],
        ['GET', `${invites}/${token}${'x'.repeat(1100)}`],
        ['GET', `${invites}/${token}%zz`],
        ['GET', `${PUBLIC}/orgs/${token}${'y'.repeat(250)}/event-series`],
        ['OPTIONS', `${invites}/${token}`],
        ['POST', `${invites}/${token}`],
        ['GET', `/media/crests/${token}`],
      ];
      const from = lines.length;
      for (const [method, path] of requests) {
        const answer = await fetch(`${base}${path}`, { method });
        await answer.arrayBuffer();
      }
      const logged = await accessLines(from, requests.length);

      assert.equal(logged.length, requests.length, 'one line per request');
      const text = lines.slice(from).join('\n');
      for (const spelling of spellingsOf(token)) {
        assert.ok(!text.includes(spelling), `${spelling} is in the log:\n${text}`);
      }
      assert.equal(logged[0]?.req.url, `${invites}/[redacted]`);
      assert.ok(logged.every((line) => line.req.url.length > 0));
    });

    void test('ids, slugs and the query parameters a route reads are shown, nothing else', async () => {
      const h = harness();
      const { origin: base, lines } = h;
      const org = await h.org({ name: 'Logged Golf Club' });
      const from = lines.length;
      const paths = [
        `${PUBLIC}/orgs/${org.slug}/event-series`,
        `${PUBLIC}/orgs/${org.slug}/events?_=12345&limit=5&eventSeries=some-league`,
        `${PUBLIC}/orgs/${org.slug}/event-series/7/teams/12?x=1`,
        `${PUBLIC}/orgs/Some_Org/event-series`,
        `${PUBLIC}/no-such-thing/12`,
        '/healthz?probe=1',
      ];
      for (const path of paths) await (await fetch(`${base}${path}`)).arrayBuffer();
      const logged = await accessLines(from, paths.length);
      assert.deepEqual(
        logged.map((line) => line.req.url),
        [
          `${PUBLIC}/orgs/${org.slug}/event-series`,
          `${PUBLIC}/orgs/${org.slug}/events?eventSeries=some-league&limit=5`,
          `${PUBLIC}/orgs/${org.slug}/event-series/7/teams/12`,
          `${PUBLIC}/orgs/[redacted]/event-series`,
          `${PUBLIC}/*/*`,
          '/healthz',
        ],
      );
    });

    void test('e-mail addresses in a URL never reach the log', async () => {
      const h = harness();
      const { origin: base, lines } = h;
      const org = await h.org({ name: 'Logged Golf Club' });
      const requests = [
        `${PUBLIC}/orgs/pat.golfer@example.com/event-series`,
        `${PUBLIC}/orgs/pat.golfer%40example.com/event-series`,
        `${PUBLIC}/orgs/${org.slug}/events?eventSeries=pat.golfer@example.com`,
        `${PUBLIC}/pat.golfer@example.com`,
        `${PUBLIC}/orgs/${org.slug}/event-series?email=pat.golfer%40example.com`,
      ];
      const from = lines.length;
      for (const path of requests) await (await fetch(`${base}${path}`)).arrayBuffer();
      const logged = await accessLines(from, requests.length);
      assert.equal(logged.length, requests.length);
      const text = lines.slice(from).join('\n');
      assert.ok(!/pat\.golfer/i.test(text), text);
    });
  },
);
