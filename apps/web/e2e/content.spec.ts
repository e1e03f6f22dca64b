import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';

test('open the Surf Safety dropdown, read the rip currents article, follow links', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Surf Safety' }).click();
  for (const group of ['Beach Safety', 'Marine Stingers', 'The Right Gear', 'Marine Creatures']) {
    await expect(page.getByRole('heading', { name: group, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Rip currents' }).first().click();
  await expect(page).toHaveURL('/surf-safety/ripcurrents');
  await expect(page.getByRole('button', { name: 'Surf Safety' })).toHaveAttribute('aria-expanded', 'false');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toContainText(/rip/i);
  await expect(page).toHaveTitle(`${await title.textContent()} | SafeShore`);
  await expect(page.getByText(/Last reviewed \d{1,2} \w+ \d{4}/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sources' })).toBeVisible();
  await expectNoAxeViolations(page);

  // An in-app link navigates without reloading the page.
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  const internal = page.locator('.prose a[href^="/surf-safety/"]').first();
  const target = (await internal.getAttribute('href'))!;
  await internal.click();
  await expect(page).toHaveURL(target);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);

  // Other links open in a new tab, without access to this page.
  await page.goto('/about');
  const external = page.locator('.prose a[href^="http"]').first();
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', /noopener/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), external.click()]);
  expect(popup).toBeTruthy();
  await popup.close();
});

test('the section index, About and Privacy Policy share the content page', async ({ page }) => {
  await page.goto('/surf-safety');
  await expect(page.locator('.prose a[href="/surf-safety/ripcurrents"]').first()).toBeVisible();
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/SafeShore/);
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Privacy/);
});

test('an unknown article says Not Found / Page not found...', async ({ page }) => {
  await page.goto('/surf-safety/no-such-article');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
  await expect(page.getByText('Page not found...')).toBeVisible();
});

test('offline, Apps and the multilingual page ask to go online', async ({ page, context }) => {
  // Load the content screen's code while online, as a returning visitor would have it.
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  for (const link of ['/apps', '/surf-safety/multilingual']) {
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, link);
    await expect(page.getByText('Please go online to see this content.')).toBeVisible();
  }
  await context.setOffline(false);
});

test('a first-aid article leads with Triple Zero and names its guideline', async ({ page }) => {
  await page.goto('/surf-safety/bluebottle');
  const note = page.getByRole('complementary', { name: 'First aid guidance' });
  await expect(note).toContainText('Triple Zero (000)');
  await expect(note).toContainText('ANZCOR');
});

test('the install banner stays away once dismissed; the survey banner links out', async ({ page }) => {
  await page.goto('/');
  const install = page.getByRole('complementary', { name: 'Install the app' });
  await expect(install).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Citizen science' }).getByRole('link'),
  ).toHaveAttribute('target', '_blank');
  await install.getByRole('button', { name: 'Dismiss the install banner' }).click();
  await expect(install).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Install the app' })).toHaveCount(0);
});

test('the footer shows the four promotion tiles, the donate text and the translation control', async ({
  page,
}) => {
  await page.goto('/');
  const promos = page.getByRole('region', { name: 'Learn and support' });
  await expect(promos.getByRole('heading', { level: 2 })).toHaveCount(4);
  await expect(promos.getByText('As little as $20 can help save a life.')).toBeVisible();
  const translate = page.getByRole('button', { name: 'Translate' });
  await expect(translate).toBeDisabled();
  await page.getByLabel('Translate this page').selectOption('vi');
  await expect(translate).toBeEnabled();
});

test('the multilingual page marks each language for screen readers', async ({ page }) => {
  await page.goto('/surf-safety/multilingual');
  await expect(page.locator('.prose section[lang="ar"][dir="rtl"]')).toHaveCount(1);
  expect(await page.locator('.prose section[lang]').count()).toBeGreaterThanOrEqual(12);
});

test('About links to the data page, which lists the sources and licences', async ({ page }) => {
  await page.goto('/about');
  await page.locator('.prose a[href="/data"]').first().click();
  await expect(page).toHaveURL('/data');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our data and where it comes from');
  for (const text of ['CC BY 4.0', 'OpenStreetMap contributors', 'Open Database Licence (ODbL) 1.0']) {
    await expect(page.locator('.prose').getByText(text).first()).toBeVisible();
  }
  await page.goto('/beach/nsw/waverley/bondi-beach/bondi-beach');
  await expect(page.getByTestId('beach-source')).toContainText('SafeShore starter set');
  await expect(
    page.getByTestId('beach-source').getByRole('link', { name: 'About our data' }),
  ).toHaveAttribute('href', '/data');
});
