import { describe, expect, it } from 'vitest';
import {
  RIP_TEXT,
  addDays,
  ripDayPeak,
  ripNow,
  ripOutlookAge,
  ripOutlookPart,
  ripRestOfToday,
  ripSourceText,
  ripSummaryToday,
  summariseRightNow,
  type RipOutlook,
  type RipOutlookSummary,
} from '../src/index.ts';

const SYDNEY = 'Australia/Sydney';
// Sunday 22 November 2026 in Sydney (AEDT, +11); the outlook starts at local midnight.
const at = (wall: string, date = '2026-11-22') => new Date(`${date}T${wall}:00+11:00`);
const FIRST_HOUR = Date.parse('2026-11-21T13:00:00Z');
const HOUR = 3_600_000;

/** An outlook as the API serves it, from 72 hourly likelihoods (days from the same peak rule). */
function outlook(likelihood: (k: number) => number | null, overrides: Partial<RipOutlook> = {}): RipOutlook {
  const hours = Array.from({ length: 72 }, (_, k) => {
    const value = likelihood(k);
    return {
      time: new Date(FIRST_HOUR + k * HOUR).toISOString(),
      likelihood: value,
      level:
        value === null
          ? null
          : value >= 50
            ? ('high' as const)
            : value >= 25
              ? ('moderate' as const)
              : ('low' as const),
      wave_height_m: 1.6,
      wave_direction_deg: k === 18 ? 170 : 140,
      water_level_m: 0.2,
    };
  });
  const days = [0, 1, 2].map((d) => {
    const date = addDays('2026-11-22', d);
    const peak = ripDayPeak(
      hours.map((h) => ({ time: Date.parse(h.time), likelihood: h.likelihood ?? Number.NaN })),
      SYDNEY,
      date,
    );
    return {
      date,
      peak_time: peak ? new Date(peak.time).toISOString() : null,
      peak_likelihood: peak?.likelihood ?? null,
      level: peak?.level ?? null,
      part: peak?.part ?? null,
      wave_height_m: peak ? 1.6 : null,
      wave_angle_deg: peak ? 5 : null,
      low_tide_time: d === 0 ? '2026-11-22T04:10:00Z' : null,
    };
  });
  return {
    beach_id: 1,
    available: true,
    reason: null,
    model: { name: 'NOAA', coefficients: 'noaa', region: null, fitted_at: null, fitted_observations: null },
    shore_normal: { degrees: 135, source: 'osm-coastline', confidence: 'high', note: null },
    computed_at: '2026-11-21T22:00:00Z',
    age_seconds: 3600,
    stale: false,
    timezone: SYDNEY,
    hours,
    days,
    standing: { observations: 0, checked: false, skill: null, text: RIP_TEXT.notChecked },
    sources: [],
    ...overrides,
  };
}

/** Peaks at 3 pm today (k = 15) at `peak`, 10 % elsewhere; tomorrow and after flat at `later`. */
const afternoonPeak =
  (peak: number, later = 10) =>
  (k: number) =>
    k === 15 ? peak : k < 24 ? 10 : later;

const NONE: RipOutlook = outlook(() => null, {
  available: false,
  reason: 'No rip outlook for this beach: the direction it faces is not known.',
  computed_at: null,
  age_seconds: null,
  hours: [],
  days: [],
});

