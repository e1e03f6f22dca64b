import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { auth, createAccount, signIn, type Account } from './accounts-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';
import { e2eClockEnv } from './support/clock.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 30 item 13 at 390×844: what spilled out of its box or wrapped on a phone. The console's
 * status choices fit their cards and a form's result comes into view; the bottom bar's labels stay
 * on one line when active; a followed beach's four actions stand in one row; the map's "unavailable"
 * notice is not under the zoom buttons.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
/** The console's status goes to a beach no other spec reads (and is cleared after). */
const WA_COOGEE_KEY = 'wa-6166-coogee-beach';

function admin(...args: string[]) {
  const result = spawnSync(process.execPath, ['apps/api/src/admin.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...e2eClockEnv(), SQLITE_PATH: process.env.E2E_DATABASE!, LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  expect(result.status, result.stdout + result.stderr).toBe(0);
}

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`) });
}

/** How many lines an element's text takes (a range over its text has one box per line). */
const lines = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

/** Whether `inner` lies inside the content box of `outer` (its box less border and padding), to the pixel. */
async function insideContent(inner: Locator, outer: Locator): Promise<boolean> {
  const a = (await inner.boundingBox())!;
  const b = await outer.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const left = parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = parseFloat(style.borderRightWidth) + parseFloat(style.paddingRight);
    return { x: box.x + left, width: box.width - left - right };
  });
  return a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

test.describe.configure({ mode: 'serial' });

let lifesaver: Account;
let coogeeId: number;

test.beforeAll(async ({ request }) => {
  lifesaver = await createAccount(request, 'layout-lifesaver');
  admin(
    'grant-role',
    lifesaver.email,
    'lifesaver',
    '--beach',
    WA_COOGEE_KEY,
    '--beach',
    'nsw-2026-bondi-beach',
  );
  const beach = await request.get('/api/v4/beach/wa/cockburn/coogee/coogee-beach');
  coogeeId = ((await beach.json()) as { beach: { id: number } }).beach.id;
});

test.afterAll(async ({ request }) => {
  if (lifesaver) await request.delete(`/api/v5/beach/${coogeeId}/status`, { headers: auth(lifesaver.token) });
});

test('the console: each status and its hint fit their card; the result of Set status comes into view', async ({
  page,
}) => {
  await signIn(page, lifesaver, `/console/beach/${coogeeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Coogee Beach' })).toBeVisible();
  const choices = page.locator('.console-choice');
  await expect(choices).toHaveCount(4);
  for (const choice of await choices.all()) {
    for (const text of [choice.locator('.console-choice__name'), choice.locator('.console-choice__hint')]) {
      expect(await insideContent(text, choice), (await text.textContent()) ?? '').toBe(true);
    }
  }
  await expectNoAxeViolations(page);

  // A thumb's way: the page scrolled just far enough to show Set status above the bottom bar.
  await page.getByRole('radio', { name: /^Open/ }).check();
  const set = page.getByRole('button', { name: 'Set status' });
  const bar = (await page.getByRole('navigation', { name: 'Quick' }).boundingBox())!;
  await set.evaluate((button, barHeight) => {
    button.scrollIntoView({ block: 'end' });
    window.scrollBy(0, barHeight + 8);
  }, bar.height);
  await set.click();
  const result = page.getByRole('status').filter({ hasText: 'Coogee Beach is now shown as' });
  await expect(result).toBeInViewport({ ratio: 1 });
  // Not under the bottom bar either.
  const box = (await result.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
  await shot(page, 'layout-console-result-390');
  await expectNoAxeViolations(page);
});

test('the bottom bar keeps each label on one line, the active one too, and does not move', async ({
  page,
}) => {
  await signIn(page, lifesaver, '/');
  // 390 px and the narrowest phone screen (a folded phone's, 280 px): fonts differ between browsers,
  // so a label that just fits here wraps in another (issue 30 saw the active "My Beaches" wrap at
  // 390 px in Debian's Chromium).
  for (const width of [390, 280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Quick' });
    const icons = () =>
      bar
        .locator('a svg, button:not([hidden]) svg')
        .evaluateAll((svgs) => svgs.map((s) => Math.round(s.getBoundingClientRect().top)));
    const before = await icons();
    await bar.getByRole('link', { name: 'My Beaches' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Beaches' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'My Beaches' })).toHaveClass(/active/);
    for (const label of await bar.locator('a span, button span').all()) {
      if (!(await label.isVisible())) continue;
      expect(await lines(label), `${width} px: ${await label.textContent()}`).toBe(1);
    }
    expect(await icons()).toEqual(before);
    await shot(page, `layout-bottom-bar-${width}`);
  }
  await expectNoAxeViolations(page);
});

test("a followed beach's Directions, Map, Unfavourite and Alerts stand in one row", async ({ page }) => {
  await signIn(page, lifesaver, BONDI);
  const actions = page.locator('.beach__actions');
  const favourite = actions.getByRole('button', { name: 'Favourite' });
  if (await favourite.isVisible()) await favourite.click();
  await expect(actions.getByRole('link', { name: 'Alerts' })).toBeVisible();
  const controls = actions.locator('a.button, button.button');
  const tops = await controls.evaluateAll((elements) =>
    elements
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => Math.round(e.getBoundingClientRect().top)),
  );
  expect(tops).toHaveLength(4);
  expect(new Set(tops).size).toBe(1);
  if (process.env.SHOTS_DIR)
    await actions.screenshot({ path: path.join(process.env.SHOTS_DIR, 'layout-actions-390.png') });
  await expectNoAxeViolations(page);
  await actions.getByRole('button', { name: 'Unfavourite' }).click();
  await expect(actions.getByRole('button', { name: 'Favourite' })).toBeEnabled();
});

test('the map says it is unavailable above the map, clear of the zoom buttons', async ({ page, context }) => {
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort('internetdisconnected'),
  );
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Map' }).first().click();
  const dialog = page.getByRole('dialog');
  const notice = dialog.getByRole('note');
  await expect(notice).toHaveText(/The map is unavailable offline/);
  const zoom = dialog.locator('.leaflet-control-zoom');
  await expect(zoom).toBeVisible();
  const a = (await notice.boundingBox())!;
  const b = (await zoom.boundingBox())!;
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps).toBe(false);
  await shot(page, 'layout-map-notice-390');
  await expectNoAxeViolations(page);
});
