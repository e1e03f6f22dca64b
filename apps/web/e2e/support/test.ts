import { test as base, expect } from '@playwright/test';
import { e2eNow } from './clock.ts';

/**
 * Every browser spec imports `test` and `expect` from here, never from '@playwright/test' directly:
 * each browser context gets the run's shared clock before its first page loads.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.clock.install({ time: e2eNow() });
    await use(context);
  },
});

export { expect, e2eNow };
