import type { RateLimiter } from './cache.ts';
import { fetchJson, UpstreamError } from './http.ts';
import { parseHourly, type HourlyData } from './open-meteo.ts';
import type { LatLng, SourceInfo, UpstreamRuntime } from './types.ts';

/**
 * Significant wave height and mean wave direction for many points at once, for the rip-current
 * outlook (modules/rip). Open-Meteo's marine API takes comma-separated latitude and longitude
 * lists and answers a JSON array, one object per point in the order asked
 * (https://open-meteo.com/en/docs/marine-weather-api). Open-Meteo counts each location of such a
 * request as one call when it asks for at most 10 variables over at most 7 days, which is why the
 * window is 3 past days (the 72-hour event flag) + 4 forecast days (the beach's today and the next
 * two days in any Australian zone) = 7 days, and why the shared limiter is charged per point.
 */
export const WAVE_VARIABLES = ['wave_height', 'wave_direction'] as const;
export type WaveVariable = (typeof WAVE_VARIABLES)[number];
export type WaveData = HourlyData<WaveVariable>;
export const WAVES_PAST_DAYS = 3;
export const WAVES_FORECAST_DAYS = 4;
/** Points per request: keeps the URL under ~4 KB (Open-Meteo accepts up to 1,000). */
export const WAVES_BATCH_SIZE = 150;

export const OPEN_METEO_WAVES_SOURCE: SourceInfo = {
  name: 'Open-Meteo marine',
  attribution: 'Marine data by Open-Meteo.com (CC BY 4.0)',
  url: 'https://open-meteo.com/en/docs/marine-weather-api',
};

export interface WavesClient {
  readonly source: SourceInfo;
  /**
   * One request for up to WAVES_BATCH_SIZE points: an answer per point, in order. Throws an
   * UpstreamError when the call fails or the rate limiter has no room for this many points.
   */
  fetchBatch(points: readonly LatLng[]): Promise<WaveData[]>;
}

export function openMeteoWavesUrl(baseUrl: string, points: readonly LatLng[]): string {
  const url = new URL(baseUrl);
  url.searchParams.set('latitude', points.map((p) => p.latitude.toFixed(4)).join(','));
  url.searchParams.set('longitude', points.map((p) => p.longitude.toFixed(4)).join(','));
  url.searchParams.set('hourly', WAVE_VARIABLES.join(','));
  url.searchParams.set('timeformat', 'unixtime');
  url.searchParams.set('timezone', 'GMT');
  url.searchParams.set('past_days', String(WAVES_PAST_DAYS));
  url.searchParams.set('forecast_days', String(WAVES_FORECAST_DAYS));
  return url.toString();
}

/** A one-point request is answered with an object, a several-point one with an array. */
export function parseWavesBatch(body: unknown, count: number): WaveData[] {
  const answers = Array.isArray(body) ? body : [body];
  if (answers.length !== count)
    throw new UpstreamError('malformed', `Open-Meteo answered ${answers.length} points for ${count}`);
  return answers.map((answer) => parseHourly(answer, WAVE_VARIABLES));
}

export function createOpenMeteoWavesClient(options: {
  baseUrl: string;
  runtime: UpstreamRuntime;
  limiter: RateLimiter;
}): WavesClient {
  const headers = { 'user-agent': options.runtime.userAgent };
  return {
    source: OPEN_METEO_WAVES_SOURCE,
    async fetchBatch(points) {
      if (points.length === 0) return [];
      if (points.length > WAVES_BATCH_SIZE)
        throw new RangeError(`at most ${WAVES_BATCH_SIZE} points per request`);
      if (!options.limiter.tryAcquire(points.length))
        throw new UpstreamError('status', 'Open-Meteo call budget used up');
      const body = await fetchJson(openMeteoWavesUrl(options.baseUrl, points), {
        timeoutMs: options.runtime.timeoutMs,
        headers,
      });
      return parseWavesBatch(body, points.length);
    },
  };
}
