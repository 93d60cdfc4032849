import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, COMPRESS_FROM_BYTES } from '../../src/http/edge/compression.js';
import { ENTRY_OVERHEAD_BYTES } from '../../src/http/edge/response-cache.js';
import type { Org } from '../../src/db/schema.js';
import { describeOnDatabases, PUBLIC, type Harness } from '../support/harness.js';
import { describeListening } from '../support/listening.js';
import { kept } from '../support/metrics.js';
import { fetchAsSent } from '../support/wire.js';

void describe('what an Accept-Encoding header takes (RFC 9110 §12.5.3)', () => {
  const cases: [string | undefined, boolean][] = [
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br', false],
    ['identity', false],
    ['*', true],
    ['gzip;q=0', false],
    ['GZIP', true],
    ['gzip;q=0.5, identity', false],
    ['identity;q=0.2, gzip;q=0.8', true],
    ['deflate, *;q=0.1', true],
  ];
  for (const [header, expected] of cases) {
    void test(`${JSON.stringify(header)} ${expected ? 'takes' : 'does not take'} gzip`, () => {
      assert.equal(acceptsGzip(header), expected);
    });
  }
});

/** A description long enough that a list of a few leagues is past `COMPRESS_FROM_BYTES`. */
const LONG_DESCRIPTION =
  'Nine holes of individual stroke play with handicaps, every Tuesday from April to September. '.repeat(
    4,
  );

/** An org with three public leagues: its league list is compressed, one league is not. */
async function clubWithLeagues(h: Harness): Promise<{ org: Org; listUrl: string; oneUrl: string }> {
  const org = await h.org();
  for (let n = 0; n < 3; n += 1) await h.league(org, { description: LONG_DESCRIPTION });
  const short = await h.league(org);
  return {
    org,
    listUrl: `${PUBLIC}/orgs/${org.slug}/event-series`,
    oneUrl: `${PUBLIC}/orgs/${org.slug}/event-series/${short.slug}`,
  };
}

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

