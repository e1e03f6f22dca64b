import { formatAgeSeconds } from './ages.ts';
import type { DataSource } from './weather.ts';
import { WEATHER_ICONS } from './weather.ts';

/**
 * How weather figures are shown (spec section 9): rounding and units, UV colours and bar, 16-point
 * compass, wind-arrow thinning, chart tick spacing, the tide arrow and the age of each figure's data.
 * Pure functions, shared by the web app and (offline) the app shell.
 */

/** Spec section 9: weather numbers are rounded to 2 decimals. */
export function round2(value: number): number {
  const rounded = Math.round((Math.abs(value) + Number.EPSILON) * 100) / 100;
  // Never show "-0".
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}

export type WeatherQuantity = 'temperature' | 'speed' | 'height';

/** Spec section 9: units °C, km/h, m. */
export const WEATHER_UNITS: Readonly<Record<WeatherQuantity, string>> = {
  temperature: '°C',
  speed: 'km/h',
  height: 'm',
};

/** "21.35°C", "18 km/h", "1.2 m"; null when the value is unknown (never shown as 0). */
export function formatWeatherValue(
  value: number | null | undefined,
  quantity: WeatherQuantity,
): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const number = String(round2(value));
  return quantity === 'temperature'
    ? `${number}${WEATHER_UNITS.temperature}`
    : `${number} ${WEATHER_UNITS[quantity]}`;
}

// ---------------------------------------------------------------------------------------------
// UV

export type UvColour = 'green' | 'yellow' | 'orange' | 'red' | 'violet';

/** Spec section 9: the UV bar is capped at 11 and labelled "n/11+". */
export const UV_BAR_MAX = 11;

/**
 * Spec section 9: 0-2 green, 3-5 yellow, 6-7 orange, 8-10 red, 11 or more violet. The UV index is a
 * whole-number scale (forecasts send fractions), so a value takes the band of its nearest whole
 * number: 10.6 is 11 (violet), as the status the provider gives for it ("Extreme").
 */
export function uvColour(index: number): UvColour {
  const whole = Math.round(index);
  if (whole < 3) return 'green';
  if (whole < 6) return 'yellow';
  if (whole < 8) return 'orange';
  if (whole < 11) return 'red';
  return 'violet';
}

/** Share of the UV bar to fill, 0-1 (capped at 11). */
export function uvBarFraction(index: number): number {
  if (!Number.isFinite(index)) return 0;
  return Math.min(Math.max(index, 0), UV_BAR_MAX) / UV_BAR_MAX;
}

/** "7.35/11+": the index (2 decimals) on the 11+ scale. */
export function uvBarLabel(index: number): string {
  return `${round2(index)}/${UV_BAR_MAX}+`;
}

// ---------------------------------------------------------------------------------------------
// Directions

export const COMPASS_POINTS_16 = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;
export type CompassPoint = (typeof COMPASS_POINTS_16)[number];

/** Degrees normalised to [0, 360). */
export function normaliseDegrees(degrees: number): number {
  const d = degrees % 360;
  return d < 0 ? d + 360 : d;
}

/** The nearest of the 16 compass points (each covers 22.5°, N from 348.75° to 11.25°). */
export function compass16(degrees: number): CompassPoint {
  return COMPASS_POINTS_16[Math.round(normaliseDegrees(degrees) / 22.5) % 16]!;
}

/** The bearing of a compass point ("SSW" is 202.5°), null for anything else. */
export function compassPointDegrees(point: string | null | undefined): number | null {
  const index = COMPASS_POINTS_16.indexOf((point ?? '').trim().toUpperCase() as CompassPoint);
  return index < 0 ? null : index * 22.5;
}

/** The smaller angle between two directions, 0-180 (350° and 10° are 20° apart). */
export function angularDifference(a: number, b: number): number {
  const d = Math.abs(normaliseDegrees(a) - normaliseDegrees(b));
  return d > 180 ? 360 - d : d;
}

/** Spec section 9: a wind arrow is drawn only where the direction changed by more than this. */
export const WIND_ARROW_MIN_CHANGE_DEGREES = 15;

/**
 * The points that get a direction arrow: the first, then each whose direction differs by more than
 * `minChange` degrees from the last arrow drawn (so a slow drift still gets a new arrow once it adds up).
 */
export function thinDirectionArrows<T>(
  points: readonly T[],
  directionOf: (point: T) => number,
  minChange: number = WIND_ARROW_MIN_CHANGE_DEGREES,
): T[] {
  const kept: T[] = [];
  let last: number | null = null;
  for (const point of points) {
    const direction = directionOf(point);
    if (!Number.isFinite(direction)) continue;
    if (last === null || angularDifference(direction, last) > minChange) {
      kept.push(point);
      last = direction;
    }
  }
  return kept;
}

/** Wind and swell directions say where they come from; the arrow points where they go. */
export function arrowDegreesFrom(fromDegrees: number): number {
  return normaliseDegrees(fromDegrees + 180);
}

