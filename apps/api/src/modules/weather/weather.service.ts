import {
  DEFAULT_TIMEZONE,
  type CurrentObservations,
  mostSevereWarning,
  type DataSource,
  type ListBeachWarnings,
  type MarineWarning,
  type WeatherResponse,
} from '@safeshore/domain';
import { notFound } from '../../http/errors.ts';
import { warningsFor } from '../../providers/bom-warnings.ts';
import type { WeatherProviders } from '../../providers/index.ts';
import type { TidePrediction } from '../../providers/tides.ts';
import {
  presentCurrentTide,
  presentCurrentUv,
  presentCurrentWeather,
  presentForecast,
  presentObservations,
  presentRadar,
  presentSwell,
  presentTides,
  presentWarning,
  sourceOf,
  windowAt,
} from './weather.presenter.ts';
import type { WeatherRepository } from './weather.repository.ts';
import { isKnownTimeZone, startOfLocalDay } from './wall-clock.ts';

/**
 * The conditions at a beach (GET /api/v4/beach/{beachId}/weather). Each group comes from its own
 * provider; a provider that fails leaves its group empty (or stale, with its age) and never the
 * whole answer: the beach page must work without weather (spec section 4). Tides are computed
 * locally and work with no network.
 */
export function createWeatherService(
  repo: WeatherRepository,
  providers: WeatherProviders,
  clock: () => Date = () => new Date(),
  log?: { warn: (details: object, message: string) => void },
) {
  // Presented groups per cached answer and beach clock: every beach of a cell and zone shows the
  // same hours, so they are built once per cached answer (a few hundred wall-clock conversions).
  const presented = new WeakMap<object, Map<string, unknown>>();
  function memo<T>(owner: object, key: string, build: () => T): T {
    let entries = presented.get(owner);
    if (!entries) {
      entries = new Map();
      presented.set(owner, entries);
    }
    if (entries.has(key)) return entries.get(key) as T;
    const value = build();
    if (entries.size >= 64) entries.clear();
    entries.set(key, value);
    return value;
  }

  /** A provider call that cannot throw: a failure is the same as nothing cached. */
  async function safely<T>(what: string, call: (() => Promise<T | null>) | null): Promise<T | null> {
    if (!call) return null;
    try {
      return await call();
    } catch (error) {
      log?.warn({ err: error, provider: what }, 'weather provider failed');
      return null;
    }
  }

  function tideSource(prediction: TidePrediction, now: number): DataSource {
    return sourceOf(
      {
        ...providers.tides.source,
        attribution: `${prediction.station.attribution} Predictions by Neaps (MIT).`,
      },
      {
        fetchedAt: prediction.computedAt,
        ageSeconds: Math.max(0, Math.floor((now - prediction.computedAt) / 1000)),
        stale: false,
      },
    );
  }

  return {
    async forBeach(beachId: number): Promise<WeatherResponse> {
      const beach = await repo.findBeach(beachId);
      if (!beach) throw notFound('Beach not found.');
      const now = clock().getTime();
      const timeZone = isKnownTimeZone(beach.timezone) ? beach.timezone : DEFAULT_TIMEZONE;
      const point = { latitude: beach.latitude, longitude: beach.longitude };
      const window = windowAt(now, timeZone, (date) => startOfLocalDay(date, timeZone));
      const {
        forecast: forecastProvider,
        marine: marineProvider,
        radar: radarProvider,
        warnings,
      } = providers;

      const [forecast, marine, radar, warningList] = await Promise.all([
        safely('forecast', forecastProvider && (() => forecastProvider.get(point))),
        safely('marine', marineProvider && (() => marineProvider.get(point))),
        safely('radar', radarProvider && (() => radarProvider.get())),
        safely('warnings', warnings?.covers(beach.state) ? () => warnings.get(beach.state) : null),
      ]);
      let tides: TidePrediction | null = null;
      let levelNow: number | null = null;
      try {
        tides = providers.tides.predict(point, window.from, window.to);
        levelNow = tides ? providers.tides.levelAt(point, now) : null;
      } catch (error) {
        log?.warn({ err: error, provider: 'tides' }, 'tide prediction failed');
      }

      const windowKey = `${timeZone}|${window.from}`;
      const forecastGroups = forecast
        ? memo(forecast.value, windowKey, () => presentForecast(forecast.value, window))
        : { forecast: [], temperature: [], windSpeed: [], windDirection: [], uv: [] };

      return {
        timezone: timeZone,
        ...forecastGroups,
        swell: marine ? memo(marine.value, windowKey, () => presentSwell(marine.value, window)) : [],
        tides: tides ? memo(tides.extremes, windowKey, () => presentTides(tides, timeZone)) : [],
        tide_station: tides
          ? { name: tides.station.name, distance_m: tides.station.distanceM, datum: 'LAT' }
          : null,
        radar: radar ? presentRadar(radar.value, point) : null,
        current: {
          weather: presentCurrentWeather(forecast?.value ?? null, marine?.value ?? null, now),
          currentTide: tides ? presentCurrentTide(tides, levelNow, now) : null,
          currentUV: presentCurrentUv(forecast?.value ?? null, now),
        },
        todays_marine_warnings: warningList
          ? warningsFor(point, warningList.value, now).map(presentWarning)
          : [],
        sources: {
          forecast: forecast && forecastProvider ? sourceOf(forecastProvider.source, forecast) : null,
          marine: marine && marineProvider ? sourceOf(marineProvider.source, marine) : null,
          tides: tides ? tideSource(tides, now) : null,
          radar: radar && radarProvider ? sourceOf(radarProvider.source, radar) : null,
          warnings: warningList && warnings ? sourceOf(warnings.source, warningList) : null,
        },
      };
    },

    /**
     * Today's marine warnings at a point (a place page), from the same feed and the same area rule
     * as a beach's: the state's feed, kept to the warnings whose area covers the point. Null when
     * the state has no feed or the feed could not be read (not known, never "none").
     */
    async warningsAt(
      state: string,
      latitude: number,
      longitude: number,
    ): Promise<{ warnings: MarineWarning[]; source: DataSource } | null> {
      const { warnings } = providers;
      const list = await safely('warnings', warnings?.covers(state) ? () => warnings.get(state) : null);
      if (!list || !warnings) return null;
      const now = clock().getTime();
      return {
        warnings: warningsFor({ latitude, longitude }, list.value, now).map(presentWarning),
        source: sourceOf(warnings.source, list),
      };
    },

    /**
     * Each beach's marine warnings in force, compact (count and most severe title), by the same
     * feed and area rule as the beach page: one read of each state's cached feed. Null for a beach
     * whose state has no feed or whose feed could not be read (not known, never "none").
     */
    async warningSummaries(
      beaches: ReadonlyArray<{ id: number; state: string; latitude: number; longitude: number }>,
    ): Promise<Map<number, ListBeachWarnings | null>> {
      const { warnings } = providers;
      const states = [...new Set(beaches.map((beach) => beach.state))];
      const lists = new Map(
        await Promise.all(
          states.map(
            async (state) =>
              [
                state,
                await safely('warnings', warnings?.covers(state) ? () => warnings.get(state) : null),
              ] as const,
          ),
        ),
      );
      const now = clock().getTime();
      return new Map(
        beaches.map((beach) => {
          const list = lists.get(beach.state);
          if (!list) return [beach.id, null];
          const inForce = warningsFor(beach, list.value, now);
          const top = mostSevereWarning(inForce.map(presentWarning));
          return [beach.id, { count: inForce.length, most_severe_title: top?.title ?? null }];
        }),
      );
    },

    /**
     * Current observations at a point from the cached forecast only (never an upstream call), for
     * place pages: null when no beach near the point has had its conditions fetched recently.
     */
    cachedCurrentObservations(latitude: number, longitude: number): CurrentObservations | null {
      const provider = providers.forecast;
      if (!provider || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
      const cached = provider.peek({ latitude, longitude });
      return cached ? presentObservations(cached, clock().getTime(), provider.source) : null;
    },
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