describeOnDatabases('public answers in gzip', (harness) => {
  void test('a client that takes gzip gets the same body compressed, on a miss and on a hit', async () => {
    const h = harness();
    const { listUrl } = await clubWithLeagues(h);
    const plain = await h.inject({ url: listUrl });
    assert.equal(plain.statusCode, 200);
    assert.ok(plain.rawPayload.length >= COMPRESS_FROM_BYTES, 'the list is long enough');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    assert.equal(Number(plain.headers['content-length']), plain.rawPayload.length);
    for (const round of ['a hit', 'another hit']) {
      const compressed = await h.inject({ url: listUrl, headers: GZIP });
      assert.equal(compressed.statusCode, 200, round);
      assert.equal(compressed.headers['content-encoding'], 'gzip', round);
      assert.equal(compressed.headers.vary, 'Accept-Encoding', round);
      assert.equal(Number(compressed.headers['content-length']), compressed.rawPayload.length);
      assert.ok(compressed.rawPayload.length < plain.rawPayload.length / 2, round);
      assert.deepEqual(gunzipSync(compressed.rawPayload), plain.rawPayload, round);
      assert.equal(compressed.headers.etag, String(plain.headers.etag).replace(/"$/, '-gzip"'));
    }
  });

  void test('a client that does not take gzip gets the body as written from a compressed kept answer', async () => {
    const h = harness();
    const { listUrl } = await clubWithLeagues(h);
    // The first read keeps the answer compressed; the next ones are hits that decompress it.
    const first = await h.inject({ url: listUrl, headers: GZIP });
    const expected = gunzipSync(first.rawPayload);
    for (const headers of [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip;q=0' }]) {
      const plain = await h.inject({ url: listUrl, headers });
      assert.equal(plain.statusCode, 200);
      assert.equal(plain.headers['content-encoding'], undefined, JSON.stringify(headers));
      assert.deepEqual(plain.rawPayload, expected);
      assert.equal(Number(plain.headers['content-length']), expected.length);
      assert.equal(plain.headers.etag, String(first.headers.etag).replace(/-gzip"$/, '"'));
    }
  });

  void test('either ETag gets a 304 in either encoding, carrying the tag of what would be sent', async () => {
    const h = harness();
    const { listUrl } = await clubWithLeagues(h);
    const plain = await h.inject({ url: listUrl });
    const compressed = await h.inject({ url: listUrl, headers: GZIP });
    const plainTag = String(plain.headers.etag);
    const gzipTag = String(compressed.headers.etag);
    assert.notEqual(plainTag, gzipTag);
    for (const held of [plainTag, gzipTag]) {
      for (const [accepts, expectedTag] of [
        [{}, plainTag],
        [GZIP, gzipTag],
      ] as const) {
        const answer = await h.inject({
          url: listUrl,
          headers: { ...accepts, 'if-none-match': held },
        });
        assert.equal(answer.statusCode, 304, `holding ${held}`);
        assert.equal(answer.rawPayload.length, 0);
        assert.equal(answer.headers.etag, expectedTag);
        assert.equal(answer.headers.vary, 'Accept-Encoding');
        assert.equal(answer.headers['content-encoding'], undefined);
        assert.equal(answer.headers['content-length'], undefined);
      }
    }
  });

  void test('a short answer is sent and kept as written, with no Vary', async () => {
    const h = harness();
    const { oneUrl } = await clubWithLeagues(h);
    for (const round of ['a miss', 'a hit']) {
      const answer = await h.inject({ url: oneUrl, headers: GZIP });
      assert.equal(answer.statusCode, 200, round);
      assert.ok(answer.rawPayload.length < COMPRESS_FROM_BYTES, round);
      assert.equal(answer.headers['content-encoding'], undefined, round);
      assert.equal(answer.headers.vary, undefined, round);
      assert.ok(answer.json<{ name: string }>().name.length > 0);
    }
  });

  void test('an answer kept as written is kept in gzip once a client that takes it asks', async () => {
    const h = harness();
    const { listUrl } = await clubWithLeagues(h);
    const before = await kept(h.app, 'bytes');
    const plain = await h.inject({ url: listUrl });
    const counted = (body: Buffer) => body.length + listUrl.length + ENTRY_OVERHEAD_BYTES;
    assert.equal((await kept(h.app, 'bytes')) - before, counted(plain.rawPayload));
    const compressed = await h.inject({ url: listUrl, headers: GZIP });
    assert.equal(compressed.headers['content-encoding'], 'gzip');
    assert.ok(compressed.rawPayload.length < plain.rawPayload.length);
    assert.equal((await kept(h.app, 'bytes')) - before, counted(compressed.rawPayload));
    const again = await h.inject({ url: listUrl });
    assert.deepEqual(again.rawPayload, plain.rawPayload);
    assert.equal(again.headers.etag, plain.headers.etag);
  });
});

describeListening('public answers in gzip over sockets', (harness) => {
  void test('answered before routing, a kept answer is sent in the encoding each client takes', async () => {
    const h = harness();
    const { listUrl } = await clubWithLeagues(h);
    const url = `${h.origin}${listUrl}`;
    const miss = await fetchAsSent(url, { headers: GZIP });
    assert.equal(miss.status, 200);
    const expected = gunzipSync(miss.body);
    const hit = await fetchAsSent(url, { headers: GZIP });
    assert.equal(hit.headers['content-encoding'], 'gzip');
    assert.equal(hit.headers.vary, 'Accept-Encoding');
    assert.equal(hit.headers['access-control-allow-origin'], '*');
    assert.deepEqual(gunzipSync(hit.body), expected);
    const plain = await fetchAsSent(url);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(Number(plain.headers['content-length']), expected.length);
    assert.deepEqual(plain.body, expected);
    // What a browser or `fetch` does with it: the same JSON either way.
    const fetched = await fetch(url);
    assert.deepEqual(Buffer.from(await fetched.arrayBuffer()), expected);
  });

  void test('an answer kept as written is compressed for the first client that takes gzip, with its length', async () => {
    const h = harness();
    const { listUrl } = await clubWithLeagues(h);
    const url = `${h.origin}${listUrl}`;
    const plain = await fetchAsSent(url);
    assert.equal(plain.headers['content-encoding'], undefined);
    for (const round of ['compressed on this hit', 'kept compressed']) {
      const hit = await fetchAsSent(url, { headers: GZIP });
      assert.equal(hit.headers['content-encoding'], 'gzip', round);
      assert.equal(Number(hit.headers['content-length']), hit.body.length, round);
      assert.deepEqual(gunzipSync(hit.body), plain.body, round);
    }
  });
});
