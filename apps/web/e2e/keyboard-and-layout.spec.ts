import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { keepMapLocal } from './map-helpers.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 30 at 1280×800, from the keyboard-only pass and the desktop walk: Home's search is one Tab
 * away; after a navigation focus is on the new page's heading; the conditions' tab panel is no tab
 * stop and no credit links stand between the tabs and the marine warnings (the credits sit with the
 * page's sources at its foot); the beach page's cards fill their rows.
 */
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

// Axe on a full beach page takes a while on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function shot(page: Page, name: string, fullPage = false) {
  if (!process.env.SHOTS_DIR) return;
  fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), fullPage });
}

/** The focused element's text and role, for messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active
      ? `${active.tagName} ${active.getAttribute('role') ?? ''} ${active.textContent?.trim()}`
      : '';
  });

test("Home's search is one Tab and Enter away: a skip link to it comes first", async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to beach search' })).toBeFocused();
  await shot(page, 'keyboard-skip-to-search-1280');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: /Search for a beach/ })).toBeFocused();
  await expectNoAxeViolations(page);
});

test("after following a link, focus is on the new page's heading", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rip Currents' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Rip currents' });
  await expect(heading).toBeFocused();
  // The next Tab starts from the page's heading, not from the header.
  await page.keyboard.press('Tab');
  const next = await page.evaluate(() => {
    const h1 = document.querySelector('main h1')!;
    const active = document.activeElement!;
    return Boolean(h1.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(next, await focused(page)).toBe(true);
});

test('Tab goes from the Tide tab past its panel, with no credit links before the marine warnings', async ({
  page,
  context,
}) => {
  await keepMapLocal(context);
  await page.goto(BONDI);
  const card = page.getByTestId('beach-conditions');
  const tide = card.getByRole('tab', { name: 'Tide' });
  await tide.click();
  await expect(card.getByRole('tabpanel')).toContainText('Tide times');
  await tide.focus();
  await page.keyboard.press('Tab');
  const where = await page.evaluate(() => {
    const active = document.activeElement!;
    const panel = document.querySelector('[role="tabpanel"]')!;
    const warnings = document.querySelector('[data-testid="marine-warnings"]')!;
    return {
      inPanel: panel === active || panel.contains(active),
      atOrAfterWarnings:
        warnings.contains(active) ||
        Boolean(warnings.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING),
    };
  });
  expect(where, await focused(page)).toEqual({ inPanel: false, atOrAfterWarnings: true });
  await expect(card.getByRole('tabpanel').getByRole('link')).toHaveCount(0);

  // The credits, with the tide database's and TICON's links, sit with the sources at the foot.
  const sources = page.getByTestId('conditions-sources');
  await expect(sources).toContainText(/Tide times predicted for .+ by neaps tide predictions/);
  await sources.getByText('Credits and licences').click();
  await expect(sources.getByRole('link', { name: /doi\.org\/10\.17882\/109129/ }).first()).toBeVisible();
  await sources.scrollIntoViewIfNeeded();
  await shot(page, 'beach-sources-1280');
  await expectNoAxeViolations(page);
});

test("the beach page's cards fill their rows: none sits a third wide beside empty space", async ({
  page,
  context,
}) => {
  await keepMapLocal(context);
  await page.goto(BONDI);
  const about = page.getByRole('region', { name: 'About this beach' });
  const nearBy = page.getByRole('region', { name: 'Near By Beaches' });
  await expect(about).toBeVisible();
  await expect(nearBy).toBeVisible();
  // Rows of the grid (cards by their top), each filled to the grid's width (allowing for the gaps).
  const rows = await page.locator('.beach__grid').evaluate((grid) => {
    const style = getComputedStyle(grid);
    const width = grid.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const gap = parseFloat(style.columnGap) || 0;
    const byTop = new Map<number, number[]>();
    for (const card of grid.children) {
      const box = card.getBoundingClientRect();
      if (box.width === 0) continue;
      const top = Math.round(box.top);
      byTop.set(top, [...(byTop.get(top) ?? []), box.width]);
    }
    return [...byTop.values()].map(
      (widths) => (widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1)) / width,
    );
  });
  expect(rows.length).toBeGreaterThan(3);
  for (const filled of rows) expect(filled).toBeGreaterThan(0.98);
  await about.scrollIntoViewIfNeeded();
  await shot(page, 'beach-cards-1280', true);
});
