import type { LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { League, Org } from '../../../src/db/schema.js';
import type { ValidationErrors } from '../../../src/http/schemas/common.js';
import type { AdminLeague, PublicLeague } from '../../../src/resources/leagues/schema.js';
import { assertPlainText } from '../../support/assertions.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  NO_LIMITS,
  PUBLIC,
  describeOnDatabases,
  type Harness,
} from '../../support/harness.js';

const STOCK_CREST = '/media/stock/crest.svg';
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const CREST_PATH = /^\/media\/crests\/[0-9a-f]{64}\.(png|jpg|webp)$/;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG signature and IHDR chunk header, then `tail` (random unless given). */
function png(tail: Buffer = randomBytes(32)): Buffer {
  const ihdr = Buffer.from([0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  return Buffer.concat([Buffer.from(PNG_SIGNATURE), ihdr, tail]);
}

/** SOI, an APP0/JFIF marker, then random bytes. */
function jpeg(): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return Buffer.concat([head, randomBytes(32)]);
}

/** "RIFF", a little-endian size, "WEBP", a "VP8 " chunk header, then random bytes. */
function webp(): Buffer {
  const body = Buffer.concat([Buffer.from('WEBPVP8 ', 'latin1'), randomBytes(32)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body]);
}

function gif(): Buffer {
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), randomBytes(32)]);
}

function imagePath(org: Pick<Org, 'slug'>, id: number | string): string {
  return `${ADMIN}/orgs/${org.slug}/event-series/${String(id)}/image`;
}

function upload(
  h: Harness,
  org: Pick<Org, 'slug'>,
  id: number | string,
  bytes: Buffer,
  contentType = 'image/png',
): Promise<LightMyRequestResponse> {
  return h.inject({
    method: 'PUT',
    url: imagePath(org, id),
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': contentType },
    payload: bytes,
  });
}

/** Uploads `bytes` and returns the crest path the league now points at. */
async function uploadOk(
  h: Harness,
  org: Org,
  league: League,
  bytes: Buffer,
  contentType = 'image/png',
): Promise<string> {
  const response = await upload(h, org, league.id, bytes, contentType);
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json<AdminLeague>();
  assert.equal(body.id, league.id);
  assert.match(body.seriesImageUrl, CREST_PATH);
  return body.seriesImageUrl;
}

