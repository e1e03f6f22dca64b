import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';
import { BONDI, keepMapLocal } from './map-helpers.ts';

test.use({ geolocation: BONDI, permissions: ['geolocation'] });

async function openHomeMap(page: Page): Promise<Locator> {
  await page.goto('/');
  await expect(page.getByTestId('location-note')).toContainText('your location');
  // Leaflet is not part of Home's first load: it comes when the map section is near the screen.
  // Home may still swap a section for its located version as the test scrolls (the heading's element
  // is then replaced: a CI run saw "not attached"): scroll to whichever heading is there.
  await expect(async () => {
    await page
      .getByRole('heading', { name: 'Explore using the Map' })
      .scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const map = page.getByRole('region', { name: 'Map of beaches near Bondi Beach' });
  // The map's code loads on demand: allow for a busy machine.
  await expect(map.getByRole('button', { name: 'Bondi Beach', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  return map;
}

async function drag(page: Page, map: Locator, dx: number, dy: number) {
  const box = (await map.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2 + 60;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(x + (dx * step) / 8, y + (dy * step) / 8);
  await page.mouse.up();
}

test.beforeEach(async ({ context }) => {
  await keepMapLocal(context);
});

test('Leaflet loads only when the map section comes into view', async ({ page }) => {
  const leaflet: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/BeachMap-[^/]+\.js$/.test(r.url())) leaflet.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Patrolled' })).toBeVisible();
  expect(leaflet).toEqual([]);
  // Home may still swap a section for its located version as the test scrolls (the heading's element
  // is then replaced: a CI run saw "not attached"): scroll to whichever heading is there.
  await expect(async () => {
    await page
      .getByRole('heading', { name: 'Explore using the Map' })
      .scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Map of beaches near Bondi Beach' })).toBeVisible({
    timeout: 15_000,
  });
  expect(leaflet).toHaveLength(1);
});

test('"Search this area" appears after a drag, loads the beaches there and hides', async ({ page }) => {
  const map = await openHomeMap(page);
  const search = page.getByRole('button', { name: 'Search this area' });
  // Loading, centring and resizing the map are not the user's moves.
  await page.waitForTimeout(300);
  await expect(search).toBeHidden();

  // Drag the map a little west: Bondi and its neighbours stay in view.
  await drag(page, map, 200, 0);
  await expect(search).toBeVisible();
  const request = page.waitForRequest((r) => r.url().includes('/api/v4/map/beaches'));
  await search.click();
  const url = new URL((await request).url());
  const [neLat, neLng] = url.searchParams.get('neCoords')!.split(',').map(Number);
  const [swLat, swLng] = url.searchParams.get('swCoords')!.split(',').map(Number);
  expect(neLat).toBeGreaterThan(swLat!);
  expect(neLng).toBeGreaterThan(swLng!);
  // The view moved west of Bondi and still holds it.
  expect(swLng).toBeLessThan(BONDI.longitude - 0.02);
  expect(neLng).toBeGreaterThan(BONDI.longitude);
  expect(swLat).toBeLessThan(BONDI.latitude);
  expect(neLat).toBeGreaterThan(BONDI.latitude);

  await expect(page.getByRole('status').filter({ hasText: /in this area/ })).toHaveText(
    /Showing \d+ beach(es)? in this area\./,
  );
  await expect(search).toBeHidden();
  await expect(map.getByRole('button', { name: 'Bondi Beach', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a failed area search clears the beaches without a message', async ({ page }) => {
  const map = await openHomeMap(page);
  await page.route('**/api/v4/map/beaches**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await drag(page, map, 120, 0);
  await page.getByRole('button', { name: 'Search this area' }).click();
  await expect(map.getByRole('button', { name: 'Bondi Beach', exact: true })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the keyboard moves the map, and markers open popups that link to the beach', async ({ page }) => {
  const map = await openHomeMap(page);
  await map.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: 'Search this area' })).toBeVisible();

  await map.getByRole('button', { name: 'Tamarama Beach' }).focus();
  await page.keyboard.press('Enter');
  const link = page.locator('.leaflet-popup').getByRole('link', { name: 'Tamarama Beach' });
  await expect(link).toBeFocused();
  await expect(page.locator('.leaflet-popup')).toContainText('km away');
  // The same one-line status as the lists: a sample roster reads as a demo, never as patrolled.
  // The run's clock is Sunday 22 November 2026, 10:00 in Sydney: the sample roster patrols
  // Tamarama on weekends in season (data/sample/patrols.csv), so today has a (sample) schedule.
  const status = page.locator('.leaflet-popup').getByTestId('beach-status-summary');
  await expect(status).toContainText('Patrol: Demo patrol times (not real)');
  await expect(status).toContainText('Hazard rating: Hazard not rated');
  // The warnings in force there, from the fake Bureau feed, as on the beach page (issue 16).
  await expect(status).toContainText(/Marine warnings: [1-9]\d* warnings?/);
  await expect(status).not.toContainText(/On duty|Patrolled today/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/beach/nsw/waverley/tamarama/tamarama-beach');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tamarama Beach');
});

test('beaches cluster when zoomed out and separate from zoom 13', async ({ page }) => {
  const map = await openHomeMap(page);
  await map.focus();
  // One level per key press, once the previous zoom animation has ended.
  const zoom = async (key: '-' | '=') => {
    await page.keyboard.press(key);
    await page.waitForTimeout(500);
  };
  for (let i = 0; i < 3; i++) await zoom('-');
  const clusters = map.getByRole('button', { name: /^\d+ beaches: zoom in$/ });
  await expect(clusters.first()).toBeVisible();
  // Zoom 12 still clusters; zoom 13 shows every beach on its own. ("+" is Shift+=, which Leaflet
  // takes as three levels.)
  await zoom('=');
  await expect(clusters.first()).toBeVisible();
  await zoom('=');
  await expect(clusters).toHaveCount(0);
  await expect(map.getByRole('button', { name: 'Bondi Beach', exact: true })).toBeVisible();
});

test('the beach page map centres on the beach with a circle of half its length', async ({ page }) => {
  await page.goto('/beach/nsw/waverley/bondi-beach/bondi-beach');
  await page.getByRole('heading', { name: 'Map', exact: true }).scrollIntoViewIfNeeded();
  const map = page.getByRole('region', { name: 'Map of Bondi Beach and nearby beaches' });
  await expect(map.getByRole('button', { name: 'Bondi Beach (this beach)' })).toBeVisible({
    timeout: 15_000,
  });
  const circle = map.locator('path.map-beach-circle');
  await expect(circle).toHaveCount(1);
  // 1 km beach: a 500 m radius is about 2 x 500 / 3.2 m-per-pixel ≈ 310 px wide at zoom 15 here.
  const width = (await circle.boundingBox())!.width;
  expect(width).toBeGreaterThan(250);
  expect(width).toBeLessThan(380);
});
