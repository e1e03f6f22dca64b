import path from 'node:path';
import fs from 'node:fs';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './support/test.ts';

/** "Right now" at 390×844 with the data present (fake providers, sample rosters flagged as sample). */
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

test('on a phone the first screen holds Right now: patrol, warnings and hazard', async ({ page }) => {
  await page.goto(BONDI);
  const rightNow = page.getByRole('region', { name: 'Right now' });
  await expect(rightNow.getByTestId('right-now-warnings')).toContainText('2 marine warnings');
  // The install banner (not dismissed in a fresh context) comes after the page, never above it.
  await expect(page.getByRole('complementary', { name: 'Install the app' })).not.toBeInViewport();
  for (const item of ['patrol', 'warnings', 'hazard']) {
    await expect(rightNow.getByTestId(`right-now-${item}`)).toBeInViewport();
  }
  const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect((await rightNow.boundingBox())!.y).toBeGreaterThan(title.y);
  expect((await rightNow.boundingBox())!.y).toBeLessThan(844);
  await expect(rightNow.getByRole('row').filter({ hasText: 'Wind' })).toContainText(/Open-Meteo forecast ·/);
  await expectNoAxeViolations(page);
  if (process.env.SHOTS_DIR) {
    fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(process.env.SHOTS_DIR, 'beach-fakes-mobile.png') });
    await page.screenshot({
      path: path.join(process.env.SHOTS_DIR, 'beach-fakes-mobile-full.png'),
      fullPage: true,
    });
  }
});

test('the attendance day tabs fit in two rows at 390 px, the month kept in their names', async ({ page }) => {
  await page.goto(BONDI);
  const attendance = page.getByRole('region', { name: 'Public attendance' });
  const tabs = attendance.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  expect(await tabs.count()).toBeGreaterThan(5);
  await attendance.scrollIntoViewIfNeeded();
  // Rows the tabs stand in, read in one pass in the page: read tab by tab, a layout still settling
  // (the page scrolling, a section above it arriving) once counted 3 in CI.
  const rowCount = () =>
    tabs.evaluateAll(
      (elements) => new Set(elements.map((e) => Math.round(e.getBoundingClientRect().top))).size,
    );
  await expect.poll(rowCount).toBeLessThanOrEqual(2);
  if (process.env.SHOTS_DIR) {
    await attendance.screenshot({ path: path.join(process.env.SHOTS_DIR, 'attendance-mobile.png') });
  }
  await expect(tabs.first()).toHaveAccessibleName(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2}$/);
});