async function publicImageUrl(h: Harness, org: Org, league: League): Promise<string> {
  const response = await h.inject({
    method: 'GET',
    url: `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<PublicLeague>().seriesImageUrl;
}

function assertImageRefused(response: LightMyRequestResponse): void {
  assert.equal(response.statusCode, 422, response.body);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const body = response.json<ValidationErrors>();
  assert.deepEqual(Object.keys(body), ['errors']);
  assert.equal(typeof body.errors.image, 'string', response.body);
}

function assertImmutableCrest(
  response: LightMyRequestResponse,
  bytes: Buffer,
  contentType: string,
): void {
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.headers['content-type'], contentType);
  const cacheControl = String(response.headers['cache-control']);
  assert.match(cacheControl, /\bimmutable\b/);
  assert.match(cacheControl, /\bmax-age=31536000\b/);
  assert.match(cacheControl, /\bpublic\b/);
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  assert.ok(response.rawPayload.equals(bytes), 'the crest is served byte for byte');
}

describeOnDatabases(
  'media: crest upload',
  (harness) => {
    const formats: [string, () => Buffer, string, string][] = [
      ['PNG', png, 'image/png', 'png'],
      ['JPEG', jpeg, 'image/jpeg', 'jpg'],
      ['WebP', webp, 'image/webp', 'webp'],
    ];

    for (const [label, make, contentType, extension] of formats) {
      void test(`a ${label} upload: 200, a content-addressed .${extension} path the public league shows`, async () => {
        const h = harness();
        const org = await h.org();
        const league = await h.league(org);
        assert.equal(await publicImageUrl(h, org, league), STOCK_CREST);
        const bytes = make();
        const path = await uploadOk(h, org, league, bytes, contentType);
        assert.ok(path.endsWith(`.${extension}`), path);
        assert.equal(await publicImageUrl(h, org, league), path);
        const list = await h.inject({
          method: 'GET',
          url: `${PUBLIC}/orgs/${org.slug}/event-series`,
        });
        assert.deepEqual(
          list.json<PublicLeague[]>().map((item) => item.seriesImageUrl),
          [path],
        );
        assertImmutableCrest(await h.inject({ method: 'GET', url: path }), bytes, contentType);
      });

      void test(`a ${label} sent as application/octet-stream is recognised from its bytes`, async () => {
        const h = harness();
        const org = await h.org();
        const league = await h.league(org);
        const bytes = make();
        const path = await uploadOk(h, org, league, bytes, 'application/octet-stream');
        assert.ok(path.endsWith(`.${extension}`), path);
        assertImmutableCrest(await h.inject({ method: 'GET', url: path }), bytes, contentType);
      });
    }

    void test('the type comes from the bytes, not the Content-Type header', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const bytes = png();
      const path = await uploadOk(h, org, league, bytes, 'image/jpeg');
      assert.ok(path.endsWith('.png'), path);
      assertImmutableCrest(await h.inject({ method: 'GET', url: path }), bytes, 'image/png');
      const other = jpeg();
      const jpegPath = await uploadOk(h, org, league, other, 'image/webp');
      assert.ok(jpegPath.endsWith('.jpg'), jpegPath);
      assertImmutableCrest(await h.inject({ method: 'GET', url: jpegPath }), other, 'image/jpeg');
    });

    void test('the same bytes give the same path, in any league; different bytes another path', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const league = await h.league(org);
      const sibling = await h.league(org);
      const foreign = await h.league(otherOrg);
      const bytes = png();
      const first = await uploadOk(h, org, league, bytes);
      const again = await uploadOk(h, org, league, Buffer.from(bytes));
      assert.equal(again, first);
      assert.equal(await uploadOk(h, org, sibling, Buffer.from(bytes)), first);
      assert.equal(await uploadOk(h, otherOrg, foreign, Buffer.from(bytes)), first);
      assert.equal(await publicImageUrl(h, otherOrg, foreign), first);
      assertImmutableCrest(await h.inject({ method: 'GET', url: first }), bytes, 'image/png');

      const changed = Buffer.from(bytes);
      changed[changed.length - 1] = (changed[changed.length - 1] ?? 0) ^ 0xff;
      const second = await uploadOk(h, org, league, changed);
      assert.notEqual(second, first);
      assert.equal(await publicImageUrl(h, org, league), second);
      assert.equal(await publicImageUrl(h, org, sibling), first, 'the sibling keeps its crest');
      assertImmutableCrest(await h.inject({ method: 'GET', url: second }), changed, 'image/png');
      // A path never changes its content: the old one serves the old bytes or nothing at all.
      const old = await h.inject({ method: 'GET', url: first });
      assert.ok(old.statusCode === 404 || old.rawPayload.equals(bytes));
    });

    void test('a hidden league may get a crest through the admin API', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { status: 'draft' });
      await uploadOk(h, org, league, webp(), 'image/webp');
    });

    const notImages: [string, () => Buffer, string][] = [
      [
        'text claiming image/png',
        () => Buffer.from('hello, this is not an image', 'utf8'),
        'image/png',
      ],
      ['a GIF claiming image/png', gif, 'image/png'],
      ['a GIF claiming image/webp', gif, 'image/webp'],
      ['a GIF as application/octet-stream', gif, 'application/octet-stream'],
      [
        'an SVG claiming image/png',
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'image/png',
      ],
      ['a truncated PNG signature', () => Buffer.from(PNG_SIGNATURE.slice(0, 7)), 'image/png'],
      [
        'a PNG signature off by one byte',
        () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b, 1, 2]),
        'image/png',
      ],
      ['two JPEG bytes', () => Buffer.from([0xff, 0xd8]), 'image/jpeg'],
      [
        'a RIFF file that is not WebP',
        () =>
          Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'), randomBytes(8)]),
        'image/webp',
      ],
      ['"RIFF" alone', () => Buffer.from('RIFF', 'latin1'), 'image/webp'],
      ['a PDF', () => Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1'), 'application/octet-stream'],
    ];

    for (const [label, make, contentType] of notImages) {
      void test(`${label}: 422 with errors.image, and the crest is unchanged`, async () => {
        const h = harness();
        const org = await h.org();
        const league = await h.league(org);
        assertImageRefused(await upload(h, org, league.id, make(), contentType));
        assert.equal(await publicImageUrl(h, org, league), STOCK_CREST);
      });
    }

    void test('a refused upload keeps the previous crest', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const path = await uploadOk(h, org, league, jpeg(), 'image/jpeg');
      assertImageRefused(await upload(h, org, league.id, gif(), 'image/png'));
      assert.equal(await publicImageUrl(h, org, league), path);
    });

    void test('an empty body is 422 with errors.image', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      assertImageRefused(await upload(h, org, league.id, Buffer.alloc(0), 'image/png'));
      assert.equal(await publicImageUrl(h, org, league), STOCK_CREST);
    });

    void test('exactly 2 MiB is accepted', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const bytes = png(randomBytes(MAX_IMAGE_BYTES - 16));
      assert.equal(bytes.length, MAX_IMAGE_BYTES);
      const path = await uploadOk(h, org, league, bytes);
      assertImmutableCrest(await h.inject({ method: 'GET', url: path }), bytes, 'image/png');
    });

    for (const contentType of ['image/png', 'application/octet-stream']) {
      void test(`over 2 MiB (${contentType}) is 413 plain text, and the crest is unchanged`, async () => {
        const h = harness();
        const org = await h.org();
        const league = await h.league(org);
        const path = await uploadOk(h, org, league, png());
        const bytes = png(randomBytes(MAX_IMAGE_BYTES - 16 + 1));
        assert.equal(bytes.length, MAX_IMAGE_BYTES + 1);
        assertPlainText(await upload(h, org, league.id, bytes, contentType), 413);
        assert.equal(await publicImageUrl(h, org, league), path);
      });
    }

    void test('an unknown league, a league of another org, an unknown org and a malformed id are 404', async () => {
      const h = harness();
      const org = await h.org();
      const other = await h.org();
      const foreign = await h.league(other);
      assertPlainText(await upload(h, org, 2_000_000_000, png()), 404);
      assertPlainText(await upload(h, org, foreign.id, png()), 404);
      assert.equal(await publicImageUrl(h, other, foreign), STOCK_CREST);
      assertPlainText(await upload(h, { slug: 'no-such-org-anywhere' }, foreign.id, png()), 404);
      assertPlainText(await upload(h, org, 'abc', png()), 404);
    });

    void test('only the image route reads image bodies: other admin routes answer 415', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      for (const contentType of ['image/png', 'application/octet-stream']) {
        const response = await h.inject({
          method: 'PATCH',
          url: `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': contentType },
          payload: png(),
        });
        assertPlainText(response, 415, contentType);
      }
      assert.match(await uploadOk(h, org, league, png()), CREST_PATH);
    });

    void test('without the admin token the upload is 401 and changes nothing', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const response = await h.inject({
        method: 'PUT',
        url: imagePath(org, league.id),
        headers: { 'content-type': 'image/png' },
        payload: png(),
      });
      assertPlainText(response, 401);
      assert.equal(response.headers['www-authenticate'], 'Bearer');
      assert.equal(await publicImageUrl(h, org, league), STOCK_CREST);
    });
  },
  NO_LIMITS,
);

