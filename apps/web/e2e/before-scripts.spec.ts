import { expectTypingBeforeScriptsKept } from './support/hold-scripts.ts';
import { expect, newClockedContext, test } from './support/test.ts';

/**
 * Before the scripts arrive (issue 33): a server-rendered page paints first and its scripts come
 * after, which on a slow link is seconds. What a person types meanwhile is kept when the app takes
 * over; and with JavaScript off the page's first-screen controls still lead somewhere.
 */

const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

for (const [where, path, name] of [
  ['Home', '/', 'Search for a beach, place, postcode or surf club'],
  ['the header of a beach page', BONDI, 'Search beaches and places'],
] as const) {
  test(`text typed in ${where}'s search box before the scripts arrive is kept, caret and all, and searched at once`, async ({
    page,
  }) => {
    // A throttled link, then a whole page's hydration.
    test.slow();
    await expectTypingBeforeScriptsKept(page, path, name);
  });
}

test('a language chosen in the footer before its code arrives is kept (the footer tiles flake)', async ({
  page,
}) => {
  // The footer's parts load after the page's own code: hold the translation control's back, as a
  // busy machine or a slow link does, and choose while the server's list is all there is.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/TranslateControl-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  await page.getByLabel('Translate this page').selectOption('vi');
  release();
  const translate = page.getByRole('button', { name: 'Translate' });
  await expect(translate).toBeEnabled();
  await expect(page.getByLabel('Translate this page')).toHaveValue('vi');
});

test.describe('with JavaScript off', () => {
  test('Home’s search box goes to the best match’s page', async ({ browser }) => {
    const context = await newClockedContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search for a beach, place, postcode or surf club' });
    await box.fill('bondi');
    await box.press('Enter');
    await expect(page).toHaveURL(BONDI);
    await expect(page.getByRole('heading', { level: 1, name: 'Bondi Beach' })).toBeVisible();
    // Nothing to match: back to Home, not an error.
    await page.goto('/');
    await box.fill('zzqx');
    await box.press('Enter');
    await expect(page).toHaveURL('/');
    await context.close();
  });

  test('the header search on a beach page goes to the best match too', async ({ browser }) => {
    const context = await newClockedContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(BONDI);
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search beaches and places' });
    await box.fill('manly');
    await box.press('Enter');
    await expect(page).toHaveURL('/beach/nsw/northern-beaches/manly/manly-beach');
    await expect(page.getByRole('heading', { level: 1, name: 'Manly Beach' })).toBeVisible();
    await context.close();
  });

  test('Favourite on a beach page leads to Log in, carrying the way back and the beach', async ({
    browser,
  }) => {
    const context = await newClockedContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(BONDI);
    await page.getByRole('button', { name: 'Favourite', exact: true }).click();
    await expect(page).toHaveURL(
      /\/login\?next=%2Fbeach%2Fnsw%2Fwaverley%2Fbondi-beach%2Fbondi-beach&follow=\d+$/,
    );
    await context.close();
  });
});
