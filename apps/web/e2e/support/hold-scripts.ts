import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * Holds the app's scripts back until `release()` (as a slow link does, but for as long as the test
 * needs), on a link throttled like the slow 4G of the report (150 ms, 1.6 Mbit/s).
 */
async function holdScripts(
  page: Page,
): Promise<{ release: () => void; held: () => number; unthrottle: () => Promise<unknown> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return {
    release,
    held: () => held,
    unthrottle: () =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      }),
  };
}

/**
 * Types into the search box called `name` on `path` while the scripts are held back, leaves the
 * caret inside the text, then lets the scripts in: the text, the caret and the focus stay, and the
 * suggestions for it show without another key.
 */
export async function expectTypingBeforeScriptsKept(page: Page, path: string, name: string): Promise<void> {
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  const box = page.getByRole('combobox', { name });
  await box.click();
  await box.pressSequentially('bondi');
  // The caret between "bond" and "i", where a person who went back to fix a letter leaves it.
  await box.press('ArrowLeft');
  expect(scripts.held()).toBeGreaterThan(0);
  await expect(page.locator('html[data-app-ready]')).toHaveCount(0);

  await scripts.unthrottle();
  scripts.release();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(box).toHaveValue('bondi');
  await expect(box).toBeFocused();
  expect(await box.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual(
    [4, 4],
  );
  await expect(page.getByRole('option', { name: /Bondi Beach/ }).first()).toBeVisible();
  // Typing on goes on from the caret.
  await box.press('End');
  await box.press('Backspace');
  await expect(box).toHaveValue('bond');
}
