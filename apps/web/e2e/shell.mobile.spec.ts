import { expect, test } from './support/test.ts';
import { installNativeBridge } from './support/native-bridge.ts';

test.use({ bypassCSP: true });

test('the Android back button closes popups, then the menu, then goes Home, then minimises the app', async ({
  page,
}) => {
  const bridge = await installNativeBridge(page);
  await page.goto('/#/about');
  await expect.poll(() => bridge.listening('App', 'backButton')).toBe(true);
  const about = page.getByRole('heading', { level: 1, name: 'About' });

  // First open: the tutorial is a popup; back closes it and stays on the page.
  const tutorial = page.getByRole('dialog', { name: 'App Features' });
  await expect(tutorial).toBeVisible();
  await bridge.fire('App', 'backButton', { canGoBack: true });
  await expect(tutorial).toBeHidden();
  await expect(about).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await bridge.fire('App', 'backButton', { canGoBack: true });
  await expect(menu).toBeHidden();
  await expect(about).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/about');

  await bridge.fire('App', 'backButton', { canGoBack: true });
  await expect(page).toHaveURL(/#\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find a beach. Know before you go.' }),
  ).toBeVisible();
  expect(await bridge.calls('App', 'minimizeApp')).toEqual([]);

  await bridge.fire('App', 'backButton', { canGoBack: true });
  await expect.poll(async () => (await bridge.calls('App', 'minimizeApp')).length).toBe(1);
  await expect(page).toHaveURL(/#\/$/);
});

test('the environment switcher opens from the version label in the menu', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('safeshore.tutorial-seen', '1'));
  await installNativeBridge(page);
  await page.goto('/#/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.locator('.app-version').dblclick();
  const switcher = page.getByRole('dialog', { name: 'Choose environment' });
  await expect(switcher.getByRole('button', { name: 'Production' })).toBeVisible();
  await expect(switcher.getByRole('button', { name: 'Staging' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(switcher).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('safeshore.environment'))).toBeNull();
});
