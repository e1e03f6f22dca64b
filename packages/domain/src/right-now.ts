import type { PatrolsResponse } from './patrols.ts';
import type { DataSource } from './source.ts';
import {
  hazardNow,
  patrolNow,
  warningsNow,
  type HazardNow,
  type PatrolNow,
  type StatusPart,
  type StatusBeach,
  type WarningsNow,
} from './beach-status.ts';
import { ripRightNowText, type RipOutlook } from './rip-contract.ts';
import { ripOutlookAge, ripRestOfToday } from './rip-display.ts';
import type { WeatherResponse } from './weather.ts';
import { formatDataAge, formatWeatherValue, round2, sourceAgeSeconds } from './weather-display.ts';

/**
 * "Right now" at a beach (the top of its page): its status (beach-status.ts) and the current
 * weather, wind, swell, water, UV and tide, each with where it came from and how old it is. Pure:
 * the caller passes `now` and the data, so the same answer can be rendered on a server or offline.
 */

// ---------------------------------------------------------------------------------------------
// Conditions now

export type WeatherState = 'loading' | 'loaded' | 'unavailable' | 'offline';

export interface ConditionNow {
  key: 'weather' | 'wind' | 'swell' | 'water' | 'uv' | 'tide';
  label: string;
  /** "NE 18 km/h"; null when there is no figure. */
  value: string | null;
  /** Where it came from and how old it is ("Open-Meteo forecast · 5 min ago"), or why there is none. */
  detail: string;
  /** Served from the cache because the provider could not be reached. */
  stale: boolean;
}

const TIDE_WORDS = { low: 'Low tide', high: 'High tide', rising: 'Rising', falling: 'Falling' } as const;

/** "Open-Meteo forecast · 12 min ago". */
export function sourceDetail(
  source: Pick<DataSource, 'name' | 'fetched_at' | 'age_seconds'>,
  now: Date,
): string {
  return `${source.name} · ${formatDataAge(sourceAgeSeconds(source, now), now)}`;
}

function missing(state: WeatherState): string {
  if (state === 'loading') return 'Loading…';
  if (state === 'offline') return 'Not available offline';
  return 'Not available right now';
}

/**
 * The weather (air temperature and summary), wind, swell, water temperature, UV and tide now, each
 * with its source and age (tides are predicted, not measured: they carry no age).
 */
export function conditionsNow(
  weather: WeatherResponse | null,
  state: WeatherState,
  now: Date,
): ConditionNow[] {
  const w = weather?.current.weather ?? null;
  const sources = weather?.sources;
  const item = (
    key: ConditionNow['key'],
    label: string,
    value: string | null,
    source: DataSource | null | undefined,
    predicted = false,
  ): ConditionNow => {
    if (!value || !source)
      return { key, label, value: null, detail: missing(weather ? 'unavailable' : state), stale: false };
    return {
      key,
      label,
      value,
      detail: predicted ? `Predicted (${source.name})` : sourceDetail(source, now),
      stale: source.stale,
    };
  };
  const speed = formatWeatherValue(w?.wind_spd_kmh, 'speed');
  const wind = [w?.wind_dir, speed].filter(Boolean).join(' ');
  const uv = weather?.current.currentUV;
  const tide = weather?.current.currentTide;
  const air = [formatWeatherValue(w?.air_temp, 'temperature'), w?.precis].filter(Boolean).join(' ');
  return [
    item('weather', 'Weather', air || null, sources?.forecast),
    item('wind', 'Wind', wind || null, sources?.forecast),
    item('swell', 'Swell', formatWeatherValue(w?.swell, 'height'), sources?.marine),
    item('water', 'Water', formatWeatherValue(w?.water_temperatures, 'temperature'), sources?.marine),
    item('uv', 'UV', uv ? `${round2(uv.index)} ${uv.status}` : null, sources?.forecast),
    item(
      'tide',
      'Tide',
      tide ? `${TIDE_WORDS[tide.state]}, ${formatWeatherValue(tide.height, 'height')}` : null,
      sources?.tides,
      true,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Rip outlook now (issue 29)

export interface RipNow extends StatusPart {
  level: 'moderate' | 'high';
  tone: 'caution' | 'danger';
  /** "Rip currents likely this afternoon (model outlook): 1.6 m waves straight onshore, low tide 3:10 pm". */
  text: string;
  /** "40 min ago": when the outlook was computed. */
  age: string;
  stale: boolean;
}

/**
 * The Right now item for the rip outlook: only when what is left of today is moderate or high (a
 * low outlook raises no alarm here; the conditions card shows it). Null without an outlook, never
 * a guess. It goes below the lifesavers' live status and the patrol, which always come first.
 */
export function ripNow(outlook: RipOutlook | null | undefined, now: Date): RipNow | null {
  if (!outlook?.available) return null;
  const day = ripRestOfToday(outlook, now);
  const text = day && ripRightNowText(day, outlook.timezone, true);
  const age = ripOutlookAge(outlook, now);
  if (!day || !text || !age || (day.level !== 'moderate' && day.level !== 'high')) return null;
  return {
    level: day.level,
    tone: day.level === 'high' ? 'danger' : 'caution',
    text,
    age: age.text,
    stale: age.stale,
  };
}

// ---------------------------------------------------------------------------------------------
// The whole panel

export interface RightNow {
  patrol: PatrolNow;
  /** While the weather loads the warnings are not known yet: `loading` says so. */
  warnings: WarningsNow & { loading: boolean };
  hazard: HazardNow;
  conditions: ConditionNow[];
  /** The rip outlook's item when today's is moderate or high; null otherwise. */
  rip: RipNow | null;
}

export function summariseRightNow(input: {
  beach: StatusBeach;
  weather: WeatherResponse | null;
  weatherState: WeatherState;
  patrols?: PatrolsResponse | null;
  /** The beach's rip outlook, when it has arrived (online) or was kept (offline). */
  ripOutlook?: RipOutlook | null;
  now: Date;
}): RightNow {
  const { beach, weather, weatherState, patrols, ripOutlook, now } = input;
  const warnings = warningsNow(
    weather ? { warnings: weather.todays_marine_warnings, source: weather.sources.warnings } : null,
  );
  return {
    patrol: patrolNow(beach, now, patrols),
    warnings: { ...warnings, loading: !weather && weatherState === 'loading' },
    hazard: hazardNow(beach.hazard),
    conditions: conditionsNow(weather, weatherState, now),
    rip: ripNow(ripOutlook, now),
  };
}
