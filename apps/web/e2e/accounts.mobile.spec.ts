import { createAccount, signIn } from './accounts-helpers.ts';
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';

test('signed in, the mobile menu offers My Beaches, My Profile and Logout', async ({ page, request }) => {
  const account = await createAccount(request, 'mobile');
  await signIn(page, account, '/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText([
    'My Beaches',
    'My Profile',
    'Logout',
  ]);
  await menu.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText([
    'Login',
    'Register',
  ]);
});

test('the account forms fit a 390 px screen', async ({ page }) => {
  for (const url of ['/login', '/register', '/reset']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
