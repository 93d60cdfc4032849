import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserSkip, eventuallyInPage, launchChromium } from '../../support/browser.js';
import {
  checkAccessibility as axeCheck,
  clubWithKey,
  inPage,
  said as pageSays,
  shoot as screenshots,
  shotPath,
  signIn,
} from '../../support/console.js';
import { TARGETS } from '../../support/databases.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  NO_LIMITS,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  unique,
  type Harness,
} from '../../support/harness.js';
import { listen } from '../../support/wire.js';

describeUnlessSkipped(
  'the console: an organizer runs a league night from an empty club',
  browserSkip,
  () => {
    let h: Harness;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let origin: string;
    let orgSlug: string;
    let orgKey: string;
    const logLines: string[] = [];
    const requestUrls: string[] = [];
    const consoleErrors: string[] = [];
    const existing = {
      email: `${unique('known')}@example.com`,
      firstName: 'Kim',
      lastName: 'Known',
    };

    before(async () => {
      const pglite = TARGETS[0];
      if (pglite === undefined) throw new Error('no PGlite target');
      h = await startHarness(
        pglite,
        { ...NO_LIMITS, logLevel: 'debug' },
        {},
        { logStream: { write: (line: string) => void logLines.push(line) } },
      );
      ({ slug: orgSlug, key: orgKey } = await clubWithKey(h, 'Prairie Links'));
      // A golfer with an account already (another club's, say): added by e-mail, linked.
      await h.user(existing);
      origin = await listen(h.app);
      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.on('request', (request) => requestUrls.push(request.url()));
      page = await context.newPage();
      page.on('response', (response) => {
        if (response.status() >= 400) consoleErrors.push(`${response.status()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
    });

    after(async () => {
      await browser.close();
      await stopHarness(h);
    });

    const checkAccessibility = (what: string) => axeCheck(page, what);
    const shoot = (name: string) => screenshots(page, name);
    const said = (words: string) => pageSays(page, words);

    async function addGolfer(email: string, firstName: string, lastName: string): Promise<void> {
      await page.fill('#email', email);
      await page.fill('#firstName', firstName);
      await page.fill('#lastName', lastName);
      await page.getByRole('button', { name: 'Add golfer' }).click();
    }

    void test('sign in, league, golfers, night, tee sheet, scorer link, scores, standings', async () => {
      await page.goto(`${origin}/console`);
      await checkAccessibility('sign-in');
      await shoot('sign-in');
      await signIn(page, origin, orgKey, 'Prairie Links');

      await page.fill('#name', 'Tuesday League');
      await page.fill('#slug', 'tuesday-league');
      await page.selectOption('#status', 'open');
      await page.getByRole('button', { name: 'Create league' }).click();
      await said('League Tuesday League created.');
      await page.getByRole('link', { name: 'Tuesday League' }).waitFor();
      await checkAccessibility('leagues');
      await shoot('leagues');

      await page.getByRole('link', { name: 'Golfers' }).click();
      await page.waitForURL(/\/console\/golfers$/);
      await addGolfer(`${unique('al')}@example.com`, 'Al', 'Fairway');
      await said('Al Fairway added.');
      await addGolfer(existing.email.toUpperCase(), 'Someone', 'Else');
      await said('already had an account (Kim Known); it is now a golfer of this club too');
      await addGolfer(`${unique('bo')}@example.com`, 'Bo', 'Bunker');
      await said('Bo Bunker added.');
      await page.getByRole('cell', { name: 'Kim Known' }).waitFor();
      await checkAccessibility('golfers');
      await shoot('golfers');

      await page.getByRole('link', { name: 'Leagues' }).click();
      await page.getByRole('link', { name: 'Tuesday League' }).click();
      for (const name of ['Al Fairway', 'Kim Known', 'Bo Bunker']) {
        await page.locator('#golfer option', { hasText: name }).waitFor({ state: 'attached' });
        await page.selectOption('#golfer', {
          label: (await page.locator('#golfer option', { hasText: name }).innerText()).trim(),
        });
        await page.getByRole('button', { name: 'Register', exact: true }).click();
        await page.getByRole('button', { name: `Withdraw ${name}` }).waitFor();
      }
      await checkAccessibility('league');
      await shoot('league');

      await page.getByRole('link', { name: 'Standings' }).click();
      await page.fill('#seriesName', 'Tuesday Points');
      await page.selectOption('#scope', 'overall');
      await page.getByRole('button', { name: 'Create series' }).click();
      await said('Series Tuesday Points created.');
      await checkAccessibility('standings, empty');

      await page.getByRole('link', { name: 'Nights' }).click();
      await page
        .locator('#league option', { hasText: 'Tuesday League' })
        .waitFor({ state: 'attached' });
      await page.fill('#title', 'Week 1');
      await page.fill('#slug', 'week-1');
      await page.selectOption('#league', { label: 'Tuesday League' });
      await page.fill('#startDate', '2026-06-16T17:30');
      await page.fill('#courseName', 'Prairie front nine');
      await page.getByLabel('Net scoring (adds a net board)').check();
      // Two holes ranked 8: the API's rule shows next to the field, and nothing is created.
      await page.fill('#strokeIndex', '5,3,9,1,7,2,8,8,6');
      await page.getByRole('button', { name: 'Create night' }).click();
      const strokeIndexError = page.locator('#strokeIndex-error');
      await strokeIndexError.waitFor();
      assert.match(
        await strokeIndexError.innerText(),
        /^Stroke index of the holes, from hole 1 \(optional\): hole \d must have a rank from 1 to 9 that no other hole has\./,
      );
      assert.equal(await page.getAttribute('#strokeIndex', 'aria-invalid'), 'true');
      assert.match(
        (await page.getAttribute('#strokeIndex', 'aria-describedby')) ?? '',
        /strokeIndex-error/,
      );
      await checkAccessibility('nights, a refused stroke index');
      assert.ok(
        consoleErrors.length > 0 && consoleErrors.every((line) => line.includes('422')),
        consoleErrors.join(' '),
      );
      consoleErrors.length = 0; // the refusal was meant; anything later is not
      await page.fill('#strokeIndex', '5,3,9,1,7,2,8,4,6');
      await checkAccessibility('nights');
      await shoot('nights');
      await page.getByRole('button', { name: 'Create night' }).click();
      await page.waitForURL(/\/console\/night\?id=\d+$/);
      await page.locator('#night-title', { hasText: 'Week 1' }).waitFor();
      assert.equal(
        await page.locator('#night-when').innerText(),
        '2026-06-16 17:30 · Prairie front nine',
        'the local time went in and came back on the club’s clock',
      );
      await page.locator('#handicap-fields input').first().waitFor();
      assert.equal(await page.isChecked('#netScoring'), true, 'the night plays net');
      assert.equal(await page.inputValue('#strokeIndex'), '5,3,9,1,7,2,8,4,6');
      // Al plays off 2 (a stroke on index 1 and 2: holes 4 and 6), Bo off 12 (one on every
      // hole, a second on index 1 to 3: holes 4, 6 and 2); Kim off her league handicap.
      await page.getByLabel('Al Fairway', { exact: true }).fill('2');
      await page.getByLabel('Bo Bunker', { exact: true }).fill('12');
      await page.getByRole('button', { name: 'Save handicaps' }).click();
      await said('Playing handicaps saved.');
      assert.equal(await page.getByLabel('Bo Bunker', { exact: true }).inputValue(), '12');
      assert.equal(await page.getByLabel('Kim Known', { exact: true }).inputValue(), '');
      const netBoard = page.locator('table[data-board="Net"]');
      await netBoard.waitFor();
      assert.deepEqual(await netBoard.locator('th').allInnerTexts(), [
        'Place',
        'Golfer',
        'Hcp',
        'Thru',
        'Total',
        'To par',
      ]);

      await page.fill('#groupSize', '2');
      await page.getByRole('button', { name: 'Generate tee sheet' }).click();
      await said('Tee sheet generated.');
      const groups = await page.locator('#groups tr').allInnerTexts();
      assert.equal(groups.length, 2);
      assert.match(groups[0] ?? '', /17:30\s+1\s+Al Fairway, Kim Known/);
      assert.match(groups[1] ?? '', /17:40\s+1\s+Bo Bunker/);

      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.locator('header.top').isVisible(), false, 'no navigation on paper');
      assert.equal(await page.locator('#generate').isVisible(), false, 'no forms on paper');
      assert.equal(await page.locator('#scores-title').isVisible(), false);
      assert.equal(await page.locator('#sheet').isVisible(), true, 'the tee sheet is printed');
      await page.screenshot({
        path: await shotPath('tee-sheet-print.png'),
        fullPage: true,
      });
      await page.pdf({ path: await shotPath('tee-sheet.pdf'), format: 'A4' });
      await page.emulateMedia({ media: 'screen' });

      await page.getByRole('button', { name: 'Create scorer link' }).click();
      await said('Scorer link created');
      assert.match(await page.locator('#scorer-href').innerText(), /\/score#org=.*&event=\d+&key=/);
      assert.equal(await page.locator('#qr svg path').count(), 1, 'the QR code is drawn');

      const eventSlug = 'week-1';
      const board = await context.newPage();
      await board.goto(`${origin}/embed/leaderboard?org=${orgSlug}&event=${eventSlug}`);

      await page.selectOption('#scoreGolfer', { label: 'Al Fairway' });
      for (const [hole, strokes] of [4, 4, 3, 5, 4, 4, 3, 5, 4].entries()) {
        await page.fill(`#hole-${hole + 1}`, String(strokes));
      }
      await page.getByRole('button', { name: 'Save card' }).click();
      await said('Card saved.').catch((error: unknown) => {
        throw new Error(`${String(error)} ${consoleErrors.join(' ')}`);
      });
      await page.selectOption('#scoreGolfer', { label: 'Bo Bunker' });
      for (const [hole, strokes] of [5, 5, 4, 6, 5, 5, 4, 6, 5].entries()) {
        await page.fill(`#hole-${hole + 1}`, String(strokes));
      }
      await page.getByRole('button', { name: 'Save card' }).click();
      await said('Card saved.');
      const rowsOf = async (name: string) =>
        (await page.locator(`table[data-board="${name}"] tbody tr`).allInnerTexts()).map((line) =>
          line.split('\t').map((cell) => cell.trim()),
        );
      await eventuallyInPage('the night’s boards show both cards', async () => {
        const rows = await rowsOf('Individual');
        return rows.some((line) => line.includes('45')) ? true : JSON.stringify(rows);
      });
      assert.deepEqual((await rowsOf('Individual')).slice(0, 2), [
        ['1', 'Al Fairway', '9', '36', 'E'],
        ['2', 'Bo Bunker', '9', '45', '+9'],
      ]);
      // Net, by hand: Bo 45 − 12 = 33, Al 36 − 2 = 34; Kim has no card yet.
      assert.deepEqual((await rowsOf('Net')).slice(0, 2), [
        ['1', 'Bo Bunker', '12', '9', '33', '-3'],
        ['2', 'Al Fairway', '2', '9', '34', '-2'],
      ]);
      assert.deepEqual(
        await page.locator('#board option').allInnerTexts(),
        ['Individual', 'Net'],
        'each board of the night may be posted',
      );
      await checkAccessibility('night');
      await shoot('night');

      // Net scoring off takes the net board away; on again brings it back as it was.
      await page.getByLabel('Net scoring (adds a net board)').uncheck();
      await page.getByRole('button', { name: 'Save net scoring' }).click();
      await said('Net scoring is off.');
      assert.equal(await page.locator('table[data-board="Net"]').count(), 0);
      assert.deepEqual(await page.locator('#board option').allInnerTexts(), ['Individual']);
      await page.getByLabel('Net scoring (adds a net board)').check();
      await page.getByRole('button', { name: 'Save net scoring' }).click();
      await said('Net scoring is on.');
      assert.deepEqual((await rowsOf('Net'))[0], ['1', 'Bo Bunker', '12', '9', '33', '-3']);

      await eventuallyInPage(
        'the public leaderboard widget follows the console’s cards',
        async () => {
          await board.reload();
          const text = await board.locator('body').innerText();
          return text.includes('Al Fairway') && text.includes('Bo Bunker') && text.includes('36')
            ? true
            : text.slice(0, 300);
        },
      );
      await board.screenshot({ path: await shotPath('leaderboard-widget.png') });

      await page.selectOption('#series', { label: 'Tuesday Points' });
      await page.selectOption('#board', { label: 'Net' });
      await page.getByRole('button', { name: 'Post the board' }).click();
      await said('The night’s Net board is posted into the standings.');

      await page.getByRole('link', { name: 'Standings' }).click();
      await page.getByRole('cell', { name: 'Al Fairway' }).waitFor();
      assert.deepEqual(
        (await page.locator('tr', { hasText: 'Bunker' }).innerText()).split('\t').slice(0, 4),
        ['Bo Bunker', '1', '10', 'Week 1'],
        'the net board was posted: Bo won it',
      );
      await checkAccessibility('standings');
      await shoot('standings');
      const seriesId = (await h.admin('GET', `${ADMIN}/orgs/${orgSlug}/standing-series`)).json<{
        standingSeries: { id: number }[];
      }>().standingSeries[0]?.id;
      await board.goto(`${origin}/embed/standings?org=${orgSlug}&series=${seriesId}`);
      const standings = await board.locator('body').innerText();
      assert.ok(standings.includes('Al Fairway'), standings.slice(0, 300));
      await board.screenshot({ path: await shotPath('standings-widget.png') });
      await board.close();

      assert.deepEqual(consoleErrors, []);
    });

    void test('the key is in no URL, no log line and no cookie; sign-out forgets it', async () => {
      assert.ok(requestUrls.length > 20, 'the run made requests');
      for (const secret of [orgKey, ADMIN_TOKEN]) {
        assert.deepEqual(
          requestUrls.filter((url) => url.includes(secret)),
          [],
          'no request line carries the key',
        );
        assert.ok(logLines.length > 20, 'the access log was written');
        assert.deepEqual(
          logLines.filter((line) => line.includes(secret)),
          [],
          'no log line carries the key',
        );
      }
      assert.deepEqual(await context.cookies(), []);
      assert.equal(
        await inPage(page, `sessionStorage.getItem('clubhouse-console:key')`),
        orgKey,
        'the key lives in this tab’s sessionStorage',
      );
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${origin}/console`);
      assert.equal(await inPage(page, `sessionStorage.length`), 0);
      await page.goto(`${origin}/console/nights`);
      await page.waitForURL(`${origin}/console`);
    });
  },
);
