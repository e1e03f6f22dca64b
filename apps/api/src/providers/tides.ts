import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Neaps from 'neaps';
import { LruCache } from './cache.ts';
import type { LatLng, SourceInfo } from './types.ts';

/**
 * Tides: offline harmonic predictions with `neaps` (MIT) from the harmonic constants of the
 * nearest tide station in `@neaps/tide-database` (station data mostly CC BY 4.0; each station
 * carries the attribution its licence asks for, which we pass on). No network at all.
 *
 * Datum: every height is in metres above LOWEST ASTRONOMICAL TIDE (LAT), the datum of Australian
 * charts and of the Bureau's tide tables, so heights are never negative in normal conditions. We
 * only use stations whose datums include LAT and MSL (neaps converts from MSL to LAT).
 *
 * Stations further than MAX_STATION_DISTANCE_KM are not used: tides change along the coast, and
 * a far station's times would mislead. The caller gets no tides rather than wrong ones.
 */
export const TIDE_DATUM = 'LAT' as const;
export const MAX_STATION_DISTANCE_KM = 100;

export const NEAPS_SOURCE: SourceInfo = {
  name: 'neaps tide predictions',
  attribution: 'Tide predictions by Neaps (MIT); harmonic constants from the Neaps tide database',
  url: 'https://openwaters.io/tides/neaps',
};

/**
 * neaps, loaded on the first tide asked for rather than at start: its station database costs
 * ~50 MB of heap and ~110 MB of resident memory, which a process that serves no tides (most API
 * processes, and every process with WEATHER_PROVIDERS=off) should not carry (issue 20's memory
 * budget; docs/decisions.md). The package is ESM without top-level await, so it can be required
 * synchronously (Node >= 22.12) and the provider's methods stay synchronous; the resolved file is
 * required directly because the package exports only an `import` condition.
 */
let neaps: typeof Neaps | undefined;
function loadNeaps(): typeof Neaps {
  neaps ??= createRequire(import.meta.url)(fileURLToPath(import.meta.resolve('neaps'))) as typeof Neaps;
  return neaps;
}

type Predictor = ReturnType<typeof Neaps.stationsNear>[number];

export interface TideStation {
  id: string;
  name: string;
  /** From the beach, metres. */
  distanceM: number;
  /** The station's data credit, as its licence requires. */
  attribution: string;
  /** Where the station's constants come from. */
  sourceUrl: string | null;
}

export interface TideExtreme {
  /** ms since the epoch */
  time: number;
  /** metres above LAT */
  level: number;
  type: 'high' | 'low';
}

export interface TidePrediction {
  station: TideStation;
  extremes: TideExtreme[];
  /** Hourly water level, metres above LAT. */
  curve: Array<{ time: number; level: number }>;
  /** When it was computed (ms). */
  computedAt: number;
}

export interface TideProvider {
  readonly source: SourceInfo;
  /** The nearest usable station, or null if none within MAX_STATION_DISTANCE_KM. */
  station(point: LatLng): TideStation | null;
  /** Turning points and an hourly curve over [from, to). Null without a station or if prediction fails. */
  predict(point: LatLng, from: number, to: number): TidePrediction | null;
  /** Water level at one instant (for the current tide), metres above LAT. */
  levelAt(point: LatLng, time: number): number | null;
  /**
   * Hourly water level relative to MEAN SEA LEVEL (metres, negative below it) over [from, to),
   * for the rip-current model's η; null without a station or if prediction fails.
   */
  hourlyAboveMsl(
    point: LatLng,
    from: number,
    to: number,
  ): { station: TideStation; levels: Array<{ time: number; level: number }> } | null;
}

/** A station can predict in LAT when it has both datums neaps needs (remembered per station). */
const usable = new WeakMap<object, boolean>();
function hasLatDatum(station: { kind?: string; datums?: Record<string, number> }): boolean {
  let known = usable.get(station);
  if (known === undefined) {
    known = checkLatDatum(station);
    usable.set(station, known);
  }
  return known;
}