describeOnDatabases(
  'media: serving crests',
  (harness) => {
    void test('the stock crest is served as SVG', async () => {
      const h = harness();
      const response = await h.inject({ method: 'GET', url: STOCK_CREST });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^image\/svg\+xml\b/);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.match(response.body, /<svg[\s>]/);
    });

    void test('a league without a crest points at the stock crest', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      assert.equal(await publicImageUrl(h, org, league), STOCK_CREST);
    });

    void test('a well-formed crest path that was never uploaded is 404 plain text', async () => {
      const h = harness();
      for (const extension of ['png', 'jpg', 'webp']) {
        const path = `/media/crests/${randomBytes(32).toString('hex')}.${extension}`;
        assertPlainText(await h.inject({ method: 'GET', url: path }), 404);
      }
    });

    void test('an uploaded crest under another extension is 404', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const path = await uploadOk(h, org, league, png());
      const hash = path.slice('/media/crests/'.length, -'.png'.length);
      for (const extension of ['jpg', 'webp']) {
        assertPlainText(
          await h.inject({ method: 'GET', url: `/media/crests/${hash}.${extension}` }),
          404,
        );
      }
      assertPlainText(
        await h.inject({ method: 'GET', url: `/media/crests/${hash.toUpperCase()}.png` }),
        404,
      );
    });

    const hex = 'ab'.repeat(32);
    for (const path of [
      '/media/crests/abc.png',
      `/media/crests/${hex}`,
      `/media/crests/${hex}.gif`,
      `/media/crests/${hex}.svg`,
      `/media/crests/${hex}.png.exe`,
      `/media/crests/${hex.slice(1)}.png`,
      `/media/crests/${hex}0.png`,
      `/media/crests/${'g'.repeat(64)}.png`,
      `/media/crests/..%2F..%2Fpackage.json`,
      `/media/crests/${hex}.PNG`,
      '/media/crests/',
      '/media/crests',
      '/media/stock/other.svg',
      '/media/',
    ]) {
      void test(`a malformed crest path (${path}) is 404 plain text`, async () => {
        const h = harness();
        assertPlainText(await h.inject({ method: 'GET', url: path }), 404);
      });
    }
  },
  NO_LIMITS,
);
