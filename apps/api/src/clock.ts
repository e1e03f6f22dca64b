import type { Config } from './config.ts';

/** What every module asks for the time: buildApp's `clock`, the admin commands, start-up seeding. */
export type Clock = () => Date;

/**
 * The server's clock from its configuration: the real time, or (testing and demos only) the real
 * time moved by SAFESHORE_CLOCK_OFFSET_MS, or started at SAFESHORE_CLOCK_START when the process
 * starts. A moved clock keeps running at the real rate, so waits, expiries and "x min ago" still
 * behave; only the calendar changes. The browser test run uses it so the server, the fake upstreams
 * and the browser all share one day, whatever day the run happens on.
 */
export function configuredClock(
  config: Pick<Config, 'SAFESHORE_CLOCK_OFFSET_MS' | 'SAFESHORE_CLOCK_START'>,
  realNow: () => number = Date.now,
): { clock: Clock; offsetMs: number } {
  const offsetMs =
    config.SAFESHORE_CLOCK_START !== undefined
      ? Date.parse(config.SAFESHORE_CLOCK_START) - realNow()
      : (config.SAFESHORE_CLOCK_OFFSET_MS ?? 0);
  return {
    clock: offsetMs === 0 ? () => new Date(realNow()) : () => new Date(realNow() + offsetMs),
    offsetMs,
  };
}
