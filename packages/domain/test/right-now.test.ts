import { describe, expect, it } from 'vitest';
import {
  PATROL_TIMES_NOT_KNOWN,
  compactBeachStatus,
  mostSevereWarning,
  formatDataAge,
  conditionsNow,
  hazardNow,
  patrolNow,
  summariseRightNow,
  warningSeverity,
  warningsNow,
  type DataSource,
  type MarineWarning,
  type PatrolsResponse,
  type StatusBeach,
  type WeatherResponse,
} from '../src/index.ts';

// Sunday 22 November 2026 in Sydney (AEDT, +11).
const at = (wall: string) => new Date(`2026-11-22T${wall}:00+11:00`);
const SYDNEY = 'Australia/Sydney';

const beach = (overrides: Partial<StatusBeach> = {}): StatusBeach => ({
  patrol: 1,
  hazard: null,
  timezone: SYDNEY,
  is_patrolled_today: null,
  ...overrides,
});
const patrolled = (start = '09:00', end = '17:00', is_sample = false) => ({
  flag: 1 as const,
  start,
  end,
  is_sample,
});

const source = (name: string, fetchedAt = '2026-11-21T22:55:00Z', stale = false): DataSource => ({
  name,
  attribution: `${name} attribution`,
  url: null,
  fetched_at: fetchedAt,
  age_seconds: 0,
  stale,
});

const warning = (title: string, text = `${title} for Sydney Coast.`): MarineWarning => ({
  title,
  text,
  issued_at: '2026-11-21T20:00:00Z',
  link: 'https://www.bom.gov.au/nsw/warnings/',
  expires_at: null,
});

function patrolsAnswer(
  days: Array<{ date: string; start: string | null; on?: boolean }>,
  is_sample = false,
): PatrolsResponse {
  return {
    patrols: {
      '1': {
        name: 'Bondi SLSC',
        days: days.map((d) => ({
          date: d.date,
          is_patrol: d.on === false ? 0 : 1,
          start_time: d.on === false ? null : d.start,
          end_time: d.on === false ? null : '17:00',
          public_holiday: null,
        })),
      },
    },
    schedule_dates: [],
    date: days[0]?.date ?? '2026-11-22',
    timezone: SYDNEY,
    is_sample,
    source: is_sample ? 'Sample data' : 'Bondi SLSC roster 2026-27',
  };
}

describe('patrol now', () => {
  it('is not known, with no invented status, when no schedule is held', () => {
    const status = patrolNow(beach({ patrol: 1, is_patrolled_today: null }), at('10:00'));
    expect(status).toMatchObject({ state: 'unknown', tone: 'unknown', text: PATROL_TIMES_NOT_KNOWN });
    expect(patrolNow(beach({ patrol: null }), at('10:00')).state).toBe('unknown');
  });

  it('says a beach known to be unpatrolled is not patrolled', () => {
    expect(patrolNow(beach({ patrol: 0 }), at('10:00'))).toMatchObject({
      state: 'unpatrolled',
      tone: 'caution',
    });
  });

  it('is on duty until the end between start and end, in the beach zone', () => {
    const status = patrolNow(beach({ is_patrolled_today: patrolled() }), at('10:00'));
    expect(status).toMatchObject({ state: 'on-duty', tone: 'ok', text: 'On duty until 5:00 pm' });
    // 10:00 in Sydney is 7:00 in Perth: a Perth beach's 9:00 patrol has not started.
    const perth = patrolNow(
      beach({ timezone: 'Australia/Perth', is_patrolled_today: patrolled() }),
      at('10:00'),
    );
    expect(perth).toMatchObject({ state: 'later-today', short: 'Patrol from 9:00 am' });
  });

  it('has started at the start minute and ended at the end minute', () => {
    expect(patrolNow(beach({ is_patrolled_today: patrolled() }), at('09:00')).state).toBe('on-duty');
    expect(patrolNow(beach({ is_patrolled_today: patrolled() }), at('08:59')).state).toBe('later-today');
    const ended = patrolNow(beach({ is_patrolled_today: patrolled() }), at('17:00'));
    expect(ended).toMatchObject({ state: 'ended-today', text: 'Patrol ended at 5:00 pm' });
  });

  it('names the next patrol from the schedule once today is over or not a patrol day', () => {
    const schedule = patrolsAnswer([
      { date: '2026-11-22', start: '09:00' },
      { date: '2026-11-23', start: null, on: false },
      { date: '2026-11-28', start: '09:00' },
    ]);
    const ended = patrolNow(beach({ is_patrolled_today: patrolled() }), at('18:00'), schedule);
    expect(ended.next).toBe('Next patrol Sat 28 Nov, 9:00 am');
    expect(ended.source).toBe('Bondi SLSC roster 2026-27');
    const notToday = patrolNow(
      beach({ is_patrolled_today: { flag: 0, start: null, end: null, is_sample: false } }),
      at('07:00'),
      schedule,
    );
    // Today's own patrol (9:00) is still to come at 7:00.
    expect(notToday).toMatchObject({ state: 'not-today', next: 'Next patrol today, 9:00 am' });
  });

  it('presents sample schedules as a demo, never as a patrol', () => {
    const status = patrolNow(beach({ is_patrolled_today: patrolled('09:00', '17:00', true) }), at('10:00'));
    expect(status.state).toBe('demo');
    expect(status.tone).toBe('demo');
    expect(status.text).not.toMatch(/on duty/i);
    expect(status.text).toBe('Demo patrol times only, not a real roster');
    expect(
      patrolNow(beach(), at('10:00'), patrolsAnswer([{ date: '2026-11-22', start: '09:00' }], true)).state,
    ).toBe('demo');
  });

  it('reads ISO instants and leaves unreadable hours unknown', () => {
    const iso = patrolNow(
      beach({ is_patrolled_today: patrolled('2026-11-22T09:00:00+11:00', '2026-11-22T17:00:00+11:00') }),
      at('12:00'),
    );
    expect(iso.text).toBe('On duty until 5:00 pm');
    expect(patrolNow(beach({ is_patrolled_today: patrolled('soon', '17:00') }), at('12:00')).text).toBe(
      'Patrolled today (hours not known)',
    );
  });
});

