/**
 * The one clock every part of a browser test run shares: the server (SAFESHORE_CLOCK_OFFSET_MS), the
 * fake upstreams (--clock-offset-ms) and each browser context (page.clock), so no test depends on the
 * day it runs. The run starts at E2E_CLOCK_START and time then flows at its real rate.
 *
 * Sunday 22 November 2026, 10:00 in Sydney (AEDT, +11): a weekend inside the patrol season.
 */
export const E2E_CLOCK_START = process.env.E2E_CLOCK_START ?? '2026-11-21T23:00:00.000Z';

/** Milliseconds to add to the real clock; fixed once per run (the config sets it before any worker starts). */
export function e2eClockOffsetMs(): number {
  const fromEnv = process.env.E2E_CLOCK_OFFSET_MS;
  if (fromEnv !== undefined) return Number(fromEnv);
  const offset = Date.parse(E2E_CLOCK_START) - Date.now();
  process.env.E2E_CLOCK_OFFSET_MS = String(offset);
  return offset;
}

/** Now, on the run's shared clock. */
export function e2eNow(): Date {
  return new Date(Date.now() + e2eClockOffsetMs());
}
