import {
  addDays,
  ripDayPeak,
  ripLevel,
  type DataSource,
  type RipOutlook,
  type WeatherResponse,
} from '@safeshore/domain';

const MINUTE = 60_000;

/** A source fetched `minutesAgo` minutes before now. */
export function source(name: string, minutesAgo: number, overrides: Partial<DataSource> = {}): DataSource {
  return {
    name,
    attribution: `${name} attribution`,
    url: 'https://example.org/source',
    fetched_at: new Date(Date.now() - minutesAgo * MINUTE - 5_000).toISOString(),
    age_seconds: minutesAgo * 60,
    stale: false,
    ...overrides,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** "2024-01-10THH:00" for hour h counted from midnight of 10 January 2024 (a past date: charts start at their first point). */
export function hourLocal(h: number, minutes = 0): string {
  const day = 10 + Math.floor(h / 24);
  return `2024-01-${pad(day)}T${pad(h % 24)}:${pad(minutes)}`;
}

const HOURS = Array.from({ length: 48 }, (_, h) => h);

/**
 * Wind directions over the first 25 hours: arrows at hour 0 (180°), hour 3 (196°, 16° on) and hour 5
 * (212°, 16° on); the others change by 15° or less from the last arrow.
 */
export const WIND_DIRECTIONS = [180, 190, 195, 196, 200, 212, ...Array(42).fill(212)] as number[];

export function weatherFixture(overrides: Partial<WeatherResponse> = {}): WeatherResponse {
  return {
    timezone: 'Australia/Sydney',
    forecast: [
      {
        date: '2024-01-10',
        precis: 'Sunny.',
        forecast_icon_code: 1,
        air_temperature_minimum: 18.456,
        air_temperature_maximum: 27,
      },
      {
        date: '2024-01-11',
        precis: 'Partly cloudy.',
        forecast_icon_code: 5,
        air_temperature_minimum: 19,
        air_temperature_maximum: 25,
      },
      {
        date: '2024-01-12',
        precis: 'Rain.',
        forecast_icon_code: 12,
        air_temperature_minimum: null,
        air_temperature_maximum: 22,
      },
    ],
    temperature: HOURS.map((h) => ({ date_time_local: hourLocal(h), air_temp: 20 + (h % 24) / 4 })),
    swell: HOURS.map((h) => ({
      date_time_local: hourLocal(h),
      height: 1.2 + h / 100,
      period: 9.25,
      direction: 150,
    })),
    windSpeed: HOURS.map((h) => ({ date_time_local: hourLocal(h), wind_speed: 10 + h })),
    windDirection: HOURS.map((h) => ({ date_time_local: hourLocal(h), wind_direction: WIND_DIRECTIONS[h]! })),
    tides: [
      ...HOURS.map((h) => ({ date_time_local: hourLocal(h), height: 1, type: null })),
      { date_time_local: hourLocal(3, 12), height: 0.3, type: 'low' as const },
      { date_time_local: hourLocal(9, 25), height: 1.62, type: 'high' as const },
      { date_time_local: hourLocal(15, 40), height: 0.41, type: 'low' as const },
      { date_time_local: hourLocal(21, 50), height: 1.5, type: 'high' as const },
      { date_time_local: hourLocal(28, 0), height: 0.35, type: 'low' as const },
    ],
    tide_station: { name: 'Sydney (Fort Denison)', distance_m: 7400, datum: 'LAT' },
    uv: [
      { date: '2024-01-10', index: 2, status: 'Low', description: 'No protection needed.' },
      { date: '2024-01-11', index: 7.356, status: 'High', description: 'Protection required.' },
      { date: '2024-01-12', index: 13, status: 'Extreme', description: 'Avoid being outside.' },
    ],
    radar: {
      radar: { name: 'RainViewer composite', size: 128 },
      max_zoom: 7,
      sizes: [
        {
          size: 64,
          bounds: [
            [-34.2, 150.9],
            [-33.6, 151.6],
          ],
          images: frames(64, 3),
        },
        {
          size: 128,
          bounds: [
            [-34.5, 150.5],
            [-33.3, 152],
          ],
          images: frames(128, 4),
        },
        {
          size: 256,
          bounds: [
            [-35, 150],
            [-32.7, 152.5],
          ],
          images: frames(256, 2),
        },
      ],
    },
    current: {
      weather: {
        forecast_icon_code: 1,
        air_temp: 24.456,
        precis: 'Sunny',
        wind_dir: 'SSW',
        wind_spd_kmh: 18.123,
        water_temperatures: 21.5,
        swell: 1.25,
      },
      currentTide: { state: 'rising', height: 1.1 },
      currentUV: { index: 7, status: 'High' },
    },
    todays_marine_warnings: [
      {
        title: 'Sydney Coast',
        text: 'Gale warning for the Sydney coast.',
        issued_at: new Date(Date.now() - 2 * 60 * MINUTE).toISOString(),
        expires_at: null,
        link: 'https://www.bom.gov.au/marine/warning',
      },
    ],
    sources: {
      forecast: source('Open-Meteo forecast', 12),
      marine: source('Open-Meteo marine', 190, { stale: true }),
      tides: source('neaps tide predictions', 0),
      radar: source('RainViewer', 4),
      warnings: source('Bureau of Meteorology', 30),
    },
    ...overrides,
  };
}

function frames(size: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    url: `https://tiles.example.org/${size}/${i}/256/{z}/{x}/{y}/2/1_1.png`,
    timestamp: 1_704_844_800 + i * 600,
  }));
}

