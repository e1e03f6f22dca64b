/**
 * The one clock API tests share: the app (buildApp's `clock`), the fake upstreams and identity
 * providers, and the test's own expectations all read it, so no test depends on the day it runs
 * (CI runs the suites again with the system clock moved: scripts/test-shifted-clocks.sh).
 *
 * Saturday 21 November 2026, 12:00 in Sydney (AEDT, +11): a weekend inside the patrol season.
 */
export const TEST_NOW = Date.parse('2026-11-21T01:00:00.000Z');

export interface TestClock {
  /** Milliseconds since the epoch, on this clock. */
  now(): number;
  /** The same instant as a Date, for buildApp's `clock`. */
  date(): Date;
  advance(ms: number): void;
  set(at: number | string | Date): void;
}

/** A clock that stands still at `start` until the test moves it. */
export function testClock(start: number | string | Date = TEST_NOW): TestClock {
  let now = new Date(start).getTime();
  return {
    now: () => now,
    date: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (at) => {
      now = new Date(at).getTime();
    },
  };
}

/**
 * A clock that reads `start` when created and then runs at the real rate (monotonic, so a moved
 * system clock cannot make it jump): for apps that stamp rows and order by the stamp.
 */
export function runningClock(start: number | string | Date = TEST_NOW): () => Date {
  const at = new Date(start).getTime();
  const began = performance.now();
  return () => new Date(at + Math.round(performance.now() - began));
}
