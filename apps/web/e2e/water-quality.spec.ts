import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';

/**
 * NSW Beachwatch water quality (issue 19) on the beach page, against the real server and the fake
 * Beachwatch feed (apps/api/test/fakes/fixtures/beachwatch-sites.geojson): one beach per forecast
 * value, and a beach with no site, which shows nothing.
 */
const FAKE_UPSTREAM = process.env.FAKE_UPSTREAM_URL ?? 'http://127.0.0.1:8299';

test.describe.configure({ mode: 'default', timeout: 60_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function stubTiles(page: Page) {
  const tile = (route: Route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: PNG,
    });
  await page.route(/^https?:\/\/[^/]*tile[^/]*\//, tile);
  await page.route(/\/rainviewer\/tiles\//, tile);
}

test.beforeAll(async () => {
  // Another spec may have left the fake failing.
  await fetch(`${FAKE_UPSTREAM}/__control/reset`, { method: 'POST' });
});

async function open(page: Page, path: string) {
  await stubTiles(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const CASES = [
  {
    path: '/beach/nsw/waverley/bondi-beach/bondi-beach',
    headline: 'Pollution unlikely',
    advice: /suitable for swimming/,
    site: 'Bondi Beach',
  },
  {
    path: '/beach/nsw/waverley/tamarama/tamarama-beach',
    headline: 'Pollution possible',
    advice: /Check the water for signs of pollution/,
    site: 'Tamarama Beach',
  },
  {
    path: '/beach/nsw/waverley/bronte/bronte-beach',
    headline: 'Pollution likely',
    advice: /Avoid swimming today, and for at least a day after heavy rain/,
    site: 'Bronte Beach',
  },
  {
    path: '/beach/nsw/northern-beaches/manly/manly-beach',
    headline: 'Pollution forecast not available',
    advice: /No forecast has been issued/,
    site: 'Manly Beach',
  },
  {
    path: '/beach/nsw/randwick/coogee/coogee-beach',
    headline: 'Pollution forecast unknown',
    advice: /treat the water with care/,
    site: 'Coogee Beach',
  },
];

for (const c of CASES) {
  test(`${c.site}: "${c.headline}" in Conditions and Right now, with ages, source and licence`, async ({
    page,
  }) => {
    await open(page, c.path);
    const card = page.getByTestId('water-quality');
    await expect(card.getByRole('heading', { name: 'Water quality' })).toBeVisible();
    await expect(card.getByText(c.headline, { exact: true })).toBeVisible();
    await expect(card).toContainText(c.advice);
    await expect(card).toContainText('Forecast issued 4 h ago');
    await expect(card).toContainText(`site “${c.site}”`);
    await expect(card).toContainText(
      '© State of New South Wales (Department of Climate Change, Energy, the Environment and Water), CC BY 4.0',
    );
    const item = page.getByTestId('right-now-water-quality');
    await expect(item).toContainText(c.headline);
    await expect(item).toContainText('Beachwatch (NSW Government), CC BY 4.0');
    if (c.site === 'Bondi Beach') {
      await expect(card).toContainText(
        'Latest water sample: Good (rated 4 on a scale of 1 to 4), sample taken 3 d ago',
      );
      await expectNoAxeViolations(page);
    }
    if (c.site === 'Bronte Beach') await expectNoAxeViolations(page);
  });
}

test('a beach with no Beachwatch site shows nothing about water quality (not "clean")', async ({ page }) => {
  await open(page, '/beach/nsw/northern-beaches/queenscliff/queenscliff-beach');
  await expect(page.getByTestId('right-now')).toBeVisible();
  await expect(page.getByTestId('water-quality')).toHaveCount(0);
  await expect(page.getByTestId('right-now-water-quality')).toHaveCount(0);
  await expect(page.getByText(/pollution/i)).toHaveCount(0);
});

test('a place page lists the forecast for its beaches that have one', async ({ page }) => {
  // The beach pages above warmed the server's Beachwatch cache; place lists read only that cache.
  await open(page, '/beach/nsw/waverley/bronte/bronte-beach');
  await page.goto('/nsw/waverley/bronte');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bronte');
  const bronte = page
    .getByRole('list', { name: 'Patrolled' })
    .getByRole('listitem')
    .filter({ hasText: 'Bronte Beach' });
  await expect(bronte.getByTestId('list-water-quality')).toHaveText(
    'Water: Pollution likely, issued 4 h ago · Beachwatch (NSW Government)',
  );
  await expectNoAxeViolations(page);
});
