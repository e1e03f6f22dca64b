import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './support/test.ts';

/** Issue 16 item 9 (spec section 2): phones search from a header button on every page, in a modal. */
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

for (const path of ['/', BONDI, '/about', '/nsw/waverley/bondi-beach']) {
  test(`the header's Search button on ${path} opens the search modal with the combobox`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole('combobox', { name: 'Search beaches and places' });
    await expect(box).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('searching in the modal: 2 characters, grouped results, a pick goes to the beach and closes it', async ({
  page,
}) => {
  await page.goto('/about');
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const box = dialog.getByRole('combobox');
  await box.fill('b');
  await expect(dialog.getByText('Type at least 2 characters to search.')).toBeAttached();
  await box.fill('bondi');
  const option = dialog
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('group', { name: 'Beaches' })
    .getByRole('option', { name: /Bondi Beach/ })
    .first();
  await expect(option).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(BONDI);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
});

test('the modal closes with its Close button and by tapping outside it', async ({ page }) => {
  await page.goto('/');
  const open = page.getByRole('banner').getByRole('button', { name: 'Search' });
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await open.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  await expect(dialog).toBeVisible();
  await page.touchscreen.tap(195, 830);
  await expect(dialog).toBeHidden();
});