/** Midnight of Sunday 22 November 2026 in Sydney (AEDT, +11), where the rip outlook fixtures start. */
const RIP_FIRST_HOUR = Date.parse('2026-11-21T13:00:00Z');
const HOUR = 3_600_000;

/**
 * A rip outlook as GET /api/v5/beach/{id}/rip-outlook answers (issue 29) for Bondi, from 72 hourly
 * likelihoods from Sydney's midnight on 22 November 2026; the days' peaks by the API's own rule.
 * Default: 10 % all day but 62 % (high) at 3 pm today, 30 % (moderate) at 6 am tomorrow.
 */
export function ripOutlookFixture(
  likelihood: (hour: number) => number | null = (k) => (k === 15 ? 62 : k === 30 ? 30 : 10),
  overrides: Partial<RipOutlook> = {},
): RipOutlook {
  const timezone = 'Australia/Sydney';
  const hours = Array.from({ length: 72 }, (_, k) => {
    const value = likelihood(k);
    return {
      time: new Date(RIP_FIRST_HOUR + k * HOUR).toISOString(),
      likelihood: value,
      level: value === null ? null : ripLevel(value),
      wave_height_m: 1.6,
      wave_direction_deg: 112,
      water_level_m: -0.3,
    };
  });
  const series = hours.map((h) => ({ time: Date.parse(h.time), likelihood: h.likelihood ?? Number.NaN }));
  const days = [0, 1, 2].map((d) => {
    const date = addDays('2026-11-22', d);
    const peak = ripDayPeak(series, timezone, date);
    return {
      date,
      peak_time: peak ? new Date(peak.time).toISOString() : null,
      peak_likelihood: peak?.likelihood ?? null,
      level: peak?.level ?? null,
      part: peak?.part ?? null,
      wave_height_m: peak ? 1.6 : null,
      wave_angle_deg: peak ? 2 : null,
      // 3:10 pm today.
      low_tide_time: peak && d === 0 ? '2026-11-22T04:10:00.000Z' : null,
    };
  });
  return {
    beach_id: 1,
    available: true,
    reason: null,
    model: {
      name: 'NOAA rip current model (Dusek & Seim 2013)',
      coefficients: 'noaa',
      region: null,
      fitted_at: null,
      fitted_observations: null,
    },
    shore_normal: { degrees: 110, source: 'osm-coastline', confidence: 'high', note: null },
    // 9:00 am, an hour before the tests' now.
    computed_at: '2026-11-21T22:00:00.000Z',
    age_seconds: 0,
    stale: false,
    timezone,
    hours,
    days,
    standing: {
      observations: 0,
      checked: false,
      skill: null,
      text: 'Not yet checked against observations at this beach.',
    },
    sources: [
      {
        name: 'Open-Meteo marine',
        attribution: 'Wave forecast by Open-Meteo.com (CC BY 4.0), fetched 2026-11-21T21:40:00.000Z',
        url: 'https://open-meteo.com/en/docs/marine-weather-api',
      },
      {
        name: 'SafeShore tide predictions',
        attribution:
          'Water level from our tide predictions (neaps) at Sydney (Fort Denison) (60370), relative to mean sea level',
        url: null,
      },
      {
        name: 'OpenStreetMap coastline',
        attribution: 'Shore direction derived from the coastline © OpenStreetMap contributors (ODbL)',
        url: 'https://www.openstreetmap.org/copyright',
      },
      {
        name: 'NOAA rip current model',
        attribution:
          'Dusek & Seim (2013), A probabilistic rip current forecast model, Journal of Coastal Research 29:909–925; US National Weather Service',
        url: 'https://doi.org/10.2112/JCOASTRES-D-12-00118.1',
      },
    ],
    ...overrides,
  };
}

/** A beach without a rip outlook, as the API says so. */
export function noRipOutlookFixture(
  reason = 'No rip outlook for this beach: the direction it faces is not known.',
): RipOutlook {
  return ripOutlookFixture(() => null, {
    available: false,
    reason,
    shore_normal: null,
    computed_at: null,
    age_seconds: null,
    hours: [],
    days: [],
  });
}
