import { ProviderCache } from './cache.ts';
import { gridCell } from './grid.ts';
import { fetchJson } from './http.ts';
import { parseHourly, type HourlyData } from './open-meteo.ts';
import type { CacheSettings, LatLng, PointProvider, SourceInfo, UpstreamRuntime } from './types.ts';

/**
 * Weather, air temperature, wind and UV from the Open-Meteo forecast API (hourly, best model for
 * the point; https://open-meteo.com/en/docs). Data CC BY 4.0, attribution required.
 */
export const FORECAST_VARIABLES = [
  'temperature_2m',
  'weather_code',
  'wind_speed_10m',
  'wind_direction_10m',
  'uv_index',
  'is_day',
] as const;
export type ForecastVariable = (typeof FORECAST_VARIABLES)[number];
export type ForecastData = HourlyData<ForecastVariable>;
export type ForecastProvider = PointProvider<ForecastData>;

export const OPEN_METEO_FORECAST_SOURCE: SourceInfo = {
  name: 'Open-Meteo forecast',
  attribution: 'Weather data by Open-Meteo.com (CC BY 4.0)',
  url: 'https://open-meteo.com/',
};

/** Yesterday (so the first local day of any Australian zone is complete) plus 7 days. */
export const PAST_DAYS = 1;
export const FORECAST_DAYS = 7;

export function openMeteoForecastUrl(baseUrl: string, point: LatLng): string {
  const url = new URL(baseUrl);
  url.searchParams.set('latitude', point.latitude.toFixed(4));
  url.searchParams.set('longitude', point.longitude.toFixed(4));
  url.searchParams.set('hourly', FORECAST_VARIABLES.join(','));
  url.searchParams.set('wind_speed_unit', 'kmh');
  url.searchParams.set('timeformat', 'unixtime');
  url.searchParams.set('timezone', 'GMT');
  url.searchParams.set('past_days', String(PAST_DAYS));
  url.searchParams.set('forecast_days', String(FORECAST_DAYS));
  return url.toString();
}

export function createOpenMeteoForecastProvider(options: {
  baseUrl: string;
  runtime: UpstreamRuntime;
  cellDegrees: number;
  cache: CacheSettings;
  now?: () => number;
  onFailure?: (key: string, error: unknown) => void;
}): ForecastProvider {
  const cache = new ProviderCache<ForecastData>({
    ...options.cache,
    now: options.now,
    onFailure: options.onFailure,
  });
  const headers = { 'user-agent': options.runtime.userAgent };
  return {
    source: OPEN_METEO_FORECAST_SOURCE,
    cellDegrees: options.cellDegrees,
    cache,
    // The first beach to ask fills the cell with the forecast at its own coordinates; its
    // neighbours in the cell are within the model's grid spacing of it.
    get: (point) =>
      cache.get(gridCell(point.latitude, point.longitude, options.cellDegrees).key, async () =>
        parseHourly(
          await fetchJson(openMeteoForecastUrl(options.baseUrl, point), {
            timeoutMs: options.runtime.timeoutMs,
            headers,
          }),
          FORECAST_VARIABLES,
        ),
      ),
    peek: (point) => cache.peek(gridCell(point.latitude, point.longitude, options.cellDegrees).key),
  };
}
