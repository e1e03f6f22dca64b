import {
  compass16,
  degreesAround,
  RADAR_DEFAULT_SIZE_KM,
  round2,
  specWeatherFromWmo,
  UV_PROTECTION_THRESHOLD,
  uvStatus,
  type CurrentObservations,
  type CurrentWeather,
  type DataSource,
  type ForecastDay,
  type MarineWarning,
  type RadarData,
  type TidePoint,
  type WeatherResponse,
} from '@safeshore/domain';
import type { WarningRecord } from '../../providers/bom-warnings.ts';
import type { Cached } from '../../providers/cache.ts';
import type { ForecastData } from '../../providers/open-meteo-forecast.ts';
import { hourIndex, valueAt } from '../../providers/open-meteo.ts';
import type { MarineData } from '../../providers/open-meteo-marine.ts';
import { RAINVIEWER_MAX_ZOOM, radarTileTemplate, type RadarFrames } from '../../providers/rainviewer.ts';
import type { TidePrediction } from '../../providers/tides.ts';
import type { LatLng, SourceInfo } from '../../providers/types.ts';
import { addDays, clockTime, wallClock, wallDate } from './wall-clock.ts';

/**
 * Provider data -> the contract's groups (WeatherResponseSchema). Pure: every function takes the
 * cached data, the beach's time zone and "now", so tests can pin them.
 */

/** The days and hours a response covers: the beach's today and the 6 days after it. */
export interface Window {
  timeZone: string;
  now: number;
  /** Local dates, today first. */
  dates: string[];
  /** Instants of local midnight today and after the last date. */
  from: number;
  to: number;
}

export const FORECAST_DAY_COUNT = 7;
/** Radar sizes (km across) offered; spec section 9's default is RADAR_DEFAULT_SIZE_KM. */
export const RADAR_SIZES_KM = [64, 128, 256, 512] as const;
/** A tide turning point is "now" within this many minutes of it. */
const TIDE_TURN_MINUTES = 30;

export function sourceOf(
  info: SourceInfo,
  cached: Pick<Cached<unknown>, 'fetchedAt' | 'ageSeconds' | 'stale'>,
): DataSource {
  return {
    name: info.name,
    attribution: info.attribution,
    url: info.url,
    fetched_at: new Date(cached.fetchedAt).toISOString(),
    age_seconds: cached.ageSeconds,
    stale: cached.stale,
  };
}

/** Indexes of the hourly rows inside the window. */
function rowsIn(times: Float64Array, window: Window): number[] {
  const rows: number[] = [];
  for (let i = 0; i < times.length; i += 1) {
    const t = times[i]!;
    if (t >= window.from && t < window.to) rows.push(i);
  }
  return rows;
}