// ---------------------------------------------------------------------------------------------
// Charts

export type WeatherChart = 'temperature' | 'swell' | 'wind' | 'tide';

/** Spec section 9: temperature ticks every 6 hours, the other charts every hour. */
export const CHART_TICK_HOURS: Readonly<Record<WeatherChart, number>> = {
  temperature: 6,
  swell: 1,
  wind: 1,
  tide: 1,
};

const HOUR_MS = 3_600_000;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/;

/**
 * A beach's wall-clock time ("YYYY-MM-DDTHH:mm") as a number on a chart axis: milliseconds as if the
 * wall clock were UTC, so hours and midnights line up without time-zone arithmetic. NaN if malformed.
 */
export function localTimeValue(local: string): number {
  const m = LOCAL_TIME.exec(local);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
}

/** The current wall-clock time at a place, on the same axis as localTimeValue. */
export function localNowValue(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return localTimeValue(`${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`);
}

/**
 * The stretch of a time series a chart shows: `hours` from the start of the current hour when the
 * data covers it, otherwise from the first point (data fetched earlier than today still shows).
 */
export function chartWindow(xs: readonly number[], nowValue: number, hours: number): [number, number] | null {
  const finite = xs.filter(Number.isFinite);
  if (finite.length === 0) return null;
  const first = Math.min(...finite);
  const last = Math.max(...finite);
  const hourStart = Math.floor(nowValue / HOUR_MS) * HOUR_MS;
  const start = hourStart >= first && hourStart < last ? hourStart : first;
  return [start, Math.min(last, start + hours * HOUR_MS)];
}

/** Tick positions every `stepHours` hours from [start, end], aligned to local midnight (6 h: 12 am, 6 am, 12 pm, 6 pm). */
export function chartTicks(start: number, end: number, stepHours: number): number[] {
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || stepHours <= 0) return [];
  const step = stepHours * HOUR_MS;
  const ticks: number[] = [];
  for (let t = Math.ceil(start / step) * step; t <= end; t += step) ticks.push(t);
  return ticks;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "6 am", "3 pm"; at midnight the day instead ("Tue"), so multi-day axes stay readable. */
export function formatTickLabel(value: number): string {
  const date = new Date(value);
  const hour = date.getUTCHours();
  if (hour === 0 && date.getUTCMinutes() === 0) return WEEKDAYS[date.getUTCDay()]!;
  return formatHour(value);
}

/** "6 am", "12 pm", "3:30 pm" for a value on the wall-clock axis. */
export function formatHour(value: number): string {
  const date = new Date(value);
  const hour = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  const h = hour % 12 || 12;
  return `${h}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${hour < 12 ? 'am' : 'pm'}`;
}

/** "Tue 3 pm" for a value on the wall-clock axis (screen-reader tables, marker labels). */
export function formatDayHour(value: number): string {
  return `${WEEKDAYS[new Date(value).getUTCDay()]} ${formatHour(value)}`;
}

// ---------------------------------------------------------------------------------------------
// Tide

export type TideState = 'low' | 'high' | 'rising' | 'falling';

/**
 * Spec section 3: "Tide icon: arrow down when low, else up". A falling tide points down too
 * (docs/decisions.md "A falling tide shows a down arrow"): an up arrow beside "Falling" would say the
 * water is coming in. The words beside the arrow always name the state.
 */
export function tideArrow(state: TideState): 'up' | 'down' {
  return state === 'low' || state === 'falling' ? 'down' : 'up';
}

// ---------------------------------------------------------------------------------------------
// Icons

/** Spec section 3: the icon name of a weather code, null for codes without one (5, 7, unknown). */
export function weatherIconName(code: number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  return WEATHER_ICONS[code] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Provenance

/**
 * "just now", "12 min ago", "3 h ago", "2 d ago": the shared age rule (ages.ts). Pass `now` (and the
 * place's zone) so ages of 7 days and more show as a date; without it they stay in days.
 */
export function formatDataAge(ageSeconds: number, now?: Date, timeZone?: string): string {
  if (now) return formatAgeSeconds(ageSeconds, now, timeZone);
  const seconds = Math.max(0, ageSeconds);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** Age of a source's data now: from its fetch time, falling back to the age the server reported. */
export function sourceAgeSeconds(source: Pick<DataSource, 'fetched_at' | 'age_seconds'>, now: Date): number {
  const fetched = Date.parse(source.fetched_at);
  if (Number.isNaN(fetched)) return source.age_seconds;
  return Math.max(0, Math.floor((now.getTime() - fetched) / 1000));
}

/** "Open-Meteo forecast · updated 12 min ago". */
export function sourceLabel(
  source: Pick<DataSource, 'name' | 'fetched_at' | 'age_seconds'>,
  now: Date,
): string {
  return `${source.name} · updated ${formatDataAge(sourceAgeSeconds(source, now), now)}`;
}
