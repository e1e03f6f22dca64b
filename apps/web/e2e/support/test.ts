import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { e2eNow } from './clock.ts';

/**
 * Every browser spec imports `test` and `expect` from here, never from '@playwright/test' directly
 * (ESLint enforces it): each browser context gets the run's shared clock before its first page
 * loads, the clock the server and the fake upstreams run on (support/clock.ts).
 *
 * `clock.install` fakes Date, timers, requestAnimationFrame and performance in the pages; the
 * faked time keeps flowing at the real rate, so waits, animations, the splash delay and polling
 * behave as they do for a user, and a spec can still jump ahead (`page.clock.fastForward`). It
 * does not reach service workers, which keep the real time; nothing there depends on the date.
 */
export async function installRunClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: e2eNow() });
}

/**
 * A further context (other permissions, motion or viewport) on the run's clock, like `context`;
 * its pages' goto and reload wait for the app like `page`'s (unless JavaScript is off).
 */
export async function newClockedContext(
  browser: Browser,
  options?: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await installRunClock(context);
  if (options?.javaScriptEnabled !== false) context.on('page', holdNavigationsForApp);
  return context;
}

/**
 * After a navigation to a server-rendered page (it carries `script#ssr-data`), waits until the app
 * has hydrated it (`<html data-app-ready>`, app/App.tsx): the HTML paints first and the scripts load
 * after it, so a click in between would land on plain HTML and do nothing. A page whose scripts
 * never run (JavaScript off, a script blocked by the test) is left to the test's own assertions
 * after a bounded wait. Navigations that ask for `waitUntil: 'commit'` look at the page as it
 * arrives and are not held.
 */
export async function waitForApp(page: Page, timeout = 15_000): Promise<void> {
  if ((await page.locator('script#ssr-data').count()) === 0) return;
  await page
    .locator('html[data-app-ready]')
    .waitFor({ state: 'attached', timeout })
    .catch(() => undefined);
}

/** The page's goto and reload return once the app has taken over the page (waitForApp). */
function holdNavigationsForApp(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await waitForApp(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await waitForApp(page);
    return response;
  };
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await installRunClock(context);
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) holdNavigationsForApp(page);
    await use(page);
  },
});

export { expect, e2eNow };