describe('warnings now', () => {
  it('is not available (never "none") without a source', () => {
    expect(warningsNow(null)).toMatchObject({ state: 'unavailable', count: null, tone: 'unknown' });
    expect(warningsNow({ warnings: [], source: null }).text).toBe('Marine warnings not available');
  });

  it('says none only when the feed answered', () => {
    expect(warningsNow({ warnings: [], source: source('Bureau of Meteorology') })).toMatchObject({
      state: 'known',
      count: 0,
      tone: 'ok',
      text: 'No marine warnings in force',
    });
  });

  it('counts and picks the most severe', () => {
    const now = warningsNow({
      warnings: [warning('Strong Wind Warning'), warning('Gale Warning'), warning('Hazardous Surf Warning')],
      source: source('Bureau of Meteorology'),
    });
    expect(now).toMatchObject({ count: 3, tone: 'danger', text: '3 marine warnings' });
    expect(now.mostSevere?.title).toBe('Gale Warning');
  });

  it('ranks the Bureau kinds', () => {
    const ranks = [
      'Tsunami Warning',
      'Hurricane Force Wind Warning',
      'Storm Force Wind Warning',
      'Gale Warning',
      'Hazardous Surf Warning',
      'Strong Wind Warning',
      'Marine Wind Warning Summary',
    ].map((title) => warningSeverity({ title, text: '' }));
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    expect(new Set(ranks).size).toBe(ranks.length);
  });
});

describe('hazard now', () => {
  it('is "not rated" without a rating and shows the band with one', () => {
    expect(hazardNow(null)).toEqual({ rated: false, tone: 'unknown', text: 'Hazard not rated' });
    expect(hazardNow(7)).toEqual({ rated: true, tone: 'danger', text: 'Hazard 7/10 (Highly hazardous)' });
    expect(hazardNow(3)).toEqual({ rated: true, tone: 'ok', text: 'Hazard 3/10' });
    expect(hazardNow(5).tone).toBe('caution');
  });
});

function weatherAnswer(overrides: Partial<WeatherResponse> = {}): WeatherResponse {
  return {
    timezone: SYDNEY,
    forecast: [],
    temperature: [],
    swell: [],
    windSpeed: [],
    windDirection: [],
    tides: [],
    tide_station: null,
    uv: [],
    radar: null,
    current: {
      weather: {
        forecast_icon_code: 1,
        air_temp: 24,
        precis: 'Sunny',
        wind_dir: 'NE',
        wind_spd_kmh: 18.456,
        water_temperatures: 21,
        swell: 1.2,
      },
      currentTide: { state: 'rising', height: 0.7 },
      currentUV: { index: 8.2, status: 'Very High' },
    },
    todays_marine_warnings: [warning('Strong Wind Warning')],
    sources: {
      forecast: source('Open-Meteo forecast', '2026-11-21T22:48:00Z'),
      marine: source('Open-Meteo marine', '2026-11-21T21:00:00Z', true),
      tides: source('neaps tide predictions', '2026-11-21T22:57:00Z'),
      radar: null,
      warnings: source('Bureau of Meteorology'),
    },
    ...overrides,
  };
}

