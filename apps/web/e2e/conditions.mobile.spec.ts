import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

test('under 1000 px the header weather summary is a table, and the tabs still work', async ({ page }) => {
  await page.route(/^https?:\/\/[^/]*tile[^/]*\//, (route) => route.fulfill({ status: 204 }));
  await page.goto(BONDI);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');

  const summary = page.getByRole('region', { name: 'Current conditions' });
  const table = summary.getByTestId('weather-table');
  await expect(table).toBeVisible();
  await expect(summary.getByTestId('weather-widget')).toBeHidden();
  const headers = await table.getByRole('rowheader').allTextContents();
  expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['Weather', 'Wind', 'Tide']));
  await expect(table.getByRole('row').filter({ hasText: 'Wind' }).getByRole('cell')).toHaveText(
    /^(N|NNE|NE|ENE|E|ESE|SE|SSE|S|SSW|SW|WSW|W|WNW|NW|NNW) \d+(\.\d{1,2})? km\/h$/,
  );
  await expect(table.getByRole('row').filter({ hasText: 'Tide' }).getByRole('cell')).toHaveText(
    /^(Low|High|Rising|Falling) \d+(\.\d{1,2})? m$/,
  );
  await expect(summary.getByTestId('source-line').first()).toContainText(/· updated/);

  const card = page.getByRole('region', { name: 'Conditions', exact: true });
  await card.getByRole('tab', { name: 'UV' }).click();
  await expect(card.getByRole('list', { name: 'Daily maximum UV index' })).toBeVisible();
  await expectNoAxeViolations(page);
});