export function presentForecast(data: ForecastData, window: Window) {
  const { times, values } = data;
  const rows = rowsIn(times, window);
  const local = (i: number) => wallClock(times[i]!, window.timeZone);
  const temperature: WeatherResponse['temperature'] = [];
  const windSpeed: WeatherResponse['windSpeed'] = [];
  const windDirection: WeatherResponse['windDirection'] = [];
  const byDate = new Map<string, number[]>();
  for (const i of rows) {
    const at = local(i);
    const airTemp = valueAt(values.temperature_2m, i);
    const speed = valueAt(values.wind_speed_10m, i);
    const direction = valueAt(values.wind_direction_10m, i);
    if (airTemp !== null) temperature.push({ date_time_local: at, air_temp: round2(airTemp) });
    if (speed !== null) windSpeed.push({ date_time_local: at, wind_speed: round2(speed) });
    if (direction !== null) windDirection.push({ date_time_local: at, wind_direction: round2(direction) });
    const date = at.slice(0, 10);
    const hours = byDate.get(date);
    if (hours) hours.push(i);
    else byDate.set(date, [i]);
  }

  const forecast: ForecastDay[] = [];
  const uv: WeatherResponse['uv'] = [];
  for (const date of window.dates) {
    const hours = byDate.get(date);
    if (!hours || hours.length === 0) continue;
    const temps = numbers(hours.map((i) => valueAt(values.temperature_2m, i)));
    // The day's weather is its most severe hour, as Open-Meteo's own daily weather_code is.
    const codes = numbers(hours.map((i) => valueAt(values.weather_code, i)));
    const weather = codes.length > 0 ? specWeatherFromWmo(Math.max(...codes), true) : null;
    forecast.push({
      date,
      precis: weather?.precis ?? null,
      forecast_icon_code: weather?.code ?? null,
      air_temperature_minimum: temps.length > 0 ? round2(Math.min(...temps)) : null,
      air_temperature_maximum: temps.length > 0 ? round2(Math.max(...temps)) : null,
    });
    const uvHours = hours
      .map((i) => ({ time: times[i]!, index: valueAt(values.uv_index, i) }))
      .filter((h): h is { time: number; index: number } => h.index !== null);
    if (uvHours.length > 0) {
      const peak = Math.max(...uvHours.map((h) => h.index));
      const status = uvStatus(peak);
      const protect = uvHours.filter((h) => h.index >= UV_PROTECTION_THRESHOLD);
      uv.push({
        date,
        index: round2(peak),
        status,
        description:
          protect.length > 0
            ? `Sun protection recommended from ${clockTime(protect[0]!.time, window.timeZone)} to ${clockTime(
                protect.at(-1)!.time,
                window.timeZone,
              )}, UV Index predicted to reach ${Math.round(peak)} [${status}]`
            : `No sun protection needed, UV Index predicted to reach ${Math.round(peak)} [${status}]`,
      });
    }
  }
  return { forecast, temperature, windSpeed, windDirection, uv };
}

export function presentSwell(data: MarineData, window: Window): WeatherResponse['swell'] {
  const swell: WeatherResponse['swell'] = [];
  for (const i of rowsIn(data.times, window)) {
    const height = valueAt(data.values.swell_wave_height, i);
    if (height === null) continue;
    const period = valueAt(data.values.swell_wave_period, i);
    const direction = valueAt(data.values.swell_wave_direction, i);
    swell.push({
      date_time_local: wallClock(data.times[i]!, window.timeZone),
      height: round2(height),
      period: period === null ? null : round2(period),
      direction: direction === null ? null : round2(direction),
    });
  }
  return swell;
}

/** The beach's "weather" now: the forecast hour that contains now, plus the sea from the marine model. */
export function presentCurrentWeather(
  forecast: ForecastData | null,
  marine: MarineData | null,
  now: number,
): CurrentWeather | null {
  const f = forecast ? hourIndex(forecast.times, now) : -1;
  const m = marine ? hourIndex(marine.times, now) : -1;
  const at = <V extends string>(
    data: { values: Record<V, Float32Array> } | null,
    variable: V,
    row: number,
  ) => (data && row >= 0 ? valueAt(data.values[variable], row) : null);
  const isDay = at(forecast, 'is_day', f);
  const weather = specWeatherFromWmo(at(forecast, 'weather_code', f), isDay !== 0);
  const airTemp = at(forecast, 'temperature_2m', f);
  const windDirection = at(forecast, 'wind_direction_10m', f);
  const windSpeed = at(forecast, 'wind_speed_10m', f);
  const sea = at(marine, 'sea_surface_temperature', m);
  const swell = at(marine, 'swell_wave_height', m);
  const current: CurrentWeather = {
    forecast_icon_code: weather?.code ?? null,
    air_temp: airTemp === null ? null : round2(airTemp),
    precis: weather?.precis ?? null,
    wind_dir: windDirection === null ? null : compass16(windDirection),
    wind_spd_kmh: windSpeed === null ? null : round2(windSpeed),
    water_temperatures: sea === null ? null : round2(sea),
    swell: swell === null ? null : round2(swell),
  };
  return Object.values(current).every((value) => value === null) ? null : current;
}

