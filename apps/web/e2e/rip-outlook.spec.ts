import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { RIP_LEVEL_WORDS, RIP_TEXT, ripNow, ripSummaryToday, type RipOutlook } from '@safeshore/domain';
import { expectNoAxeViolations } from './axe.ts';
import { e2eNow } from './support/clock.ts';
import { expect, test } from './support/test.ts';

/**
 * The rip-current outlook on a beach page (issue 29) at 390 px and 1280 px, from the server under
 * test: Bondi's shore normal comes from data/beaches/shore-normals.csv (OpenStreetMap's coastline),
 * and the server computes its outlook at start from the fake Open-Meteo marine forecast
 * (apps/api/test/fakes/upstream-server.ts: 1.5–2 m waves from about 150°, against a beach facing
 * 162°, so high today).
 */
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

// The page, axe and the article on a shared machine: more than most tests.
test.describe.configure({ timeout: 120_000 });

/** Bondi's outlook once the server's first refresh has computed it (it starts with the server). */
async function bondiOutlook(request: APIRequestContext): Promise<RipOutlook> {
  const { beach } = (await (await request.get(`/api/v4${BONDI}`)).json()) as { beach: { id: number } };
  let outlook: RipOutlook | null = null;
  await expect
    .poll(
      async () => {
        outlook = (await (await request.get(`/api/v5/beach/${beach.id}/rip-outlook`)).json()) as RipOutlook;
        return outlook.available;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return outlook!;
}

const VIEWPORTS = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 900 }],
] as const;

for (const [width, viewport] of VIEWPORTS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport });

    test('Right now says today’s rip outlook below the lifesavers’ status, and the conditions card charts it, labelled as a model outlook', async ({
      page,
      request,
    }) => {
      const outlook = await bondiOutlook(request);
      // The words the page must show, by the same rule, at the run's time.
      const expected = ripNow(outlook, e2eNow());
      expect(expected, 'the fake waves make Bondi’s outlook moderate or high today').not.toBeNull();

      await page.goto(BONDI);
      const rightNow = page.getByRole('region', { name: 'Right now' });
      const rip = rightNow.getByTestId('right-now-rip');
      await expect(rip.locator('.rn-item__value')).toHaveText(expected!.text);
      await expect(rip).toContainText(/Model outlook · computed (just now|\d+ min ago|\d+ h ago)/);
      await expect(rip.getByRole('link', { name: 'About the rip outlook' })).toHaveAttribute(
        'href',
        '/surf-safety/rip-outlook',
      );
      // The lifesavers' patrol (and any status they set) comes first.
      const items = await rightNow
        .locator('.right-now__status > li')
        .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-testid')));
      expect(items.indexOf('right-now-rip')).toBeGreaterThan(items.indexOf('right-now-patrol'));

      const card = page.getByRole('region', { name: 'Rip current outlook' });
      const chart = card.getByRole('figure');
      await expect(chart.locator('figcaption')).toHaveText(
        'Rip current likelihood (%), hourly model outlook',
      );
      await expect(
        chart.getByRole('img', { name: /^Rip current likelihood \(%\), hourly model outlook, / }),
      ).toBeVisible();
      await expect(card.getByRole('list', { name: 'Rip outlook by day' }).getByRole('listitem')).toHaveCount(
        3,
      );
      const label = card.getByTestId('rip-outlook-label');
      await expect(label).toContainText(/^Model outlook · computed/);
      await expect(label).toContainText(RIP_TEXT.notChecked);
      await expect(label).toContainText(RIP_TEXT.lifesaversFirst);
      for (const source of [
        'Open-Meteo marine',
        'SafeShore tide predictions',
        'OpenStreetMap coastline',
        'NOAA rip current model',
      ]) {
        await expect(label.getByRole('listitem').filter({ hasText: source })).toHaveCount(1);
      }
      await expect(label).toContainText(/fetched (just now|\d+ min ago|\d+ h ago)/);
      await expectNoAxeViolations(page);

      if (process.env.SHOTS_DIR) {
        fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
        await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `rip-first-screen-${width}.png`) });
        // Tall enough that neither section scrolls under the fixed header and bottom bar.
        await page.setViewportSize({ width: viewport.width, height: 3200 });
        await rightNow.screenshot({ path: path.join(process.env.SHOTS_DIR, `rip-right-now-${width}.png`) });
        await card.screenshot({ path: path.join(process.env.SHOTS_DIR, `rip-conditions-${width}.png`) });
        await page.setViewportSize(viewport);
      }

      // The explanation the label links to.
      await label.getByRole('link', { name: 'What the rip outlook is, and what it is not' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('The rip outlook');
      await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText("If you're caught in a rip");
    });

    test('a place page’s list row shows today’s level, outlined as a model outlook', async ({
      page,
      request,
    }) => {
      const today = ripSummaryToday(await bondiOutlook(request), e2eNow());
      expect(today, 'Bondi has an outlook for today').toBeTruthy();
      await page.goto('/nsw/waverley/bondi-beach');
      const row = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Bondi Beach', exact: true }) })
        // Bondi is in the closest and the patrolled lists alike.
        .first();
      const level = row.locator('[data-status="rip"]');
      await expect(level).toHaveText(
        `Rip outlook: ${RIP_LEVEL_WORDS[today!.level]} (model outlook, not an observation)`,
      );
      await expect(level).toHaveClass(/status-part--model/);
      await expect(level.locator('.visually-hidden')).toHaveText(' (model outlook, not an observation)');
      if (process.env.SHOTS_DIR) {
        await row.screenshot({ path: path.join(process.env.SHOTS_DIR, `rip-list-row-${width}.png`) });
      }
    });
  });
}
