import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { test } from 'node:test';
import type { Harness } from '../support/harness.js';
import { PUBLIC } from '../support/harness.js';
import { describeListening } from '../support/listening.js';
import { fetchAsSent } from '../support/wire.js';

/** A description long enough that a list of a few leagues is sent in gzip. */
const LONG_DESCRIPTION = 'Nine holes of stroke play with handicaps, every Tuesday. '.repeat(8);

const GZIP = { 'accept-encoding': 'gzip' };

/** Headers that differ between two answers to the same request by nature. */
const VARYING = ['date', 'ratelimit', 'connection', 'keep-alive'];

function comparable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of VARYING) Reflect.deleteProperty(kept, name);
  return kept;
}

/** An org's league list (long enough to be compressed) and one short league. */
async function urlsOf(h: Harness): Promise<{ list: string; one: string }> {
  const org = await h.org();
  for (let n = 0; n < 3; n += 1) await h.league(org, { description: LONG_DESCRIPTION });
  const short = await h.league(org);
  return {
    list: `${PUBLIC}/orgs/${org.slug}/event-series`,
    one: `${PUBLIC}/orgs/${org.slug}/event-series/${short.slug}`,
  };
}

/**
 * Each public read asked for with HEAD first (a miss, answered by the route), then again (a
 * kept answer, before routing), in either encoding: the GET's status and headers, no body.
 */
function headMatchesGet(name: string, cacheTtlSeconds: number) {
  describeListening(
    name,
    (harness) => {
      for (const [label, headers] of [
        ['as written', {}],
        ['in gzip', GZIP],
      ] as const) {
        void test(`HEAD has the GET's headers and no body, ${label}`, async () => {
          const h = harness();
          for (const path of Object.values(await urlsOf(h))) {
            const url = `${h.origin}${path}`;
            const heads = [
              await fetchAsSent(url, { method: 'HEAD', headers }),
              await fetchAsSent(url, { method: 'HEAD', headers }),
            ];
            const get = await fetchAsSent(url, { headers });
            assert.equal(get.status, 200);
            assert.equal(Number(get.headers['content-length']), get.body.length);
            assert.ok(get.headers.etag !== undefined && get.headers['cache-control'] !== undefined);
            for (const head of heads) {
              assert.equal(head.status, 200, path);
              assert.equal(head.body.length, 0, path);
              assert.deepEqual(comparable(head.headers), comparable(get.headers), path);
            }
          }
        });

        void test(`HEAD naming the ETag is a 304 with no body, ${label}`, async () => {
          const h = harness();
          for (const path of Object.values(await urlsOf(h))) {
            const url = `${h.origin}${path}`;
            const get = await fetchAsSent(url, { headers });
            const etag = String(get.headers.etag);
            for (const held of [etag, `W/${etag}`, '*']) {
              const head = await fetchAsSent(url, {
                method: 'HEAD',
                headers: { ...headers, 'if-none-match': held },
              });
              assert.equal(head.status, 304, `${path} holding ${held}`);
              assert.equal(head.body.length, 0);
              assert.equal(head.headers.etag, etag);
              assert.equal(head.headers['content-type'], undefined);
              assert.equal(head.headers['access-control-allow-origin'], '*');
              // Said at all on a 304, the length is the 200's (RFC 9110 §8.6).
              const length = head.headers['content-length'];
              if (length !== undefined) assert.equal(Number(length), get.body.length);
            }
            const other = await fetchAsSent(url, {
              method: 'HEAD',
              headers: { ...headers, 'if-none-match': '"other"' },
            });
            assert.equal(other.status, 200);
          }
        });

        void test(`HEAD answered after routing (no listener in front) matches, ${label}`, async () => {
          const h = harness();
          for (const path of Object.values(await urlsOf(h))) {
            const get = await fetchAsSent(`${h.origin}${path}`, { headers });
            const head = await h.inject({ method: 'HEAD', url: path, headers });
            assert.equal(head.statusCode, 200);
            assert.equal(head.rawPayload.length, 0);
            assert.equal(head.headers.etag, get.headers.etag);
            assert.equal(Number(head.headers['content-length']), get.body.length);
            const etag = String(get.headers.etag);
            const conditional = { ...headers, 'if-none-match': etag };
            const notModified = await h.inject({ method: 'HEAD', url: path, headers: conditional });
            assert.equal(notModified.statusCode, 304);
            assert.equal(notModified.headers.etag, etag);
            assert.equal(Number(notModified.headers['content-length']), get.body.length);
          }
        });
      }

      void test('an unknown org is the GET’s 404 to HEAD, without a body', async () => {
        const h = harness();
        const url = `${h.origin}${PUBLIC}/orgs/no-such-org/event-series`;
        const [head, get] = [await fetchAsSent(url, { method: 'HEAD' }), await fetchAsSent(url)];
        assert.equal(get.status, 404);
        assert.equal(head.status, 404);
        assert.equal(head.body.length, 0);
      });
    },
    { responseCacheTtlSeconds: cacheTtlSeconds },
  );
}

headMatchesGet('HEAD of public reads, answers kept', 60);
headMatchesGet('HEAD of public reads, nothing kept', 0);
