import path from 'node:path';
import fs from 'node:fs';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './support/test.ts';

/**
 * "Right now" with the data present (issue 16): the server with its fake providers (marine
 * warnings, Open-Meteo) and the flagged sample rosters (SAMPLE_DATA=true), at 1280×900.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

test('Right now shows the warnings in force, most severe first, linking to the details', async ({ page }) => {
  await page.goto(BONDI);
  const rightNow = page.getByRole('region', { name: 'Right now' });
  await expect(rightNow).toBeInViewport();
  const warnings = rightNow.getByTestId('right-now-warnings');
  // The fake Bureau feed: a gale warning for the Sydney coast and a statewide surf warning.
  await expect(warnings).toContainText('2 marine warnings: Gale Warning for Sydney Coast');
  await expect(warnings).toContainText('Hazardous Surf Warning for New South Wales coastal waters');
  await expect(warnings).toContainText(/Source: Bureau of Meteorology · (just now|\d+ min ago)/);
  await expect(warnings).toHaveClass(/rn-item--danger/);
  await warnings.getByRole('link', { name: 'Read the warnings' }).click();
  await expect(page).toHaveURL(/#marine-warnings$/);
  const details = page.getByTestId('marine-warnings');
  await expect(details).toBeInViewport();
  await expect(details.getByRole('listitem').first()).toContainText('Gale Warning for Sydney Coast');

  // Each condition with its source and age; the tide predicted.
  const row = (label: string) => rightNow.getByRole('row').filter({ hasText: label });
  await expect(row('Wind')).toContainText(/Open-Meteo forecast · (just now|\d+ min ago)/);
  await expect(row('Swell')).toContainText(/Open-Meteo marine · (just now|\d+ min ago)/);
  await expect(row('UV')).toContainText(/Open-Meteo forecast ·/);
  await expect(row('Tide')).toContainText('Predicted (neaps tide predictions)');
  // The sample roster is a demo here, not a patrol.
  await expect(rightNow.getByTestId('right-now-patrol')).toContainText('Demo patrol times');
  await expectNoAxeViolations(page);
  if (process.env.SHOTS_DIR) {
    fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
    await page.goto(BONDI);
    await expect(rightNow.getByRole('row').first()).toBeVisible();
    await page.screenshot({ path: path.join(process.env.SHOTS_DIR, 'beach-fakes-desktop.png') });
  }
});

test('a place page lists its marine warnings from the same feed, with the source', async ({ page }) => {
  await page.goto('/nsw/waverley/bondi-beach');
  const warnings = page.getByTestId('marine-warnings');
  await expect(warnings.getByTestId('warning-count')).toHaveText('2 warnings');
  await expect(warnings.getByRole('listitem').first()).toContainText('Gale Warning for Sydney Coast');
  await expect(warnings.getByTestId('source-line')).toContainText(/^Bureau of Meteorology · updated/);
  await expectNoAxeViolations(page);
});
