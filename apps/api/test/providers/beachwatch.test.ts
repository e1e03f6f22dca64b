import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  BEACHWATCH_DEFAULT_URL,
  BEACHWATCH_SOURCE,
  BEACHWATCH_TUNING,
  createBeachwatchProvider,
  forecastOf,
  parseBeachwatchGeojson,
} from '../../src/providers/beachwatch.ts';
import { UpstreamError } from '../../src/providers/http.ts';
import { startUpstreamServer, type UpstreamServer } from '../fakes/upstream-server.ts';
import { TEST_NOW, testClock } from './helpers.ts';

// One clock for the fake upstream and the adapter under test, back at TEST_NOW before each test.
const clock = testClock();
let fake: UpstreamServer;
beforeAll(async () => {
  fake = await startUpstreamServer({ now: clock.now });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  clock.set(TEST_NOW);
});

const HOUR = 3_600_000;
const waterOf = (timeoutMs = 10_000) =>
  createBeachwatchProvider({
    url: loadConfig({ ...fake.env }).BEACHWATCH_URL,
    runtime: { timeoutMs, userAgent: 'SafeShore-tests' },
    now: clock.now,
  });

const feature = (properties: Record<string, unknown>, coordinates: unknown = [151.27, -33.89]) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates },
  properties: { id: 'a', siteName: 'A Beach', ...properties },
});

