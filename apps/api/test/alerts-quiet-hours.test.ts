import { describe, expect, it } from 'vitest';
import { instantOfWallTime, quietUntil, type QuietHours } from '../src/modules/alerts/quiet-hours.ts';
import { zoneOffset } from '../src/modules/weather/wall-clock.ts';
import { backoffMs, RateCap } from '../src/modules/alerts/worker.ts';

/**
 * Quiet hours are wall-clock hours in the person's zone. Sydney's summer time started on Sunday
 * 4 October 2026 (02:00 AEST → 03:00 AEDT) and ended on Sunday 5 April 2026 (03:00 AEDT → 02:00
 * AEST); Lord Howe Island moves by half an hour (+10:30 ↔ +11) at 02:00 local on the same days.
 */
const sydney: QuietHours = { enabled: true, start: '21:00', end: '07:00', timeZone: 'Australia/Sydney' };
const lordHowe: QuietHours = { ...sydney, timeZone: 'Australia/Lord_Howe' };
const until = (at: string, quiet: QuietHours) => quietUntil(new Date(at), quiet)?.toISOString() ?? null;

describe('quiet hours', () => {
  it('holds from 21:00 to 07:00 local on an ordinary night, and not outside it', () => {
    expect(until('2026-11-21T01:00:00Z', sydney)).toBeNull(); // 12:00 AEDT
    expect(until('2026-11-21T09:59:00Z', sydney)).toBeNull(); // 20:59
    expect(until('2026-11-21T10:00:00Z', sydney)).toBe('2026-11-21T20:00:00.000Z'); // 21:00 → 07:00
    expect(until('2026-11-21T15:00:00Z', sydney)).toBe('2026-11-21T20:00:00.000Z'); // 02:00
    expect(until('2026-11-21T19:59:00Z', sydney)).toBe('2026-11-21T20:00:00.000Z'); // 06:59
    expect(until('2026-11-21T20:00:00Z', sydney)).toBeNull(); // 07:00
  });

  it('ends at 07:00 local across the night summer time starts in Sydney (a 9-hour night)', () => {
    // Saturday 3 October 2026, 23:00 AEST (+10) = 13:00Z; 07:00 AEDT (+11) on Sunday = 20:00Z.
    expect(until('2026-10-03T13:00:00Z', sydney)).toBe('2026-10-03T20:00:00.000Z');
    // 03:30 AEDT, just after the change.
    expect(until('2026-10-03T16:30:00Z', sydney)).toBe('2026-10-03T20:00:00.000Z');
  });

  it('ends at 07:00 local across the night summer time ends in Sydney (an 11-hour night)', () => {
    // Saturday 4 April 2026, 23:00 AEDT (+11) = 12:00Z; 07:00 AEST (+10) on Sunday = 21:00Z.
    expect(until('2026-04-04T12:00:00Z', sydney)).toBe('2026-04-04T21:00:00.000Z');
    // 02:30 happens twice; both readings are in quiet hours and end at the same instant.
    expect(until('2026-04-04T15:30:00Z', sydney)).toBe('2026-04-04T21:00:00.000Z');
    expect(until('2026-04-04T16:30:00Z', sydney)).toBe('2026-04-04T21:00:00.000Z');
  });

  it('follows Lord Howe Island’s half-hour offsets and half-hour summer time', () => {
    expect(zoneOffset(Date.parse('2026-06-15T00:00:00Z'), 'Australia/Lord_Howe')).toBe(10.5 * 3_600_000);
    expect(zoneOffset(Date.parse('2026-11-21T00:00:00Z'), 'Australia/Lord_Howe')).toBe(11 * 3_600_000);
    // Winter (+10:30): 20:45 is before quiet hours, 21:15 inside, ending at 07:00 = 20:30Z.
    expect(until('2026-06-15T10:15:00Z', lordHowe)).toBeNull();
    expect(until('2026-06-15T10:45:00Z', lordHowe)).toBe('2026-06-15T20:30:00.000Z');
    // Summer (+11): 21:15 = 10:15Z.
    expect(until('2026-11-21T10:15:00Z', lordHowe)).toBe('2026-11-21T20:00:00.000Z');
    // The night summer time starts (02:00 → 02:30): 23:00 +10:30 = 12:30Z, ends 07:00 +11 = 20:00Z.
    expect(until('2026-10-03T12:30:00Z', lordHowe)).toBe('2026-10-03T20:00:00.000Z');
    // The night it ends (02:00 → 01:30): 23:00 +11 = 12:00Z, ends 07:00 +10:30 = 20:30Z.
    expect(until('2026-04-04T12:00:00Z', lordHowe)).toBe('2026-04-04T20:30:00.000Z');
  });

  it('places a wall time that summer time skips just after the skip, and a repeated one at its first reading', () => {
    // Lord Howe skips 02:00–02:30 on 4 October 2026: 02:15 becomes 02:45 (+11) = 15:45Z.
    expect(
      instantOfWallTime({ year: 2026, month: 10, day: 4 }, 2 * 60 + 15, 'Australia/Lord_Howe').toISOString(),
    ).toBe('2026-10-03T15:45:00.000Z');
    // Sydney repeats 02:00–03:00 on 5 April 2026: 02:30 first happens at +11 = 15:30Z.
    expect(
      instantOfWallTime({ year: 2026, month: 4, day: 5 }, 2 * 60 + 30, 'Australia/Sydney').toISOString(),
    ).toBe('2026-04-04T15:30:00.000Z');
  });

  it('handles windows that do not wrap midnight, equal ends (no window) and switched off', () => {
    const day: QuietHours = { ...sydney, start: '13:00', end: '15:00' };
    expect(until('2026-11-21T02:30:00Z', day)).toBe('2026-11-21T04:00:00.000Z'); // 13:30 → 15:00
    expect(until('2026-11-21T04:00:00Z', day)).toBeNull();
    expect(until('2026-11-21T12:00:00Z', { ...sydney, end: '21:00' })).toBeNull();
    expect(until('2026-11-21T12:00:00Z', { ...sydney, enabled: false })).toBeNull();
  });
});

describe('retry pacing', () => {
  it('doubles the wait per attempt (jittered ±25%), capped at 6 h, never under Retry-After', () => {
    expect(backoffMs(1, 30_000, 0.5)).toBe(30_000);
    expect(backoffMs(2, 30_000, 0.5)).toBe(60_000);
    expect(backoffMs(4, 30_000, 0.5)).toBe(240_000);
    expect(backoffMs(3, 30_000, 0)).toBe(90_000);
    expect(backoffMs(3, 30_000, 0.999)).toBe(149_940);
    expect(backoffMs(30, 30_000, 0.5)).toBe(6 * 3_600_000);
    expect(backoffMs(1, 30_000, 0.5, 120_000)).toBe(120_000);
  });

  it('caps the send rate per provider', async () => {
    const cap = new RateCap(100, () => 0);
    const started = performance.now();
    // 10 sends fit the burst (a tenth of a second's worth); the rest wait their turn.
    for (let i = 0; i < 10; i += 1) await cap.take();
    expect(performance.now() - started).toBeLessThan(50);
    const slow = performance.now();
    await cap.take();
    await cap.take();
    expect(performance.now() - slow).toBeGreaterThanOrEqual(15);
  });
});
