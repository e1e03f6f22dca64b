import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';
import { keepMapLocal } from './map-helpers.ts';

test.beforeEach(async ({ context }) => {
  await keepMapLocal(context);
});

test('/nsw goes to the Sydney page, replacing the history entry', async ({ page }) => {
  await page.goto('/beach/nsw/waverley/bondi-beach/bondi-beach');
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'New South Wales' })
    .click();
  await expect(page).toHaveURL('/nsw/sydney/sydney');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sydney');
  await expect(page).toHaveTitle('Sydney | SafeShore');
  await page.goBack();
  await expect(page).toHaveURL('/beach/nsw/waverley/bondi-beach/bondi-beach');

  // Typed in: a bare state and a state plus its capital.
  await page.goto('/nsw');
  await expect(page).toHaveURL('/nsw/sydney/sydney');
  await page.goto('/vic/melbourne');
  await expect(page).toHaveURL('/vic/melbourne/melbourne');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Melbourne');
});

test('territory prefixes redirect to their default place', async ({ page }) => {
  await page.goto('/external-territory');
  await expect(page).toHaveURL('/external-territory/norfolk-island/norfolk-island');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Norfolk Island');
  await page.goto('/jervis-bay-territory/hmas-creswell');
  await expect(page).toHaveURL('/jervis-bay-territory/hmas-creswell/hmas-creswell');
  await page.goto('/australian-antarctic-territory');
  await expect(page).toHaveURL('/australian-antarctic-territory/casey/casey');
});

test('a postcode page shows the place, its beaches and the closest places (axe clean)', async ({ page }) => {
  // Rendered on the server (issue 31: a postcode that is no place must be a 404, so it is looked up
  // there), with the place's data in the page: the browser asks nothing more for it.
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v4/location/') && r.method() === 'POST') lookups.push(r.postData() ?? '');
  });
  const response = await page.goto('/postcode/2026');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  await expect(page).toHaveTitle('Bondi Beach | SafeShore');
  await expect(page.getByText('Waverley · New South Wales · Postcode 2026')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Patrolled' }).getByRole('link').first()).toHaveText(
    'Bondi Beach',
  );
  await expect(page.getByRole('navigation', { name: 'Nearby places' }).getByRole('link')).toHaveCount(4);
  expect(lookups.filter((body) => body.includes('/postcode/2026'))).toEqual([]);
  await expectNoAxeViolations(page);
});

test('a place page by path, an unknown place in a known state, and an unknown place', async ({ page }) => {
  await page.goto('/nsw/waverley/bronte');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bronte');
  await expect(page.getByRole('list', { name: 'Patrolled' }).getByRole('link').first()).toHaveText(
    'Bronte Beach',
  );

  await page.goto('/qld/nowhere/no-such-place');
  await expect(page).toHaveURL('/qld/brisbane/brisbane');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brisbane');

  const unknown = await page.goto('/postcode/0000');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Place not found');
  await expect(page).toHaveTitle('Place not found | SafeShore');
  await expect(page.getByRole('combobox', { name: /Search for a beach/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a first segment that is not a state stays a 404', async ({ page }) => {
  const response = await page.goto('/narnia/lamp-post');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page not found');
});
