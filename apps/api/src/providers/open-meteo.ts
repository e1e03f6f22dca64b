import { ProviderCache } from './cache.ts';
import { gridCell } from './grid.ts';
import { fetchJson, UpstreamError } from './http.ts';
import type { CacheSettings, LatLng, PointProvider, SourceInfo, UpstreamRuntime } from './types.ts';

/**
 * Reading Open-Meteo's JSON (forecast and marine APIs share it): `hourly.time` as unix seconds
 * (we ask for `timeformat=unixtime` and `timezone=GMT`, so one cached answer serves beaches in any
 * time zone) and one array per variable, `null` where the model has no value.
 * https://open-meteo.com/en/docs, https://open-meteo.com/en/docs/marine-weather-api
 */

export interface HourlyData<V extends string> {
  /** The grid point the model answered for. */
  latitude: number;
  longitude: number;
  /** Start of each hour, ms since the epoch, ascending. */
  times: Float64Array;
  /** One column per variable, NaN where missing. Float32 keeps a cached cell to a few KB. */
  values: Record<V, Float32Array>;
}

/**
 * Validates and packs an Open-Meteo answer. A body without hourly times, or without any of the
 * variables, is malformed; a variable that is missing or short (partial data) becomes NaN.
 */
export function parseHourly<V extends string>(body: unknown, variables: readonly V[]): HourlyData<V> {
  if (!isRecord(body)) throw new UpstreamError('malformed', 'Open-Meteo answer is not an object');
  const hourly = body.hourly;
  if (!isRecord(hourly) || !Array.isArray(hourly.time) || hourly.time.length === 0) {
    throw new UpstreamError('malformed', 'Open-Meteo answer has no hourly times');
  }
  const count = hourly.time.length;
  const times = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const seconds = hourly.time[i];
    if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
      throw new UpstreamError('malformed', 'Open-Meteo hourly time is not unix seconds');
    }
    times[i] = seconds * 1000;
    if (i > 0 && times[i]! <= times[i - 1]!)
      throw new UpstreamError('malformed', 'Open-Meteo times out of order');
  }
  let present = 0;
  const values = {} as Record<V, Float32Array>;
  for (const variable of variables) {
    const column = new Float32Array(count).fill(Number.NaN);
    const raw = hourly[variable];
    if (Array.isArray(raw)) {
      present += 1;
      for (let i = 0; i < Math.min(count, raw.length); i += 1) {
        const value = raw[i];
        if (typeof value === 'number' && Number.isFinite(value)) column[i] = value;
      }
    }
    values[variable] = column;
  }
  if (present === 0)
    throw new UpstreamError('malformed', 'Open-Meteo answer has none of the variables asked for');
  return {
    latitude: typeof body.latitude === 'number' ? body.latitude : Number.NaN,
    longitude: typeof body.longitude === 'number' ? body.longitude : Number.NaN,
    times,
    values,
  };
}

/** Index of the hour that contains `instant` (the last hour starting at or before it), or -1. */
export function hourIndex(times: Float64Array, instant: number): number {
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0 || instant < times[0]! || instant >= times[hi]! + 3_600_000) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (times[mid]! <= instant) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The value, or null where the model had none. */
export function valueAt(column: Float32Array, index: number): number | null {
  if (index < 0 || index >= column.length) return null;
  const value = column[index]!;
  return Number.isNaN(value) ? null : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Yesterday (so the first local day of any Australian zone is complete) plus 7 days. */
export const PAST_DAYS = 1;
export const FORECAST_DAYS = 7;

/** An Open-Meteo hourly request for a point: the variables, in unix time, GMT. */
export function openMeteoUrl(
  baseUrl: string,
  point: LatLng,
  variables: readonly string[],
  extraParams: Record<string, string> = {},
): string {
  const url = new URL(baseUrl);
  url.searchParams.set('latitude', point.latitude.toFixed(4));
  url.searchParams.set('longitude', point.longitude.toFixed(4));
  url.searchParams.set('hourly', variables.join(','));
  for (const [name, value] of Object.entries(extraParams)) url.searchParams.set(name, value);
  url.searchParams.set('timeformat', 'unixtime');
  url.searchParams.set('timezone', 'GMT');
  url.searchParams.set('past_days', String(PAST_DAYS));
  url.searchParams.set('forecast_days', String(FORECAST_DAYS));
  return url.toString();
}

export interface OpenMeteoProviderOptions {
  baseUrl: string;
  runtime: UpstreamRuntime;
  cellDegrees: number;
  cache: CacheSettings;
  now?: () => number;
  onFailure?: (key: string, error: unknown) => void;
}

/**
 * One Open-Meteo API (forecast or marine) behind the point-provider interface: cached per grid
 * cell. The first beach to ask fills the cell with the data at its own coordinates; its
 * neighbours in the cell are within the model's grid spacing of it.
 */
export function createOpenMeteoProvider<V extends string>(
  options: OpenMeteoProviderOptions,
  api: { source: SourceInfo; variables: readonly V[]; extraParams?: Record<string, string> },
): PointProvider<HourlyData<V>> {
  const cache = new ProviderCache<HourlyData<V>>({
    ...options.cache,
    now: options.now,
    onFailure: options.onFailure,
  });
  const headers = { 'user-agent': options.runtime.userAgent };
  const cellKey = (point: LatLng) => gridCell(point.latitude, point.longitude, options.cellDegrees).key;
  return {
    source: api.source,
    cellDegrees: options.cellDegrees,
    cache,
    get: (point) =>
      cache.get(cellKey(point), async () =>
        parseHourly(
          await fetchJson(openMeteoUrl(options.baseUrl, point, api.variables, api.extraParams), {
            timeoutMs: options.runtime.timeoutMs,
            headers,
          }),
          api.variables,
        ),
      ),
    peek: (point) => cache.peek(cellKey(point)),
  };
}
