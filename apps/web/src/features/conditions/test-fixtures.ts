import type { DataSource, WeatherResponse } from '@safeshore/domain';

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
