import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';

/** A starter beach with surf life saving clubs, so the server's sample data covers it. */
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

async function openBondi(page: Page) {
  await page.goto(BONDI);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
}

test('patrols: "Change day" picks another day, which is requested as YYYY-MM-DD, and the columns change', async ({
  page,
}) => {
  // Two full-page axe runs on the longest page of the app.
  test.slow();
  // Today's patrols come with the server-rendered page (issue 23); any request for today has no date.
  const dated: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v4\/beach\/\d+\/patrols/.test(r.url()) && new URL(r.url()).searchParams.has('date'))
      dated.push(r.url());
  });
  await openBondi(page);

  const patrols = page.getByRole('region', { name: 'Patrols' });
  await expect(patrols.getByText('Sample data — not a real patrol roster')).toBeVisible();
  const firstClub = patrols.locator('.patrols__club').first();
  await expect(firstClub.getByRole('listitem')).toHaveCount(7);
  const before = await firstClub.getByRole('listitem').allTextContents();

  expect(dated).toEqual([]);
  await patrols.getByRole('button', { name: 'Change day' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a day' });
  await expect(calendar.getByRole('grid')).toBeVisible();
  // Keyboard focus moves into the calendar, on the day shown.
  await expect(calendar.locator('[aria-selected="true"] [role="button"]')).toBeFocused();
  await expectNoAxeViolations(page);
  await calendar.getByRole('button', { name: 'Next month' }).click();
  const picked = page.waitForRequest((r) => /\/patrols\?date=\d{4}-\d{2}-10$/.test(r.url()));
  await calendar.getByRole('gridcell').getByText('10', { exact: true }).click();
  const date = new URL((await picked).url()).searchParams.get('date')!;
  // The calendar opened on the run's day (Sunday 22 November 2026): the 10th of the next month.
  expect(date).toBe('2026-12-10');

  await expect(calendar).toBeHidden();
  await expect(patrols.getByTestId('patrols-from')).toContainText(/\b10 /);
  await expect(firstClub.getByRole('listitem').first()).toContainText(/\b10 /);
  await expect(firstClub.getByRole('listitem')).toHaveCount(7);
  expect(await firstClub.getByRole('listitem').allTextContents()).not.toEqual(before);
  await expectNoAxeViolations(page);
});

test('public attendance: day tabs and a chart of four series from 6 am to 7 pm', async ({ page }) => {
  test.slow();
  await openBondi(page);
  const attendance = page.getByRole('region', { name: 'Public attendance' });
  await expect(attendance.getByText('Sample data')).toBeVisible();
  const tabs = attendance.getByRole('tab');
  expect(await tabs.count()).toBeGreaterThan(1);
  const selected = attendance.getByRole('tab', { selected: true });
  await expect(selected).toHaveCount(1);

  // Pick a day with records (the first tab is the oldest day) and read its chart.
  await tabs.first().click();
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  const chart = attendance.getByRole('img');
  await expect(chart).toHaveAttribute(
    'aria-label',
    /People on beach.*Swimmers.*Swimmers Outside Flags.*Crafts/,
  );
  const axis = attendance.getByTestId('chart-x-axis').locator('text');
  await expect(axis.first()).toHaveText('6 am');
  await expect(axis.last()).toHaveText('7 pm');
  await expect(attendance.locator('[data-series]')).toHaveCount(4);

  // Keyboard: arrows move between the tabs.
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page);
});

// Manly, not Bondi: the algal browser test uploads a real photo of the day for Bondi, which replaces the sample one.
test('the photo of the day opens in a dialog titled with the time it was added', async ({ page }) => {
  await page.goto('/beach/nsw/northern-beaches/manly/manly-beach');
  await expect(page.getByRole('heading', { level: 1, name: 'Manly Beach' })).toBeVisible();
  const today = page.getByRole('region', { name: "Today's Conditions" });
  await today.getByRole('button', { name: /^Photo of the day, added/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Photo of the day \| Added \d{1,2}:\d{2} (am|pm)$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sample data')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Right now: a sample roster reads as a demo, never as a patrol on duty', async ({ page }) => {
  await openBondi(page);
  const patrol = page.getByRole('region', { name: 'Right now' }).getByTestId('right-now-patrol');
  await expect(patrol).toContainText('Demo patrol times only, not a real roster');
  await expect(patrol).not.toContainText(/on duty/i);
  await expect(patrol).toHaveClass(/rn-item--demo/);
  // Nor in the Patrols card: sample days are not styled as patrols.
  await expect(page.getByRole('region', { name: 'Patrols' }).locator('.patrols__day--on')).toHaveCount(0);
});