describe('conditions now', () => {
  it('gives each figure its source and age; the tide is predicted, not aged', () => {
    const items = conditionsNow(weatherAnswer(), 'loaded', at('10:00'));
    expect(items.map((i) => [i.key, i.value, i.detail, i.stale])).toEqual([
      ['weather', '24°C Sunny', `Open-Meteo forecast · ${formatDataAge(12 * 60, at('10:00'))}`, false],
      ['wind', 'NE 18.46 km/h', `Open-Meteo forecast · ${formatDataAge(12 * 60, at('10:00'))}`, false],
      ['swell', '1.2 m', `Open-Meteo marine · ${formatDataAge(2 * 3600, at('10:00'))}`, true],
      ['water', '21°C', `Open-Meteo marine · ${formatDataAge(2 * 3600, at('10:00'))}`, true],
      ['uv', '8.2 Very High', `Open-Meteo forecast · ${formatDataAge(12 * 60, at('10:00'))}`, false],
      ['tide', 'Rising, 0.7 m', 'Predicted (neaps tide predictions)', false],
    ]);
  });

  it('says why a figure is missing: loading, offline or not available', () => {
    expect(conditionsNow(null, 'loading', at('10:00')).map((i) => i.detail)).toEqual(
      Array(6).fill('Loading…'),
    );
    expect(conditionsNow(null, 'offline', at('10:00'))[0]!.detail).toBe('Not available offline');
    const noMarine = weatherAnswer({ sources: { ...weatherAnswer().sources, marine: null } });
    expect(conditionsNow(noMarine, 'loaded', at('10:00'))[2]).toMatchObject({
      value: null,
      detail: 'Not available right now',
    });
  });
});

describe('right now and the compact status', () => {
  it('summarises the panel: warnings loading while the weather loads', () => {
    const loading = summariseRightNow({
      beach: beach(),
      weather: null,
      weatherState: 'loading',
      now: at('10:00'),
    });
    expect(loading.warnings.loading).toBe(true);
    const failed = summariseRightNow({
      beach: beach(),
      weather: null,
      weatherState: 'unavailable',
      now: at('10:00'),
    });
    expect(failed.warnings).toMatchObject({ loading: false, state: 'unavailable' });
    const loaded = summariseRightNow({
      beach: beach({ hazard: 6, is_patrolled_today: patrolled() }),
      weather: weatherAnswer(),
      weatherState: 'loaded',
      now: at('10:00'),
    });
    expect(loaded.patrol.text).toBe('On duty until 5:00 pm');
    expect(loaded.warnings).toMatchObject({ count: 1, loading: false });
    expect(loaded.warnings.mostSevere?.title).toBe('Strong Wind Warning');
    expect(loaded.hazard.text).toBe('Hazard 6/10 (Moderately hazardous)');
  });

  it('is one line of patrol, warnings (only when asked) and hazard', () => {
    const row = compactBeachStatus({
      beach: beach({ hazard: 8, is_patrolled_today: patrolled() }),
      now: at('10:00'),
    });
    expect(row).toEqual({
      patrol: { text: 'On duty until 5:00 pm', tone: 'ok' },
      warnings: null,
      hazard: { text: 'Hazard 8/10', tone: 'danger' },
    });
    const unknown = compactBeachStatus({ beach: beach(), now: at('10:00'), warnings: null });
    expect(unknown.patrol).toEqual({ text: 'Patrol times not known', tone: 'unknown' });
    expect(unknown.warnings).toEqual({ text: 'Warnings not available', tone: 'unknown' });
    expect(unknown.hazard).toEqual({ text: 'Hazard not rated', tone: 'unknown' });
    const some = compactBeachStatus({
      beach: beach(),
      now: at('10:00'),
      warnings: { warnings: [warning('Gale Warning')], source: source('Bureau of Meteorology') },
    });
    expect(some.warnings).toEqual({ text: '1 warning', tone: 'danger' });
    const demo = compactBeachStatus({
      beach: beach({ is_patrolled_today: patrolled('09:00', '17:00', true) }),
      now: at('10:00'),
    });
    expect(demo.patrol).toEqual({ text: 'Demo patrol times (not real)', tone: 'demo' });
  });

  it("reads a list row's warnings summary as the beach page's warnings read", () => {
    const line = (warnings: Parameters<typeof compactBeachStatus>[0]['warnings']) =>
      compactBeachStatus({ beach: beach(), now: at('10:00'), warnings }).warnings;
    expect(line({ count: 2, most_severe_title: 'Gale Warning' })).toEqual({
      text: '2 warnings',
      tone: 'danger',
    });
    expect(line({ count: 0, most_severe_title: null })).toEqual({ text: 'No warnings', tone: 'ok' });
    expect(line(null)).toEqual({ text: 'Warnings not available', tone: 'unknown' });
    expect(line(undefined)).toBeNull();
    expect(
      line({
        warnings: [warning('Strong Wind Warning'), warning('Gale Warning')],
        source: source('Bureau of Meteorology'),
      }),
    ).toEqual(line({ count: 2, most_severe_title: 'Gale Warning' }));
    expect(mostSevereWarning([warning('Strong Wind Warning'), warning('Gale Warning')])?.title).toBe(
      'Gale Warning',
    );
  });
});
