import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';

const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

test('under 1000 px Right now shows the conditions as a table, and every tab is in view', async ({
  page,
}) => {
  await page.route(/^https?:\/\/[^/]*tile[^/]*\//, (route) => route.fulfill({ status: 204 }));
  await page.goto(BONDI);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');

  const table = page.getByRole('region', { name: 'Right now' }).getByRole('table');
  await expect(table).toBeVisible();
  const headers = await table.getByRole('rowheader').allTextContents();
  expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['Weather', 'Wind', 'Tide']));
  await expect(table.getByRole('row').filter({ hasText: 'Wind' }).getByRole('cell').first()).toHaveText(
    /^(N|NNE|NE|ENE|E|ESE|SE|SSE|S|SSW|SW|WSW|W|WNW|NW|NNW) \d+(\.\d{1,2})? km\/h$/,
  );
  // "Rising, 0.7 m": one text, the comma right after the word.
  await expect(table.getByRole('row').filter({ hasText: 'Tide' }).getByRole('cell').first()).toHaveText(
    /^(Low tide|High tide|Rising|Falling), \d+(\.\d{1,2})? m$/,
  );
  await expect(table.getByRole('row').filter({ hasText: 'Wind' }).getByRole('cell').last()).toContainText(
    /· (just now|\d+ min ago)/,
  );

  const card = page.getByRole('region', { name: 'Conditions', exact: true });
  // Every tab is on screen (the row wraps): none hidden off to the right of a scrolling row.
  const tablist = card.getByRole('tablist');
  await tablist.scrollIntoViewIfNeeded();
  expect(await tablist.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(card.getByRole('tab')).toHaveText(['Weather', 'Swell', 'Wind', 'Tide', 'UV', 'Radar']);
  for (const tab of await card.getByRole('tab').all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await card.getByRole('tab', { name: 'UV' }).click();
  await expect(card.getByRole('list', { name: 'Daily maximum UV index' })).toBeVisible();
  await expectNoAxeViolations(page);
});
