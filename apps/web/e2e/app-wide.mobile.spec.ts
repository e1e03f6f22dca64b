import { auth, createAccount, signIn } from './accounts-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './support/test.ts';

/** Issue 16, the app-wide half on a 390×844 phone. */
test.describe.configure({ timeout: 60_000 });
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
const SHOTS = process.env.SHOTS_DIR;

test('/data fits the screen (no page wider than 390 px), tables included', async ({ page }) => {
  for (const path of ['/data', '/about', '/surf-safety/flags-and-signs']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});

test('the rip diagram is shown full width, so its labels are at least 13 px tall', async ({ page }) => {
  await page.goto('/surf-safety/ripcurrents');
  const diagram = page.locator('.prose img[src*="rip-current"]').first();
  await expect(diagram).toBeVisible();
  const box = (await diagram.boundingBox())!;
  // The drawing is 800 units wide and its smallest label is 32 units tall.
  expect((box.width / 800) * 32).toBeGreaterThanOrEqual(13);
  await expect(page.getByRole('main')).toContainText('Swim across (green arrow)');
});

test('promotion tiles: headings and text beside, never over, their drawings', async ({ page }) => {
  await page.goto('/about');
  const tiles = page.getByRole('region', { name: 'Learn and support' }).getByRole('article');
  await expect(tiles).toHaveCount(4);
  for (const tile of await tiles.all()) {
    const art = (await tile.locator('.promo__art').boundingBox())!;
    const heading = (await tile.getByRole('heading').boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(art.y + art.height);
  }
});

test('My Beaches at 390 px: the dashboard comes first, each card with its status and conditions', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'dashboard-phone');
  for (const path of [BONDI, '/beach/nsw/waverley/tamarama/tamarama-beach']) {
    const id = ((await (await request.get(`/api/v4${path}`)).json()) as { beach: { id: number } }).beach.id;
    await request.post(`/api/v4/beach/${id}/follow`, { headers: auth(account.token) });
  }
  await signIn(page, account, '/my-beaches');
  const cards = page.getByRole('list', { name: 'Followed beaches' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.first().locator('[data-condition="wind"]')).toContainText(/km\/h/);
  // The first card starts within the first screen, above the promotion tiles.
  const first = (await cards.first().boundingBox())!;
  expect(first.y).toBeLessThan(400);
  const promos = (await page.getByRole('region', { name: 'Learn and support' }).boundingBox())!;
  expect(promos.y).toBeGreaterThan(first.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-beaches-390.png` });
});

test('Home at 390 px: header with Search and menu, nothing wider than the screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-390.png` });
});

test('guest Favourite on a phone: Login says which beach, and sign-in comes back to it, followed', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'guest-fav-phone');
  await page.goto(BONDI);
  await page.getByRole('button', { name: 'Favourite', exact: true }).click();
  await expect(page.getByTestId('sign-in-intent')).toHaveText(/^Log in to save Bondi Beach/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(BONDI);
  await expect(page.getByRole('button', { name: 'Unfavourite' })).toBeEnabled();
  // The avatar stands beside My Profile in the menu.
  await signIn(page, account, '/about');
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByTestId('avatar')).toHaveAttribute(
    'data-initials',
    'CS',
  );
});
