import { keepMapLocal } from './map-helpers.ts';
import { expect, newClockedContext, test } from './support/test.ts';

/**
 * Server rendering with hydration (issue 23). Without JavaScript the first HTML alone answers:
 * the beach's name, the Right now panel and the emergency line; an article's text. With
 * JavaScript the same HTML is hydrated without a console error or a hydration warning, and links
 * then navigate in the client (no new document).
 */

const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
const ARTICLE = '/surf-safety/ripcurrents';
const PLACE = '/nsw/waverley/bondi-beach';

test.describe('with JavaScript disabled', () => {
  test('a beach page shows its name, Right now and the emergency line', async ({ browser }) => {
    const context = await newClockedContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(BONDI);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Bondi Beach | SafeShore');
    await expect(page.getByRole('heading', { level: 1, name: 'Bondi Beach' })).toBeVisible();
    const rightNow = page.getByRole('region', { name: 'Right now' });
    await expect(rightNow).toBeVisible();
    await expect(rightNow).toContainText('Hazard');
    await expect(page.getByText(/Triple Zero \(000\)|000/).first()).toBeVisible();
    await expect(page.getByText('SafeShore needs JavaScript')).toHaveCount(0);
    await context.close();
  });

  test('an article page shows its text', async ({ browser }) => {
    const context = await newClockedContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(ARTICLE);
    expect(response?.status()).toBe(200);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(/rip/i);
    await expect(page.locator('main')).toContainText(/rip current/i);
    await context.close();
  });

  test("a place page shows its map's frame; the map itself needs the browser", async ({ browser }) => {
    const context = await newClockedContext(browser, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const response = await page.goto(PLACE);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Bondi Beach | SafeShore');
    const frame = page.getByRole('region', { name: 'Explore using the Map' });
    await expect(frame.getByRole('heading', { level: 2, name: 'Explore using the Map' })).toBeVisible();
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    await context.close();
  });

  test('an unknown beach is a 404 with the not-found page', async ({ browser }) => {
    const context = await newClockedContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/beach/nsw/nowhere/no-such/beach');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Beach not found' })).toBeVisible();
    await context.close();
  });
});

test.describe('with JavaScript', () => {
  for (const [name, path, mobile] of [
    ['beach page (desktop)', BONDI, false],
    ['beach page (phone)', BONDI, true],
    ['article', ARTICLE, false],
    ['Home (phone)', '/', true],
    ['place page', '/nsw/waverley/bondi-beach', false],
  ] as const) {
    test(`the ${name} hydrates without console errors, then navigates in the client`, async ({ browser }) => {
      const context = await newClockedContext(
        browser,
        mobile
          ? {
              viewport: { width: 390, height: 844 },
              isMobile: true,
              hasTouch: true,
              userAgent:
                'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
            }
          : { viewport: { width: 1280, height: 900 } },
      );
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
        if (/hydrat/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      let documents = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents++;
      });

      await page.goto(path);
      // Hydrated: the page's own title is set by the client, and React has attached to the root.
      await expect(page.locator('#ssr-data')).toHaveCount(1);
      await page.waitForFunction(() => {
        const root = document.getElementById('root');
        return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
      });
      await page.waitForLoadState('networkidle');
      expect(problems, problems.join('\n')).toEqual([]);

      // A client-side navigation: no new document is requested.
      const before = documents;
      const link = page.locator(`a[href="/about"]`).first();
      await link.evaluate((element: HTMLAnchorElement) => element.click());
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(documents).toBe(before);
      expect(problems, problems.join('\n')).toEqual([]);
      await context.close();
    });
  }
});

test("the map's frame hydrates, then the map loads into it without console errors", async ({ browser }) => {
  const context = await newClockedContext(browser, { viewport: { width: 1280, height: 900 } });
  await keepMapLocal(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
    if (/hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(PLACE);
  const frame = page.getByRole('region', { name: 'Explore using the Map' });
  // The frame is in the first HTML (before any script ran it was there: see the no-JavaScript test).
  await expect(frame.getByRole('heading', { level: 2 })).toHaveText('Explore using the Map');
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  await frame.scrollIntoViewIfNeeded();
  // Leaflet's code loads on demand into the same section: allow for a busy machine.
  await expect(page.getByRole('region', { name: 'Map of beaches near Bondi Beach' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(frame.locator('.leaflet-container')).toHaveCount(1);
  expect(problems, problems.join('\n')).toEqual([]);
  await context.close();
});