function checkLatDatum(station: { kind?: string; datums?: Record<string, number> }): boolean {
  return (
    (station.kind === undefined || station.kind === 'tide') &&
    typeof station.datums?.[TIDE_DATUM] === 'number' &&
    typeof station.datums?.MSL === 'number'
  );
}

export function createTideProvider(options: { now?: () => number } = {}): TideProvider {
  const now = options.now ?? Date.now;
  // Beaches within ~1 km share a station lookup; predictions are cached per station and window.
  const lookups = new LruCache<string, { predictor: Predictor; distanceKm: number } | null>(20_000);
  const predictions = new LruCache<string, TidePrediction>(2_000);
  const levels = new LruCache<string, number>(2_000);

  function nearest(point: LatLng): { predictor: Predictor; distanceKm: number } | null {
    const key = `${point.latitude.toFixed(2)}:${point.longitude.toFixed(2)}`;
    const known = lookups.get(key);
    if (known !== undefined) return known;
    const [found] = loadNeaps().stationsNear({
      latitude: point.latitude,
      longitude: point.longitude,
      maxDistance: MAX_STATION_DISTANCE_KM,
      maxResults: 1,
      filter: (station) => hasLatDatum(station as { kind?: string; datums?: Record<string, number> }),
    });
    const entry = found ? { predictor: found, distanceKm: found.distance ?? 0 } : null;
    lookups.set(key, entry);
    return entry;
  }

  function describe(entry: { predictor: Predictor; distanceKm: number }): TideStation {
    const station = entry.predictor as Predictor & { attribution?: string };
    return {
      id: station.id,
      name: station.name,
      distanceM: Math.round(entry.distanceKm * 1000),
      attribution: station.attribution ?? NEAPS_SOURCE.attribution,
      sourceUrl: station.source?.url || null,
    };
  }

  return {
    source: NEAPS_SOURCE,
    station(point) {
      const entry = nearest(point);
      return entry ? describe(entry) : null;
    },
    predict(point, from, to) {
      const entry = nearest(point);
      if (!entry) return null;
      const key = `${entry.predictor.id}|${from}|${to}`;
      const cached = predictions.get(key);
      if (cached) return { ...cached, station: describe(entry) };
      try {
        const start = new Date(from);
        const end = new Date(to);
        const { extremes } = entry.predictor.getExtremesPrediction({ start, end, datum: TIDE_DATUM });
        const { timeline } = entry.predictor.getTimelinePrediction({
          start,
          end,
          datum: TIDE_DATUM,
          timeFidelity: 3600,
        });
        const prediction: TidePrediction = {
          station: describe(entry),
          extremes: extremes
            .filter((e) => e.time.getTime() >= from && e.time.getTime() < to)
            .map((e) => ({ time: e.time.getTime(), level: e.level, type: e.high ? 'high' : 'low' })),
          curve: timeline
            .filter((p) => p.time.getTime() < to)
            .map((p) => ({ time: p.time.getTime(), level: p.level })),
          computedAt: now(),
        };
        predictions.set(key, prediction);
        return prediction;
      } catch {
        return null;
      }
    },
    hourlyAboveMsl(point, from, to) {
      const entry = nearest(point);
      if (!entry) return null;
      try {
        const { timeline } = entry.predictor.getTimelinePrediction({
          start: new Date(from),
          end: new Date(to),
          datum: 'MSL',
          timeFidelity: 3600,
        });
        return {
          station: describe(entry),
          levels: timeline
            .filter((p) => p.time.getTime() < to)
            .map((p) => ({ time: p.time.getTime(), level: p.level })),
        };
      } catch {
        return null;
      }
    },
    levelAt(point, time) {
      const entry = nearest(point);
      if (!entry) return null;
      // Per station and minute: every page view in that minute shows the same level.
      const minute = Math.floor(time / 60_000) * 60_000;
      const key = `${entry.predictor.id}|${minute}`;
      const known = levels.get(key);
      if (known !== undefined) return known;
      try {
        const level = entry.predictor.getWaterLevelAtTime({
          time: new Date(minute),
          datum: TIDE_DATUM,
        }).level;
        levels.set(key, level);
        return level;
      } catch {
        return null;
      }
    },
  };
}