export function presentCurrentUv(
  forecast: ForecastData | null,
  now: number,
): WeatherResponse['current']['currentUV'] {
  if (!forecast) return null;
  const index = valueAt(forecast.values.uv_index, hourIndex(forecast.times, now));
  return index === null ? null : { index: round2(index), status: uvStatus(index) };
}

/** Place pages' current observations, from whatever forecast is cached for the point. */
export function presentObservations(
  forecast: Cached<ForecastData>,
  now: number,
  source: SourceInfo,
): CurrentObservations | null {
  const row = hourIndex(forecast.value.times, now);
  if (row < 0) return null;
  const airTemp = valueAt(forecast.value.values.temperature_2m, row);
  const direction = valueAt(forecast.value.values.wind_direction_10m, row);
  const speed = valueAt(forecast.value.values.wind_speed_10m, row);
  if (airTemp === null && direction === null && speed === null) return null;
  return {
    air_temp: airTemp === null ? null : round2(airTemp),
    wind_dir: direction === null ? null : compass16(direction),
    wind_spd_kmh: speed === null ? null : round2(speed),
    observed_at: new Date(forecast.value.times[row]!).toISOString(),
    source: source.name,
  };
}

/** Curve samples and turning points in time order; heights in metres above LAT. */
export function presentTides(prediction: TidePrediction, timeZone: string): TidePoint[] {
  const points = [
    ...prediction.curve.map((p) => ({ time: p.time, height: p.level, type: null })),
    ...prediction.extremes.map((e) => ({ time: e.time, height: e.level, type: e.type })),
  ].sort((a, b) => a.time - b.time);
  return points.map((p) => ({
    date_time_local: wallClock(p.time, timeZone),
    height: round2(p.height),
    type: p.type,
  }));
}

/**
 * The tide now: at a turning point within TIDE_TURN_MINUTES of it, otherwise rising towards the
 * next high or falling towards the next low.
 */
export function presentCurrentTide(
  prediction: TidePrediction,
  levelNow: number | null,
  now: number,
): WeatherResponse['current']['currentTide'] {
  if (levelNow === null) return null;
  const turn = prediction.extremes.find((e) => Math.abs(e.time - now) <= TIDE_TURN_MINUTES * 60_000);
  if (turn) return { state: turn.type, height: round2(levelNow) };
  const next = prediction.extremes.find((e) => e.time > now);
  if (!next) return null;
  return { state: next.type === 'high' ? 'rising' : 'falling', height: round2(levelNow) };
}

export function presentRadar(frames: RadarFrames, point: LatLng): RadarData {
  const images = frames.frames.map((frame) => ({
    url: radarTileTemplate(frames.host, frame),
    timestamp: frame.time,
  }));
  return {
    radar: { name: 'RainViewer', size: RADAR_DEFAULT_SIZE_KM },
    sizes: RADAR_SIZES_KM.map((size) => {
      const { dLat, dLng } = degreesAround(point, (size * 1000) / 2);
      const fix = (value: number) => Math.round(value * 1e5) / 1e5;
      return {
        size,
        bounds: [
          [fix(point.latitude - dLat), fix(point.longitude - dLng)],
          [fix(point.latitude + dLat), fix(point.longitude + dLng)],
        ],
        images,
      };
    }),
    max_zoom: RAINVIEWER_MAX_ZOOM,
  };
}

export function presentWarning(warning: WarningRecord): MarineWarning {
  return {
    text: warning.text,
    issued_at: warning.issuedAt,
    link: warning.link,
    title: warning.title,
    expires_at: warning.expiresAt,
  };
}

/** Today and the following days at the beach. */
export function windowAt(now: number, timeZone: string, startOfDay: (date: string) => number): Window {
  const today = wallDate(now, timeZone);
  const dates = Array.from({ length: FORECAST_DAY_COUNT }, (_, day) => addDays(today, day));
  return {
    timeZone,
    now,
    dates,
    from: startOfDay(today),
    to: startOfDay(addDays(today, FORECAST_DAY_COUNT)),
  };
}

function numbers(values: Array<number | null>): number[] {
  return values.filter((value): value is number => value !== null);
}