describe('Beachwatch adapter (GeoJSON)', () => {
  it('reads every site: forecast, its time, latest result, rating and sample date', async () => {
    const result = await waterOf().get();
    expect(result).toMatchObject({ stale: false, ageSeconds: 0, fetchedAt: TEST_NOW });
    const { sites, skipped } = result!.value;
    expect(skipped).toBe(0);
    expect(sites.map((s) => [s.siteName, s.forecast])).toEqual([
      ['Bondi Beach', 'unlikely'],
      ['Tamarama Beach', 'possible'],
      ['Bronte Beach', 'likely'],
      ['Manly Beach', 'not_available'],
      // "Pollution Expected Soon" is not one of Beachwatch's published values: unknown, never clean.
      ['Coogee Beach', 'unknown'],
      ['Shelly Beach (Manly)', 'unlikely'],
    ]);
    const bondi = sites[0]!;
    expect(bondi).toEqual({
      id: 'dff1e6b4-0a11-4c5e-9b0e-2f6a1d3c0001',
      siteName: 'Bondi Beach',
      latitude: -33.8908,
      longitude: 151.2743,
      forecast: 'unlikely',
      forecastText: 'Pollution Unlikely',
      forecastAt: new Date(TEST_NOW - 4 * HOUR).toISOString(),
      latestResult: 'Good',
      latestResultRating: 4,
      sampledAt: new Date(TEST_NOW - 72 * HOUR).toISOString(),
    });
    expect(sites[3]).toMatchObject({ latestResult: null, latestResultRating: null, sampledAt: null });
    expect(sites[4]).toMatchObject({ forecastText: 'Pollution Expected Soon', forecast: 'unknown' });
  });

  it('is one cache entry for the whole state: one upstream call for every beach', async () => {
    const water = waterOf();
    await Promise.all(Array.from({ length: 10 }, () => water.get()));
    await water.get();
    expect(fake.calls('water')).toBe(1);
    expect(water.peek()!.value.sites).toHaveLength(6);
  });

  it.each(['500', 'malformed', 'down', 'hang'] as const)(
    'serves nothing on a %s upstream with nothing cached',
    async (mode) => {
      fake.setMode('water', mode);
      const water = waterOf(1_000);
      expect(await water.get()).toBeNull();
      expect(water.cache.stats.failures).toBe(1);
    },
  );

  it('skips and counts malformed features (partial data), keeping the rest', async () => {
    fake.setMode('water', 'partial');
    const { sites, skipped } = (await waterOf().get())!.value;
    expect(skipped).toBe(3);
    expect(sites.map((s) => s.siteName)).toEqual(['Manly Beach', 'Coogee Beach', 'Shelly Beach (Manly)']);
  });

  it('serves the last answer marked stale with its age when a refresh fails, until maxStale', async () => {
    const water = waterOf(1_000);
    await water.get();
    clock.advance(BEACHWATCH_TUNING.ttlMs + 60_000);
    fake.setMode('water', '500');
    const stale = await water.get();
    expect(stale).toMatchObject({ stale: true, ageSeconds: (BEACHWATCH_TUNING.ttlMs + 60_000) / 1000 });
    expect(stale!.value.sites).toHaveLength(6);
    clock.set(TEST_NOW + BEACHWATCH_TUNING.maxStaleMs + 1);
    expect(await water.get()).toBeNull();
  });

  it('opens its circuit after five failures in a row and asks nothing for a minute', async () => {
    fake.setMode('water', '500');
    const water = waterOf();
    for (let i = 0; i < 5; i += 1) {
      if (i > 0) clock.advance(BEACHWATCH_TUNING.retryAfterMs);
      await water.get();
    }
    expect(fake.calls('water')).toBe(5);
    // Past the per-key retry wait, but the circuit (open for a minute) still says no.
    clock.advance(BEACHWATCH_TUNING.retryAfterMs + 1_000);
    expect(await water.get()).toBeNull();
    expect(fake.calls('water')).toBe(5);
    expect(water.cache.stats.shortCircuited).toBe(1);
  });

  it('parses strictly: not a FeatureCollection is malformed; bad features are skipped, not fatal', () => {
    expect(() => parseBeachwatchGeojson({ type: 'Feature' })).toThrow(UpstreamError);
    expect(() => parseBeachwatchGeojson('<html>')).toThrow(UpstreamError);
    expect(() => parseBeachwatchGeojson(null)).toThrow(UpstreamError);
    const parsed = parseBeachwatchGeojson({
      type: 'FeatureCollection',
      features: [
        feature({ id: 17, pollutionForecast: '  pollution   LIKELY ' }),
        feature({ id: 17, siteName: 'Duplicate id' }),
        feature({ id: '' }),
        feature({ id: 'b', siteName: '   ' }),
        feature({ id: 'c' }, [151.27]),
        feature({ id: 'd' }, [200, -33]),
        feature({ id: 'e', latestResultRating: 0 }),
        feature({ id: 'f', latestResultRating: 2.5 }),
        feature({ id: 'g', pollutionForecastTimeStamp: 'yesterday' }),
        feature({ id: 'h', latestResultObservationDate: 12 }),
        feature({ id: 'i', pollutionForecast: 42 }),
        {
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [] },
          properties: { id: 'j', siteName: 'J' },
        },
        'not a feature',
        feature({ id: 'k' }),
      ],
    });
    expect(parsed.skipped).toBe(12);
    expect(parsed.sites.map((s) => [s.id, s.forecast])).toEqual([
      ['17', 'likely'],
      // No forecast given: unknown, not clean.
      ['k', 'unknown'],
    ]);
    expect(parsed.sites[1]).toMatchObject({ forecastText: null, forecastAt: null, latestResultRating: null });
  });

  it('knows only the published forecast values', () => {
    expect(forecastOf('Pollution Unlikely')).toBe('unlikely');
    expect(forecastOf('Pollution Possible')).toBe('possible');
    expect(forecastOf('Pollution Likely')).toBe('likely');
    expect(forecastOf('Forecast not available')).toBe('not_available');
    expect(forecastOf('Unlikely')).toBe('unknown');
    expect(forecastOf('')).toBe('unknown');
    expect(forecastOf(null)).toBe('unknown');
  });

  it('defaults to the public feed, can be pointed elsewhere, and carries its licence', () => {
    expect(loadConfig({}).BEACHWATCH_URL).toBe(BEACHWATCH_DEFAULT_URL);
    expect(loadConfig({ BEACHWATCH_URL: 'http://127.0.0.1:9/x' }).BEACHWATCH_URL).toBe(
      'http://127.0.0.1:9/x',
    );
    expect(() => loadConfig({ BEACHWATCH_URL: 'ftp://x.test/' })).toThrow();
    expect(BEACHWATCH_SOURCE.attribution).toBe(
      '© State of New South Wales (Department of Climate Change, Energy, the Environment and Water), CC BY 4.0',
    );
  });
});
