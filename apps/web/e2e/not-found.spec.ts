import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';

test('an unknown path shows the 404 page, answers 404 and reports the url', async ({ page }) => {
  const report = page.waitForRequest(
    (req) => req.url().endsWith('/api/v4/notfound') && req.method() === 'POST',
  );
  const response = await page.goto('/this/page/does/not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page not found');
  await expect(page.getByText("This page doesn't exist.")).toBeVisible();
  await expect(page).toHaveTitle('404 | SafeShore');
  expect((await report).postDataJSON()).toEqual({ url: '/this/page/does/not-exist' });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('a known route without data in its path is served with 200, inside the layout', async ({ page }) => {
  const response = await page.goto('/offline-settings');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offline Settings');
  await expect(page).toHaveTitle('Offline Settings | SafeShore');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expectNoAxeViolations(page);
});
