/**
 * The one clock every part of a browser test run shares: the server (SAFESHORE_CLOCK_OFFSET_MS),
 * the fake upstreams (--clock-offset-ms), the admin commands specs run (SAFESHORE_CLOCK_OFFSET_MS)
 * and each browser context (context.clock, installed by support/test.ts), so no test depends on
 * the day it runs. The run starts at E2E_CLOCK_START and time then flows at its real rate.
 *
 * Sunday 22 November 2026, 10:00 in Sydney (AEDT, +11): a weekend inside the patrol season.
 */
export const E2E_CLOCK_START = process.env.E2E_CLOCK_START ?? '2026-11-21T23:00:00.000Z';

/**
 * Milliseconds to add to the real clock; fixed once per run: playwright.config.ts calls this at
 * load, before any worker starts, and the workers inherit E2E_CLOCK_OFFSET_MS.
 */
export function e2eClockOffsetMs(): number {
  const fromEnv = process.env.E2E_CLOCK_OFFSET_MS;
  if (fromEnv !== undefined) {
    const offset = Number(fromEnv);
    if (!Number.isSafeInteger(offset))
      throw new Error(`E2E_CLOCK_OFFSET_MS is not whole milliseconds: ${fromEnv}`);
    return offset;
  }
  const start = Date.parse(E2E_CLOCK_START);
  if (Number.isNaN(start)) throw new Error(`E2E_CLOCK_START is not an ISO date-time: ${E2E_CLOCK_START}`);
  const offset = start - Date.now();
  process.env.E2E_CLOCK_OFFSET_MS = String(offset);
  return offset;
}

/** Now, on the run's shared clock. */
export function e2eNow(): Date {
  return new Date(Date.now() + e2eClockOffsetMs());
}

/** The environment an admin command needs to run on the run's clock (as the server does). */
export function e2eClockEnv(): { SAFESHORE_CLOCK_OFFSET_MS: string } {
  return { SAFESHORE_CLOCK_OFFSET_MS: String(e2eClockOffsetMs()) };
}
