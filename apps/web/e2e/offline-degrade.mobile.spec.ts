import { OFFLINE_BANNER_TEXT } from '@safeshore/domain';
import { keepMapLocal } from './map-helpers.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 16 item 8 on a phone, before any service worker has taken charge (the state the issue saw:
 * a screen's code that was never downloaded cannot load offline). An error never removes the
 * layout: the header, the red offline banner and the bottom bar stay.
 */
test.describe.configure({ timeout: 60_000 });
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

test('offline, a screen that cannot load keeps the layout; the beach just viewed still opens', async ({
  page,
  context,
}) => {
  await keepMapLocal(context);
  await page.goto(BONDI);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('safeshore.offline-auto-saved')))
    .toBe('1');

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER_TEXT)).toBeVisible();
  // Offline Settings' code was never downloaded: the error shows inside the layout.
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Offline use' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not available offline');
  await expect(page.getByRole('main').getByRole('link', { name: 'Offline Settings' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(page.getByText(OFFLINE_BANNER_TEXT)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Quick' })).toBeVisible();

  // The beach viewed a minute ago opens from this device (its code is already loaded).
  await page.getByRole('banner').getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(BONDI);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  await expect(page.getByRole('navigation', { name: 'Quick' })).toBeVisible();
});
