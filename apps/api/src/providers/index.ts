import { createBomWarningsProvider, type WarningsProvider } from './bom-warnings.ts';
import { RateLimiter, type RateWindow } from './cache.ts';
import { createOpenMeteoForecastProvider, type ForecastProvider } from './open-meteo-forecast.ts';
import { createOpenMeteoMarineProvider, type MarineProvider } from './open-meteo-marine.ts';
import { createOpenMeteoWavesClient, type WavesClient } from './open-meteo-waves.ts';
import { createRainViewerProvider, type RadarProvider } from './rainviewer.ts';
import { createTideProvider, type TideProvider } from './tides.ts';
import type { CacheSettings, UpstreamRuntime } from './types.ts';

/**
 * The conditions providers and how much each may ask of its upstream.
 *
 * Cells and freshness (the call budget these give is worked out in the README, Conditions providers):
 * - forecast: 0.1° cells (~11 x 9 km, about the 9 km grid of the best global model Open-Meteo
 *   serves for Australia), fresh 2 h (the models behind it run every 3-6 h), served stale up to 24 h.
 * - marine: 0.2° cells (the wave models run on 0.08-0.25° grids), fresh 3 h, stale up to 24 h.
 * - radar: one global document (frames are the same everywhere), fresh 5 min (RainViewer adds a
 *   frame every 10 min), stale up to 1 h (older frame paths disappear upstream).
 * - warnings: one entry per feed (a state), fresh 10 min, stale up to 6 h.
 * - tides: computed locally, no upstream.
 * After a failure a key is not retried for 2 min (1 min for radar), and 5 failures in a row stop a
 * provider for a minute.
 *
 * Rate caps: Open-Meteo's free API allows 600 calls a minute, 5,000 an hour and 10,000 a day per
 * client (non-commercial use; commercial use needs a key, which goes into the configured URL as
 * `apikey=`), shared across its APIs, so forecast and marine share one limiter kept under those.
 */
export const PROVIDER_TUNING = {
  forecast: { cellDegrees: 0.1, ttlMs: 2 * 3_600_000, maxStaleMs: 24 * 3_600_000, retryAfterMs: 120_000 },
  marine: { cellDegrees: 0.2, ttlMs: 3 * 3_600_000, maxStaleMs: 24 * 3_600_000, retryAfterMs: 120_000 },
  radar: { ttlMs: 5 * 60_000, maxStaleMs: 3_600_000, retryAfterMs: 60_000 },
  warnings: { ttlMs: 10 * 60_000, maxStaleMs: 6 * 3_600_000, retryAfterMs: 120_000 },
} as const;

export const OPEN_METEO_LIMITS: RateWindow[] = [
  { max: 500, perMs: 60_000 },
  { max: 4_500, perMs: 3_600_000 },
];
export const RAINVIEWER_LIMITS: RateWindow[] = [{ max: 30, perMs: 3_600_000 }];
export const BOM_LIMITS: RateWindow[] = [{ max: 120, perMs: 3_600_000 }];

export interface WeatherProviderSettings {
  /** false: no outbound calls at all (WEATHER_PROVIDERS=off); only tides work. */
  enabled: boolean;
  forecastUrl: string;
  marineUrl: string;
  rainviewerUrl: string;
  /** Warning feed URLs per state code. */
  warningFeeds: ReadonlyMap<string, readonly string[]>;
  timeoutMs: number;
  userAgent: string;
  /** Open-Meteo calls allowed per day (forecast + marine). */
  openMeteoCallsPerDay: number;
  /** Cells kept per provider (LRU). */
  cacheMaxEntries: number;
}

export interface WeatherProviders {
  forecast: ForecastProvider | null;
  marine: MarineProvider | null;
  /** Batched wave heights and directions for the rip-current outlook (same marine API and budget). */
  waves: WavesClient | null;
  radar: RadarProvider | null;
  warnings: WarningsProvider | null;
  tides: TideProvider;
}

export function createWeatherProviders(
  settings: WeatherProviderSettings,
  options: { now?: () => number; onFailure?: (provider: string, key: string, error: unknown) => void } = {},
): WeatherProviders {
  const tides = createTideProvider({ now: options.now });
  if (!settings.enabled)
    return { forecast: null, marine: null, waves: null, radar: null, warnings: null, tides };

  const runtime: UpstreamRuntime = { timeoutMs: settings.timeoutMs, userAgent: settings.userAgent };
  const failure = (provider: string) => (key: string, error: unknown) =>
    options.onFailure?.(provider, key, error);
  const cache = (
    tuning: { ttlMs: number; maxStaleMs: number; retryAfterMs: number },
    limiter: RateLimiter,
  ): CacheSettings => ({
    ttlMs: tuning.ttlMs,
    maxStaleMs: tuning.maxStaleMs,
    retryAfterMs: tuning.retryAfterMs,
    maxEntries: settings.cacheMaxEntries,
    limiter,
  });
  const openMeteo = new RateLimiter(
    [...OPEN_METEO_LIMITS, { max: settings.openMeteoCallsPerDay, perMs: 86_400_000 }],
    options.now,
  );

  return {
    forecast: createOpenMeteoForecastProvider({
      baseUrl: settings.forecastUrl,
      runtime,
      cellDegrees: PROVIDER_TUNING.forecast.cellDegrees,
      cache: cache(PROVIDER_TUNING.forecast, openMeteo),
      now: options.now,
      onFailure: failure('forecast'),
    }),
    marine: createOpenMeteoMarineProvider({
      baseUrl: settings.marineUrl,
      runtime,
      cellDegrees: PROVIDER_TUNING.marine.cellDegrees,
      cache: cache(PROVIDER_TUNING.marine, openMeteo),
      now: options.now,
      onFailure: failure('marine'),
    }),
    waves: createOpenMeteoWavesClient({ baseUrl: settings.marineUrl, runtime, limiter: openMeteo }),
    radar: createRainViewerProvider({
      url: settings.rainviewerUrl,
      runtime,
      cache: cache(PROVIDER_TUNING.radar, new RateLimiter(RAINVIEWER_LIMITS, options.now)),
      now: options.now,
      onFailure: failure('radar'),
    }),
    warnings:
      settings.warningFeeds.size > 0
        ? createBomWarningsProvider({
            feeds: settings.warningFeeds,
            runtime,
            cache: cache(PROVIDER_TUNING.warnings, new RateLimiter(BOM_LIMITS, options.now)),
            now: options.now,
            onFailure: failure('warnings'),
          })
        : null,
    tides,
  };
}
