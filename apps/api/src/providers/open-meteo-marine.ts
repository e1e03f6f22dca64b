import { ProviderCache } from './cache.ts';
import { gridCell } from './grid.ts';
import { fetchJson } from './http.ts';
import { parseHourly, type HourlyData } from './open-meteo.ts';
import { FORECAST_DAYS, PAST_DAYS } from './open-meteo-forecast.ts';
import type { CacheSettings, LatLng, PointProvider, SourceInfo, UpstreamRuntime } from './types.ts';

/**
 * Swell (height, period, direction) and sea-surface temperature from the Open-Meteo marine API
 * (https://open-meteo.com/en/docs/marine-weather-api). Data CC BY 4.0, attribution required.
 * Points on land have no marine values; beaches lie on the shore, within the wave models' reach.
 */
export const MARINE_VARIABLES = [
  'swell_wave_height',
  'swell_wave_period',
  'swell_wave_direction',
  'sea_surface_temperature',
] as const;
export type MarineVariable = (typeof MARINE_VARIABLES)[number];
export type MarineData = HourlyData<MarineVariable>;
export type MarineProvider = PointProvider<MarineData>;

export const OPEN_METEO_MARINE_SOURCE: SourceInfo = {
  name: 'Open-Meteo marine',
  attribution: 'Marine data by Open-Meteo.com (CC BY 4.0)',
  url: 'https://open-meteo.com/en/docs/marine-weather-api',
};

export function openMeteoMarineUrl(baseUrl: string, point: LatLng): string {
  const url = new URL(baseUrl);
  url.searchParams.set('latitude', point.latitude.toFixed(4));
  url.searchParams.set('longitude', point.longitude.toFixed(4));
  url.searchParams.set('hourly', MARINE_VARIABLES.join(','));
  url.searchParams.set('timeformat', 'unixtime');
  url.searchParams.set('timezone', 'GMT');
  url.searchParams.set('past_days', String(PAST_DAYS));
  url.searchParams.set('forecast_days', String(FORECAST_DAYS));
  return url.toString();
}

export function createOpenMeteoMarineProvider(options: {
  baseUrl: string;
  runtime: UpstreamRuntime;
  cellDegrees: number;
  cache: CacheSettings;
  now?: () => number;
  onFailure?: (key: string, error: unknown) => void;
}): MarineProvider {
  const cache = new ProviderCache<MarineData>({
    ...options.cache,
    now: options.now,
    onFailure: options.onFailure,
  });
  const headers = { 'user-agent': options.runtime.userAgent };
  return {
    source: OPEN_METEO_MARINE_SOURCE,
    cellDegrees: options.cellDegrees,
    cache,
    get: (point) =>
      cache.get(gridCell(point.latitude, point.longitude, options.cellDegrees).key, async () =>
        parseHourly(
          await fetchJson(openMeteoMarineUrl(options.baseUrl, point), {
            timeoutMs: options.runtime.timeoutMs,
            headers,
          }),
          MARINE_VARIABLES,
        ),
      ),
    peek: (point) => cache.peek(gridCell(point.latitude, point.longitude, options.cellDegrees).key),
  };
}
