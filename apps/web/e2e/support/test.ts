import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';
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

/** A further context (other permissions, motion or viewport) on the run's clock, like `context`. */
export async function newClockedContext(
  browser: Browser,
  options?: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await installRunClock(context);
  return context;
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await installRunClock(context);
    await use(context);
  },
});

export { expect, e2eNow };
