import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Every web unit test starts on the same clock, never the real date (set up for each test by
 * vitest.config.ts `setupFiles`): Saturday 21 November 2026, 12:00 in Sydney (AEDT, +11), the day
 * the fixtures describe (test/fixtures.ts: patrolsResponse). Only `Date` is faked, and it keeps
 * running at the real rate from there, so timers, waits and "x min ago" behave as in a browser.
 * A test that needs another moment calls vi.setSystemTime; one that fakes timers itself passes
 * `now: TEST_NOW` (vi.useFakeTimers starts from the real date otherwise).
 */
export const TEST_NOW = new Date('2026-11-21T01:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW, shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});
