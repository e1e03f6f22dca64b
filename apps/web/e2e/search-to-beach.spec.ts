import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';

test('search "bondi" on Home, pick the beach with the keyboard, see its page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('SafeShore');
  const search = page.getByRole('combobox', { name: 'Search for a beach, place, postcode or surf club' });
  await search.fill('bondi');

  const listbox = page.getByRole('listbox', { name: 'Search results' });
  await expect(
    listbox.getByRole('group', { name: 'Beaches' }).getByRole('option', { name: /Bondi Beach/ }),
  ).toBeVisible();
  // Groups come in the spec's order.
  const groupNames = await listbox
    .getByRole('group')
    .evaluateAll((groups) =>
      groups.map((g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent),
    );
  expect(groupNames).toEqual(['Beaches', 'Locations', 'Clubs']);

  await search.press('ArrowDown');
  const active = page.locator('[role="option"][aria-selected="true"]');
  await expect(active).toContainText('Bondi Beach');
  await expect(search).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  await search.press('Enter');

  await expect(page).toHaveURL('/beach/nsw/waverley/bondi-beach/bondi-beach');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  await expect(page).toHaveTitle('Bondi Beach | SafeShore');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link')).toHaveText(['New South Wales', 'Waverley', 'Bondi Beach']);
  await expect(breadcrumb.getByRole('link', { name: 'Bondi Beach' })).toHaveAttribute(
    'href',
    '/nsw/waverley/bondi-beach',
  );
  await expect(page.getByTestId('beach-length')).toHaveText('1 km');
  await expect(page.getByText('Not rated')).toBeVisible();
  // The beach key and render time are for us, not shown (issue 30): kept as attributes of the sources footer.
  await expect(page.locator('[data-beach-key]')).toHaveAttribute('data-beach-key', 'nsw-2026-bondi-beach');
  await expect(page.getByText(/Beach key|Rendered @/)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('Tab picks the highlighted result too, and the list needs two characters', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: /Search for a beach/ });
  await search.fill('m');
  await expect(page.getByText('Type at least 2 characters to search.')).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeHidden();
  await search.fill('manly');
  await expect(page.getByRole('option', { name: /^Manly/ }).first()).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Tab');
  await expect(page).toHaveURL('/beach/nsw/northern-beaches/manly/manly-beach');
});

test('the header search is on every page but Home, and navigating scrolls to the top', async ({ page }) => {
  await page.goto('/beach/nsw/waverley/bondi-beach/bondi-beach');
  const header = page.getByRole('banner');
  await expect(header.getByRole('combobox')).toBeVisible();
  await page.getByRole('link', { name: 'Tamarama Beach' }).first().scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Tamarama Beach' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tamarama Beach');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(0);
});

test('an unknown beach says so', async ({ page }) => {
  await page.goto('/beach/nsw/waverley/bondi-beach/no-such-beach');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beach not found');
});

test('offline, the red banner tells the user', async ({ page, context }) => {
  await page.goto('/');
  // A rendered page loads the app after its first paint, and the app its lazy parts after that:
  // the connection drops once the page is running, not while its code is still arriving.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(page.getByText('You are offline! Go online to get the latest updates.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are offline! Go online to get the latest updates.')).toBeHidden();
});
