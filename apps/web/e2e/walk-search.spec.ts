import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 30 at 1280 px, as a tourist met it: a postcode finds its beaches and places (item 2), each
 * suggestion says what it is (item 10), and Home says truthfully which place it shows and measures
 * nothing from a place nobody gave (item 8). The person never shares their position.
 */
test.beforeEach(async ({ context }) => {
  // Several pages and axe passes each: more than the default budget on a busy machine.
  test.slow();
  await context.addInitScript(() => {
    navigator.geolocation.getCurrentPosition = (_ok, fail) =>
      fail?.({
        code: 1,
        message: 'User denied Geolocation',
        PERMISSION_DENIED: 1,
      } as GeolocationPositionError);
  });
});

const homeSearch = (page: Page) =>
  page.getByRole('combobox', { name: 'Search for a beach, place, postcode or surf club' });

test('a postcode finds its beaches and places, each saying what it is, and no distance from nowhere', async ({
  page,
}) => {
  await page.goto('/');
  const search = homeSearch(page);
  await search.fill('3228');
  const listbox = page.getByRole('listbox', { name: 'Search results' });
  const beaches = listbox.getByRole('group', { name: 'Beaches' }).getByRole('option');
  const places = listbox.getByRole('group', { name: 'Locations' }).getByRole('option');
  await expect(beaches.filter({ hasText: 'Bells Beach' })).toContainText('Beach · VIC 3228');
  await expect(beaches.filter({ hasText: 'Torquay Surf Beach' })).toContainText('Beach · Torquay VIC 3228');
  await expect(places.filter({ hasText: 'Bells Beach' })).toContainText('Suburb or town · VIC 3228');
  // The person gave no position: no "663 km" from a default they never chose.
  await expect(listbox).not.toContainText(' km');
  await expectNoAxeViolations(page);

  // "Bondi Beach" twice, the beach and the suburb, now say which is which.
  await search.fill('bondi beach');
  await expect(listbox.getByRole('group', { name: 'Beaches' }).getByRole('option').first()).toHaveText(
    'Bondi BeachBeach · NSW 2026',
  );
  await expect(listbox.getByRole('group', { name: 'Locations' }).getByRole('option').first()).toHaveText(
    'Bondi BeachSuburb or town · NSW 2026',
  );
});

test('Enter goes to the first suggestion even typed at once; with none, the box says so', async ({
  page,
}) => {
  await page.goto('/');
  const search = homeSearch(page);
  await search.fill('zzqxv');
  await search.press('Enter');
  await expect(page.getByText('No beaches, places, postcodes or clubs match “zzqxv”.')).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await expectNoAxeViolations(page);

  await search.fill('6011');
  await search.press('Enter');
  await expect(page).toHaveURL('/beach/wa/cottesloe/cottesloe/cottesloe-beach');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cottesloe Beach');
});

test('Home names the place page opened earlier, never "the place you looked at last"', async ({ page }) => {
  // Home first: the default place, with no distances (nobody gave that point).
  await page.goto('/');
  await expect(page.getByTestId('location-note')).toContainText('our default location');
  const closest = page.getByRole('list', { name: 'Closest' });
  await expect(closest.getByRole('link').first()).toBeVisible();
  await expect(closest).not.toContainText(' km');

  await page.goto('/vic/surf-coast/bells-beach');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bells Beach');
  await page.goto('/beach/vic/surf-coast/bells-beach/bells-beach');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bells Beach');

  await page
    .getByRole('banner')
    .getByRole('link', { name: /SafeShore/ })
    .first()
    .click();
  await expect(page).toHaveURL('/');
  const note = page.getByTestId('location-note');
  await expect(note).toContainText('Showing beaches near Bells Beach, Victoria, a place you opened earlier.');
  await expect(note).not.toContainText('looked at last');
  // Distances here are from the place the person opened.
  await expect(page.getByRole('list', { name: 'Closest' }).getByRole('listitem').first()).toContainText(
    ' km',
  );
  await expectNoAxeViolations(page);
});
