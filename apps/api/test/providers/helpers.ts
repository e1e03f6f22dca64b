import { loadConfig } from '../../src/config.ts';
import { createWeatherProviders, type WeatherProviderSettings } from '../../src/providers/index.ts';
import { testClock, type TestClock } from '../clock.ts';
import type { UpstreamServer } from '../fakes/upstream-server.ts';

/** The providers' caches and the fake upstream read the same test clock; tests move it by hand. */
export { testClock, TEST_NOW } from '../clock.ts';

/** Provider settings pointing every upstream at the fake (a generous timeout: the test machine is shared). */
export function fakeSettings(
  fake: UpstreamServer,
  overrides: Partial<WeatherProviderSettings> = {},
): WeatherProviderSettings {
  const parsed = loadConfig({ ...fake.env, WEATHER_TIMEOUT_MS: '10000' });
  return {
    enabled: true,
    forecastUrl: parsed.OPEN_METEO_FORECAST_URL,
    marineUrl: parsed.OPEN_METEO_MARINE_URL,
    rainviewerUrl: parsed.RAINVIEWER_URL,
    warningFeeds: parsed.BOM_WARNINGS_URLS,
    timeoutMs: parsed.WEATHER_TIMEOUT_MS,
    userAgent: 'SafeShore-tests',
    openMeteoCallsPerDay: 9_000,
    cacheMaxEntries: 100,
    ...overrides,
  };
}

export function fakeProviders(
  fake: UpstreamServer,
  clock: TestClock = testClock(),
  overrides: Partial<WeatherProviderSettings> = {},
) {
  return createWeatherProviders(fakeSettings(fake, overrides), { now: clock.now });
}

/** Bondi and Tamarama share a 0.1° cell (and a 0.2° one); Manly does not. */
export const BONDI = { latitude: -33.8915, longitude: 151.2767 };
export const TAMARAMA = { latitude: -33.8999, longitude: 151.2711 };
export const MANLY = { latitude: -33.7969, longitude: 151.2878 };
export const COTTESLOE = { latitude: -31.9939, longitude: 115.7518 };
