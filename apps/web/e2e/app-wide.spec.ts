import type { Page } from '@playwright/test';
import { auth, createAccount, signIn } from './accounts-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';
import { BONDI, keepMapLocal } from './map-helpers.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 16, the app-wide half at 1280×900: one header row, pages that tell the truth about the
 * data, My Beaches as a dashboard, the place clock, autocomplete near the user, the avatar, the
 * map without tiles and the promotion tiles.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const BONDI_PAGE = '/beach/nsw/waverley/bondi-beach/bondi-beach';

/** The header is one row: the search box and the account menu sit beside the main menu. */
async function expectOneHeaderRow(page: Page) {
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(header.height).toBeLessThan(90);
  const nav = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  const search = (await page.getByRole('banner').getByRole('combobox').boundingBox())!;
  const account = (await page.getByRole('navigation', { name: 'Account' }).boundingBox())!;
  for (const box of [search, account]) {
    expect(Math.abs(box.y + box.height / 2 - (nav.y + nav.height / 2))).toBeLessThan(12);
  }
  expect(search.width).toBeGreaterThanOrEqual(150);
}

test('the header is one row at 1280 px, for guests and signed-in users (with the avatar)', async ({
  page,
  request,
}) => {
  await page.goto('/data');
  await expectOneHeaderRow(page);

  const account = await createAccount(request, 'header');
  await signIn(page, account, '/data');
  await expectOneHeaderRow(page);
  const profile = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Profile' });
  await expect(profile.getByTestId('avatar')).toHaveAttribute('data-initials', 'CS');
  await expectNoAxeViolations(page);
});

test('/data and /about say what the app shows now and where each fact comes from', async ({ page }) => {
  await page.goto('/data');
  const data = page.locator('.prose');
  for (const source of [
    'Open-Meteo',
    'RainViewer',
    'Bureau of Meteorology',
    'Neaps',
    'GeoNames',
    'OpenStreetMap contributors',
    'SAMPLE_DATA=true',
    'Patrol times not known for this beach',
  ]) {
    await expect(data.getByText(source).first()).toBeVisible();
  }
  await expect(data).not.toContainText('planned');
  await expectNoAxeViolations(page);

  await page.goto('/about');
  const about = page.locator('.prose');
  await expect(about).not.toContainText('not ready yet');
  for (const source of ['Open-Meteo', 'RainViewer', 'Bureau of Meteorology', 'My Beaches']) {
    await expect(about.getByText(source).first()).toBeVisible();
  }
});

test('My Beaches is a dashboard: status, warnings, wind, swell, UV and tide with their sources and ages', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'dashboard');
  const bondiId = (
    (await (await request.get(`/api/v4${BONDI_PAGE}`)).json()) as {
      beach: { id: number };
    }
  ).beach.id;
  expect((await request.post(`/api/v4/beach/${bondiId}/follow`, { headers: auth(account.token) })).ok()).toBe(
    true,
  );
  await signIn(page, account, '/my-beaches');
  const card = page
    .getByRole('list', { name: 'Followed beaches' })
    .getByRole('listitem', { name: 'Bondi Beach' });
  await expect(card.getByRole('link', { name: 'Bondi Beach' })).toHaveAttribute('href', BONDI_PAGE);
  const status = card.getByTestId('beach-status-summary');
  await expect(status.locator('[data-status="patrol"]')).not.toBeEmpty();
  // The fake Bureau feed has NSW warnings in force: a count, never "No warnings" invented.
  await expect(status.locator('[data-status="warnings"]')).toHaveText(/Marine warnings: \d+ warnings?/);
  await expect(status.locator('[data-status="hazard"]')).toContainText(/Hazard/);
  const condition = (key: string) => card.locator(`[data-condition="${key}"]`);
  await expect(condition('wind')).toContainText(/km\/h/);
  await expect(condition('wind')).toContainText(/Open-Meteo forecast · (just now|\d+ min ago)/);
  await expect(condition('swell')).toContainText(/\d m/);
  await expect(condition('uv')).toContainText(/Open-Meteo forecast/);
  await expect(condition('tide')).toContainText(/Predicted/);
  await expectNoAxeViolations(page);
});

test.describe('the place clock (spec section 9)', () => {
  test.describe('in another zone', () => {
    test.use({ timezoneId: 'Australia/Perth' });
    test("a Perth browser on a Sydney place sees Sydney's time", async ({ page }) => {
      await page.goto('/nsw/waverley/bondi-beach');
      await expect(page.getByTestId('place-clock')).toHaveText(/^Local time here: 10:\d\d am$/);
    });
  });
  test.describe('in the same zone', () => {
    test.use({ timezoneId: 'Australia/Sydney' });
    test('a Sydney browser sees no clock', async ({ page }) => {
      await page.goto('/nsw/waverley/bondi-beach');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('place-clock')).toHaveCount(0);
    });
  });
});

test.describe('autocomplete near the user', () => {
  test.use({ geolocation: BONDI, permissions: ['geolocation'] });
  test('once Home knows where the user is, searches send lat and lng', async ({ page, context }) => {
    await keepMapLocal(context);
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Patrolled' }).getByRole('link').first()).toBeVisible();
    const search = page.waitForRequest((r) => r.url().includes('/api/v4/autocomplete?'));
    await page.getByRole('main').getByRole('combobox').fill('bondi');
    const url = new URL((await search).url());
    expect(url.searchParams.get('q')).toBe('bondi');
    expect(Number(url.searchParams.get('lat'))).toBeCloseTo(BONDI.latitude, 2);
    expect(Number(url.searchParams.get('lng'))).toBeCloseTo(BONDI.longitude, 2);
  });
});

test('a map whose tiles cannot be loaded says the map is unavailable', async ({ page, context }) => {
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort('internetdisconnected'),
  );
  await page.goto('/');
  await page.getByRole('heading', { name: 'Explore using the Map' }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('beach-map')).toBeVisible();
  await expect(page.locator('.beach-map').getByRole('note')).toHaveText(
    /The map is unavailable offline or while the map service cannot be reached/,
  );
});

test('promotion tile headings never run over their drawings', async ({ page }) => {
  await page.goto('/about');
  const tiles = page.getByRole('region', { name: 'Learn and support' }).getByRole('article');
  await expect(tiles).toHaveCount(4);
  for (const tile of await tiles.all()) {
    const art = (await tile.locator('.promo__art').boundingBox())!;
    for (const text of [tile.getByRole('heading'), tile.locator('.promo__text')]) {
      const box = (await text.boundingBox())!;
      const overlaps =
        box.x < art.x + art.width &&
        art.x < box.x + box.width &&
        box.y < art.y + art.height &&
        art.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
  }
});
