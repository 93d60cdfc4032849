import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { League, Org, User } from '../../../src/db/schema.js';
import type { AdminLeagueDetail, PublicLeague } from '../../../src/resources/leagues/schema.js';
import type { PublicTeeSheet } from '../../../src/resources/tee-sheets/schema.js';
import { browserSkip, launchChromium } from '../../support/browser.js';
import {
  checkAccessibility,
  inPage,
  organizerKey,
  said,
  shoot,
  shotPath,
  signIn,
} from '../../support/console.js';
import { TARGETS } from '../../support/databases.js';
import {
  ADMIN,
  NO_LIMITS,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  unique,
  type Harness,
} from '../../support/harness.js';
import { NINE_PARS } from '../../support/score-cards.js';
import { publicGet } from '../../support/teams.js';
import { listen } from '../../support/wire.js';

/** A 16 × 16 PNG: a green crest with a white stripe. */
const CREST = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAGklEQVR42mPgjrVGQ/+RAKYsw6iGUQ3DVwMABzA5kDNcmQsAAAAASUVORK5CYII=',
  'base64',
);

describeUnlessSkipped(
  'the console: a team league’s crest, teams and invites, and a tee sheet edited by hand',
  browserSkip,
  () => {
    let h: Harness;
    let browser: Browser;
    let page: Page;
    let origin: string;
    let org: Org;
    let key: string;
    let league: League;
    let eventId: number;
    let eventSlug: string;
    const golfers = new Map<string, User>();
    const failures: string[] = [];

    /** Registers `names` as one team of the league, the first founding it. */
    async function team(name: string, names: string[], partnerEmails: string[] = []) {
      let teamId: number | null = null;
      for (const [index, full] of names.entries()) {
        const [firstName, lastName] = full.split(' ');
        const user = await h.user({ firstName, lastName });
        golfers.set(full, user);
        const registered = await h.register(
          org,
          league,
          teamId === null
            ? { userId: user.id, teamName: name, ...(index === 0 ? { partnerEmails } : {}) }
            : { userId: user.id, teamId },
        );
        teamId = registered.teamId;
      }
    }

    before(async () => {
      const pglite = TARGETS[0];
      if (pglite === undefined) throw new Error('no PGlite target');
      h = await startHarness(pglite, NO_LIMITS);
      org = await h.org({ name: 'Pairs Club' });
      key = await organizerKey(h, org.slug);
      league = await h.league(org, { name: 'Tuesday Pairs', entrySize: 2 });
      const invited = await h.user({ firstName: 'Ivy', lastName: 'Invited' });
      await team('Aces', ['Ann Able', 'Amy Able']);
      await team('Birdies', ['Ben Birdie', 'Bea Birdie']);
      await team('Chippers', ['Cal Chip'], [invited.email]);
      await team('Droppers', ['Dan Drop']);
      const night = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, {
        slug: unique('pairs-night'),
        title: 'Pairs Night',
        eventType: 'league-night',
        status: 'published',
        startDate: '2026-06-16T17:30',
        eventSeriesId: league.id,
        pars: NINE_PARS,
      });
      assert.equal(night.statusCode, 201, night.body);
      ({ id: eventId, slug: eventSlug } = night.json<{ id: number; slug: string }>());
      origin = await listen(h.app);
      browser = await launchChromium();
      page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      page.on('response', (response) => {
        if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') failures.push(message.text());
      });
    });

    after(async () => {
      await browser.close();
      await stopHarness(h);
    });

    const adminLeague = async () =>
      (
        await h.admin('GET', `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`)
      ).json<AdminLeagueDetail>();

    void test('the crest: too large and not an image said in words, then uploaded and public', async () => {
      await signIn(page, origin, key, 'Pairs Club');
      await page.goto(`${origin}/console/league?id=${league.id}`);
      await page.locator('#league-title', { hasText: 'Tuesday Pairs' }).waitFor();
      const crest = page.getByRole('img', { name: 'Crest of Tuesday Pairs' });
      assert.equal(await crest.getAttribute('src'), '/media/stock/crest.svg', 'the stock crest');

      await page.setInputFiles('#image', {
        name: 'poster.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(3 * 1024 * 1024),
      });
      await page.getByRole('button', { name: 'Upload crest' }).click();
      await said(
        page,
        'Crest image (PNG, JPEG or WebP, at most 2 MB): must be at most 2.0 MB; this file is 3.0 MB.',
      );
      assert.equal(
        await page.locator('#image-error').innerText(),
        'Crest image (PNG, JPEG or WebP, at most 2 MB): must be at most 2.0 MB; this file is 3.0 MB.',
      );
      assert.equal(await page.getAttribute('#image', 'aria-invalid'), 'true');
      assert.equal(failures.join(' '), '', 'a file too large is never sent');

      await page.setInputFiles('#image', {
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Not a picture at all.'),
      });
      await page.getByRole('button', { name: 'Upload crest' }).click();
      await said(
        page,
        'Crest image (PNG, JPEG or WebP, at most 2 MB): must be a PNG, JPEG or WebP image.',
      );
      assert.match(await page.locator('#image-error').innerText(), /must be a PNG, JPEG or WebP/);
      assert.ok(
        failures.length > 0 && failures.every((line) => line.includes('422')),
        `the API refused it: ${failures.join(' ')}`,
      );
      failures.length = 0; // meant; anything later is not

      await page.setInputFiles('#image', {
        name: 'crest.png',
        mimeType: 'image/png',
        buffer: CREST,
      });
      await page.getByRole('button', { name: 'Upload crest' }).click();
      await said(page, 'Crest uploaded.');
      assert.equal(await page.locator('#image-error').count(), 0, 'the old rule is gone');
      const read = await publicGet(h, `/orgs/${org.slug}/event-series/${league.slug}`);
      assert.equal(read.statusCode, 200, read.body);
      const url = read.json<PublicLeague>().seriesImageUrl;
      assert.match(url, /^\/media\/crests\/[0-9a-f]{64}\.png$/);
      assert.equal(await crest.getAttribute('src'), url, 'the page shows the public crest');
      assert.equal(
        await inPage(page, `document.getElementById('crest').naturalWidth`),
        16,
        'the crest loads',
      );
    });

    void test('teams with members and pending invites; one deleted after a confirm step', async () => {
      const cards = page.locator('#teams > li');
      await cards.nth(3).waitFor();
      assert.deepEqual(
        (await cards.allInnerTexts()).map((text) => text.split(/\n+/).slice(0, 3).join(' | ')),
        [
          'Aces | Members (2 of 2): Ann Able, Amy Able | Pending invites: none',
          'Birdies | Members (2 of 2): Ben Birdie, Bea Birdie | Pending invites: none',
          `Chippers | Members (1 of 2): Cal Chip | Pending invites: ${(await adminLeague()).teams[2]?.invites[0]?.email}`,
          'Droppers | Members (1 of 2): Dan Drop | Pending invites: none',
        ],
      );
      assert.match(
        await cards.nth(2).innerText(),
        /Pending invites: golfer-[^@]+@example\.com/,
        'the invited address, as the admin read gives it',
      );

      await page.getByRole('button', { name: 'Delete team Droppers' }).click();
      const yes = page.getByRole('button', { name: 'Yes, delete team Droppers' });
      await yes.waitFor();
      assert.match(
        await cards.nth(3).innerText(),
        /Delete team Droppers\? Its members leave the roster and its invites stop working\./,
      );
      assert.equal(
        await inPage(page, 'document.activeElement.textContent'),
        'Yes, delete team Droppers',
        'the confirm button has the focus',
      );
      await checkAccessibility(page, 'league, a team delete to confirm');
      await shoot(page, 'league-team-confirm');
      await page.getByRole('button', { name: 'Keep Droppers' }).click();
      assert.equal(await yes.isVisible(), false, 'kept: nothing deleted');
      assert.equal((await adminLeague()).teams.length, 4);

      // The keyboard alone: the delete button has the focus back; Enter twice deletes.
      assert.equal(
        await inPage(page, 'document.activeElement.textContent'),
        'Delete team Droppers',
      );
      await page.keyboard.press('Enter');
      await yes.waitFor();
      await page.keyboard.press('Enter');
      await said(page, 'Team Droppers deleted.');
      await page.getByRole('heading', { name: 'Droppers' }).waitFor({ state: 'detached' });
      const after = await adminLeague();
      assert.deepEqual(
        after.teams.map((one) => one.name),
        ['Aces', 'Birdies', 'Chippers'],
      );
      assert.equal(
        after.roster.find((entry) => entry.userId === golfers.get('Dan Drop')?.id)?.status,
        'withdrawn',
        'the team’s golfer left the roster',
      );
      await checkAccessibility(page, 'league with crest and teams');
      await shoot(page, 'league-teams');
    });

    void test('the tee sheet edited group by group: a start, a hole, a golfer moved and one taken off', async () => {
      await page.goto(`${origin}/console/night?id=${eventId}`);
      await page.locator('#night-title', { hasText: 'Pairs Night' }).waitFor();
      assert.equal(await page.locator('#edit-sheet-section').isVisible(), false, 'no sheet yet');
      await page.fill('#groupSize', '2');
      await page.getByRole('button', { name: 'Generate tee sheet' }).click();
      await said(page, 'Tee sheet generated.');
      const rows = () => page.locator('#groups tr').allInnerTexts();
      assert.deepEqual(await rows(), [
        '17:30\t1\tAnn Able, Amy Able',
        '17:40\t1\tBen Birdie, Bea Birdie',
        '17:50\t1\tCal Chip',
      ]);
      await page.getByRole('button', { name: 'Save tee sheet' }).waitFor();
      await checkAccessibility(page, 'night with the tee sheet editor');
      await shoot(page, 'night-sheet-edit');

      // A team split across groups is refused in the organizer's words, and nothing changes.
      await page.getByLabel('Amy Able (Aces)').selectOption({ label: 'Group 2' });
      await page.getByRole('button', { name: 'Save tee sheet' }).click();
      await said(page, "Group 2: Amy Able's team plays in Group 1; a team plays in one group.");
      const refused = failures.splice(0);
      assert.ok(
        refused.length > 0 && refused.every((line) => line.includes('422')),
        refused.join(' '),
      );

      await page.getByLabel('Amy Able (Aces)').selectOption({ label: 'Group 1' });
      await page.getByLabel('Cal Chip (Chippers)').selectOption({ label: 'Group 1' });
      await page.getByLabel('Bea Birdie (Birdies)').selectOption({ label: 'Not on the sheet' });
      await page.getByLabel('Group 2 start', { exact: true }).fill('18:05');
      await page.getByLabel('Group 2 starting hole', { exact: true }).fill('5');
      await page.getByRole('button', { name: 'Save tee sheet' }).click();
      await said(page, 'Tee sheet saved.');
      assert.deepEqual(
        await rows(),
        ['17:30\t1\tAnn Able, Amy Able, Cal Chip', '18:05\t5\tBen Birdie'],
        'the emptied third group came off the sheet',
      );
      assert.equal(await page.getByLabel('Bea Birdie (Birdies)').inputValue(), 'off');

      const read = await publicGet(h, `/orgs/${org.slug}/events/${eventSlug}/tee-sheet`);
      assert.equal(read.statusCode, 200, read.body);
      assert.deepEqual(read.json<PublicTeeSheet>(), {
        format: 'tee-times',
        groups: [
          {
            startTime: '2026-06-16T22:30:00.000Z',
            startingHole: 1,
            players: [
              { name: 'Ann Able', teamName: 'Aces' },
              { name: 'Amy Able', teamName: 'Aces' },
              { name: 'Cal Chip', teamName: 'Chippers' },
            ],
          },
          {
            startTime: '2026-06-16T23:05:00.000Z',
            startingHole: 5,
            players: [{ name: 'Ben Birdie', teamName: 'Birdies' }],
          },
        ],
      });

      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.locator('#edit-sheet').isVisible(), false, 'no editor on paper');
      assert.equal(await page.locator('#generate').isVisible(), false, 'no forms on paper');
      assert.equal(await page.locator('#sheet').isVisible(), true, 'the tee sheet is printed');
      await page.screenshot({ path: await shotPath('tee-sheet-edited-print.png'), fullPage: true });
      await page.emulateMedia({ media: 'screen' });
      await checkAccessibility(page, 'night, the tee sheet edited');
      assert.deepEqual(failures, []);
    });
  },
);
