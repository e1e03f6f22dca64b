import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';

/** A real touch swipe through the DevTools protocol (Playwright's touchscreen only taps). */
async function swipe(page: Page, from: { x: number; y: number }, dx: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + (dx * step) / 5, y: from.y }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('the mobile menu opens from the header and closes with a swipe right', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Quick' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expectNoAxeViolations(page);

  const box = (await menu.locator('.mobile-menu__panel').boundingBox())!;
  // A short swipe (30 px) is not enough.
  await swipe(page, { x: box.x + 40, y: box.y + 300 }, 30);
  await expect(menu).toBeVisible();
  await swipe(page, { x: box.x + 40, y: box.y + 300 }, 120);
  await expect(menu).toBeHidden();
});

test('a route change closes the mobile menu, and the header shows a back arrow and the title', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Quick' }).getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL('/about');
  await expect(menu).toBeHidden();
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Back' })).toBeVisible();
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await expect(header.getByText(title, { exact: true })).toBeVisible();
});

test('a tap on the mask closes the menu', async ({ page }) => {
  await page.goto('/beach/nsw/waverley/bondi-beach/bondi-beach');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await page.touchscreen.tap(20, 400);
  await expect(menu).toBeHidden();
});

test('the beach page works at 390 px, with nothing wider than the screen', async ({ page }) => {
  await page.goto('/beach/nsw/waverley/bondi-beach/bondi-beach');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('banner').getByText('Bondi Beach')).toBeVisible();
  await expectNoAxeViolations(page);
});
