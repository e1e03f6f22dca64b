import { describe, expect, it } from 'vitest';
import { formatAge, formatAgeSeconds, formatDataAge, sourceLabel } from '../src/index.ts';

const NOW = new Date('2026-11-22T00:00:00Z'); // Sunday 11 am in Sydney
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe('ages (spec section 9: m, h, d up to 7 days, then a date)', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 min ago'],
    [59 * 60 + 59, '59 min ago'],
    [3600, '1 h ago'],
    [23 * 3600 + 59 * 60, '23 h ago'],
    [86400, '1 d ago'],
    [6 * 86400 + 23 * 3600, '6 d ago'],
  ])('%s s ago is "%s"', (seconds, text) => {
    expect(formatAge(ago(seconds), NOW, 'Australia/Sydney')).toBe(text);
    expect(formatAgeSeconds(seconds, NOW, 'Australia/Sydney')).toBe(text);
    expect(formatDataAge(seconds, NOW, 'Australia/Sydney')).toBe(text);
  });

  it('from 7 days on shows the date in the place zone, with the year only when it differs', () => {
    expect(formatAge(ago(7 * 86400), NOW, 'Australia/Sydney')).toBe('on 15 Nov');
    // 14:30 UTC on 14 Nov is already 15 Nov in Sydney but still 14 Nov in Perth.
    expect(formatAge('2026-11-14T17:30:00Z', NOW, 'Australia/Sydney')).toBe('on 15 Nov');
    expect(formatAge('2026-11-14T15:30:00Z', NOW, 'Australia/Perth')).toBe('on 14 Nov');
    expect(formatAge('2025-12-30T00:00:00Z', NOW, 'Australia/Sydney')).toBe('on 30 Dec 2025');
  });

  it('a time in the future is "just now"; an unreadable one is empty; an unknown zone uses Perth', () => {
    expect(formatAge(new Date(NOW.getTime() + 5 * 60_000), NOW)).toBe('just now');
    expect(formatAge('not a date', NOW)).toBe('');
    expect(formatAge('2026-11-01T17:00:00Z', NOW, 'Mars/Olympus')).toBe('on 2 Nov');
  });

  it('source labels use the same rule', () => {
    const source = {
      name: 'Bureau of Meteorology',
      fetched_at: ago(9 * 86400).toISOString(),
      age_seconds: 0,
    };
    expect(sourceLabel(source, NOW)).toBe('Bureau of Meteorology · updated on 13 Nov');
  });
});
