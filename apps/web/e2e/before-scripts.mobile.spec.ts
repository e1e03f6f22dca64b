import type { Page } from '@playwright/test';
import { expectTypingBeforeScriptsKept } from './support/hold-scripts.ts';
import { expect, newClockedContext, test } from './support/test.ts';

/** The phone menu without JavaScript (issue 33), at 390 px on a phone (the server lays out for it). */

const PHONE = {
  javaScriptEnabled: false,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
};

async function expectMenuClosed(page: Page) {
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'About' })).toBeHidden();
}

for (const [where, path] of [
  ['Home', '/'],
  ['a beach page', '/beach/nsw/waverley/bondi-beach/bondi-beach'],
] as const) {
  test(`on ${where} the phone menu opens from the bottom bar and the header, and closes`, async ({
    browser,
  }) => {
    const context = await newClockedContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(path);
    const menu = page.locator('#mobile-menu');
    await expectMenuClosed(page);

    await page.getByRole('navigation', { name: 'Quick' }).getByRole('link', { name: 'Menu' }).click();
    await expect(menu.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'About' })).toBeInViewport();
    await menu.getByRole('link', { name: 'Close menu' }).click();
    await expectMenuClosed(page);

    await page.getByRole('banner').getByRole('link', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'About' })).toBeVisible();
    // Back closes it too; a link in it leads on.
    await page.goBack();
    await expectMenuClosed(page);
    await page.getByRole('banner').getByRole('link', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });
}

test('with JavaScript the menu controls are buttons, and the links for no JavaScript are hidden', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Quick' }).getByRole('link', { name: 'Menu' }),
  ).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Quick' }).getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Close menu' }),
  ).toHaveCount(0);
});

test('text typed in Home’s search box before the scripts arrive is kept, caret and all, and searched at once', async ({
  page,
}) => {
  // A throttled link, then a whole page's hydration.
  test.slow();
  await expectTypingBeforeScriptsKept(page, '/', 'Search for a beach, place, postcode or surf club');
});
