import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { createWeatherProviders, type WeatherProviders } from '../../providers/index.ts';
import { createWeatherRepository } from './weather.repository.ts';
import { weatherRoutes } from './weather.routes.ts';
import { createWeatherService, type WeatherService } from './weather.service.ts';

export type WeatherConfig = Pick<
  Config,
  | 'WEATHER_PROVIDERS'
  | 'OPEN_METEO_FORECAST_URL'
  | 'OPEN_METEO_MARINE_URL'
  | 'OPEN_METEO_CALLS_PER_DAY'
  | 'RAINVIEWER_URL'
  | 'BOM_WARNINGS_URLS'
  | 'WEATHER_TIMEOUT_MS'
  | 'WEATHER_CACHE_MAX_ENTRIES'
  | 'PUBLIC_URL'
>;

/**
 * Provider settings from the configuration. A caller that passes no WEATHER_PROVIDERS (tests
 * building the app with a partial config) gets no outbound calls: only the parsed environment
 * (main.ts), where the default is `on`, talks to the real services.
 */
export function resolveWeatherSettings(config: Partial<WeatherConfig>) {
  const defaults = loadConfig({});
  return {
    enabled: (config.WEATHER_PROVIDERS ?? 'off') === 'on',
    forecastUrl: config.OPEN_METEO_FORECAST_URL ?? defaults.OPEN_METEO_FORECAST_URL,
    marineUrl: config.OPEN_METEO_MARINE_URL ?? defaults.OPEN_METEO_MARINE_URL,
    rainviewerUrl: config.RAINVIEWER_URL ?? defaults.RAINVIEWER_URL,
    warningFeeds: config.BOM_WARNINGS_URLS ?? defaults.BOM_WARNINGS_URLS,
    timeoutMs: config.WEATHER_TIMEOUT_MS ?? defaults.WEATHER_TIMEOUT_MS,
    userAgent: `SafeShore/1.0 (+${config.PUBLIC_URL ?? defaults.PUBLIC_URL})`,
    openMeteoCallsPerDay: config.OPEN_METEO_CALLS_PER_DAY ?? defaults.OPEN_METEO_CALLS_PER_DAY,
    cacheMaxEntries: config.WEATHER_CACHE_MAX_ENTRIES ?? defaults.WEATHER_CACHE_MAX_ENTRIES,
  };
}

/**
 * Builds the providers and the service and registers GET /api/v4/beach/{beachId}/weather. The
 * returned service also offers `cachedCurrentObservations` for place pages.
 */
export function registerWeather(
  app: FastifyInstance,
  options: {
    db: Database;
    config: Partial<WeatherConfig>;
    clock?: () => Date;
    /** Tests may bring their own providers (fakes, pinned clocks). */
    providers?: WeatherProviders;
  },
): WeatherService {
  const clock = options.clock ?? (() => new Date());
  const providers =
    options.providers ??
    createWeatherProviders(resolveWeatherSettings(options.config), {
      now: () => clock().getTime(),
      onFailure: (provider, key, error) =>
        app.log.warn({ provider, key, reason: (error as Error).message }, 'weather upstream failed'),
    });
  const service = createWeatherService(createWeatherRepository(options.db), providers, clock, app.log);
  weatherRoutes(app, service);
  return service;
}

export type { WeatherService } from './weather.service.ts';