describe('the rip outlook in Right now', () => {
  it('says moderate or high today in words, with the outlook’s age', () => {
    const high = ripNow(outlook(afternoonPeak(62)), at('10:00'));
    expect(high).toEqual({
      level: 'high',
      tone: 'danger',
      text: 'Rip currents likely this afternoon (model outlook): 1.6 m waves straight onshore, low tide 3:10 pm',
      age: '1 h ago',
      stale: false,
    });
    expect(ripNow(outlook(afternoonPeak(30)), at('10:00'))).toMatchObject({
      level: 'moderate',
      tone: 'caution',
      text: expect.stringMatching(/^Rip currents possible this afternoon \(model outlook\)/),
    });
  });

  it('raises nothing for a low day, no outlook, or an outlook that has no today', () => {
    expect(ripNow(outlook(afternoonPeak(24.9)), at('10:00'))).toBeNull();
    expect(ripNow(NONE, at('10:00'))).toBeNull();
    expect(ripNow(null, at('10:00'))).toBeNull();
    // A kept copy four days later: nothing about today.
    expect(ripNow(outlook(afternoonPeak(80, 80)), at('10:00', '2026-11-26'))).toBeNull();
  });

  it('speaks of what is left of today: after the peak, the later hours decide', () => {
    const evening = (k: number) => (k === 9 ? 70 : k === 18 ? 35 : 10);
    // 8 am: the 9 am high is ahead.
    expect(ripNow(outlook(evening), at('08:00'))?.text).toMatch(/^Rip currents likely this morning/);
    // 2 pm: the morning has gone; 6 pm is moderate (its own waves; the 3:10 pm low tide is still to come).
    expect(ripNow(outlook(evening), at('14:00'))?.text).toBe(
      'Rip currents possible this evening (model outlook): 1.6 m waves at an angle to the beach, low tide 3:10 pm',
    );
    // 7 pm: nothing left above low, so no item.
    expect(ripNow(outlook(evening), at('19:00'))).toBeNull();
    expect(ripRestOfToday(outlook(evening), at('19:00'))?.level).toBe('low');
    // The current hour still counts until it ends.
    expect(ripRestOfToday(outlook(evening), at('09:59'))?.peak_likelihood).toBe(70);
  });

  it('marks an outlook older than 12 hours as out of date (a kept copy ages offline)', () => {
    const kept = outlook(afternoonPeak(62));
    expect(ripNow(kept, at('10:00'))?.stale).toBe(false);
    expect(ripOutlookAge(kept, at('22:01', '2026-11-22'))).toEqual({
      seconds: 13 * 3600 + 60,
      text: '13 h ago',
      stale: true,
    });
  });

  it('is part of the panel’s summary', () => {
    const rightNow = summariseRightNow({
      beach: { patrol: 1, hazard: null, timezone: SYDNEY },
      weather: null,
      weatherState: 'loading',
      ripOutlook: outlook(afternoonPeak(62)),
      now: at('10:00'),
    });
    expect(rightNow.rip?.level).toBe('high');
    expect(
      summariseRightNow({
        beach: { patrol: 1, hazard: null },
        weather: null,
        weatherState: 'loading',
        now: at('10:00'),
      }).rip,
    ).toBeNull();
  });
});

describe('the compact rip level (lists, map popups, My Beaches)', () => {
  const summary: RipOutlookSummary = {
    level: 'high',
    likelihood: 62,
    part: 'afternoon',
    date: '2026-11-22',
    computed_at: '2026-11-21T22:00:00Z',
  };

  it('reads "Rip outlook: High", toned, and tells screen readers it is a model’s', () => {
    expect(ripOutlookPart(summary, at('10:00'), SYDNEY)).toEqual({
      level: 'high',
      text: 'Rip outlook: High',
      tone: 'danger',
      model: ' (model outlook, not an observation)',
    });
    expect(ripOutlookPart({ ...summary, level: 'moderate' }, at('10:00'), SYDNEY)?.tone).toBe('caution');
    expect(ripOutlookPart({ ...summary, level: 'low' }, at('10:00'), SYDNEY)?.text).toBe('Rip outlook: Low');
  });

  it('never reads as low when unknown: nothing in lists, "No rip outlook" or "not known" on a full card', () => {
    expect(ripOutlookPart(null, at('10:00'), SYDNEY)).toBeNull();
    expect(ripOutlookPart(undefined, at('10:00'), SYDNEY)).toBeNull();
    expect(ripOutlookPart(null, at('10:00'), SYDNEY, true)?.text).toBe('No rip outlook for this beach');
    expect(ripOutlookPart(undefined, at('10:00'), SYDNEY, true)?.text).toBe('Rip outlook not known');
    // Yesterday's summary (an old answer) is not today's.
    expect(ripOutlookPart(summary, at('10:00', '2026-11-23'), SYDNEY)).toBeNull();
    expect(ripOutlookPart(summary, at('10:00', '2026-11-23'), SYDNEY, true)?.text).toBe(
      'Rip outlook not known',
    );
  });

  it('comes from a full outlook for My Beaches: null without one, undefined when today is not in it', () => {
    expect(ripSummaryToday(outlook(afternoonPeak(62)), at('10:00'))).toEqual({
      ...summary,
      computed_at: '2026-11-21T22:00:00Z',
    });
    expect(ripSummaryToday(NONE, at('10:00'))).toBeNull();
    expect(ripSummaryToday(outlook(afternoonPeak(62)), at('10:00', '2026-11-30'))).toBeUndefined();
  });
});

describe('the outlook’s sources in words', () => {
  it('reads the instants an attribution carries as ages', () => {
    expect(
      ripSourceText(
        'Wave forecast by Open-Meteo.com (CC BY 4.0), fetched 2026-11-21T22:20:00.000Z',
        at('10:00'),
        SYDNEY,
      ),
    ).toBe('Wave forecast by Open-Meteo.com (CC BY 4.0), fetched 40 min ago');
    expect(ripSourceText('Shore direction © OpenStreetMap contributors (ODbL)', at('10:00'), SYDNEY)).toBe(
      'Shore direction © OpenStreetMap contributors (ODbL)',
    );
  });
});
