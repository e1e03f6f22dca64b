import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ValidationErrorSchema, WeatherResponseSchema, type WeatherResponse } from '@safeshore/domain';
import { loadConfig } from '../src/config.ts';
import { createWeatherRepository } from '../src/modules/weather/weather.repository.ts';
import { createWeatherService } from '../src/modules/weather/weather.service.ts';
import { startUpstreamServer, type UpstreamServer } from './fakes/upstream-server.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { fakeProviders, testClock } from './providers/helpers.ts';

/**
 * GET /api/v4/beach/{beachId}/weather against the fake upstreams: the contract shape, provenance,
 * and that a failing upstream never breaks the answer (spec section 4).
 */

let fake: UpstreamServer;
const clock = testClock();
let t: TestApp;
let ids: Record<'bondi' | 'tamarama' | 'manly' | 'cottesloe', number>;

function weatherConfig(overrides: Record<string, string> = {}) {
  const parsed = loadConfig({ ...fake.env, WEATHER_TIMEOUT_MS: '10000', ...overrides });
  return {
    WEATHER_PROVIDERS: parsed.WEATHER_PROVIDERS,
    OPEN_METEO_FORECAST_URL: parsed.OPEN_METEO_FORECAST_URL,
    OPEN_METEO_MARINE_URL: parsed.OPEN_METEO_MARINE_URL,
    RAINVIEWER_URL: parsed.RAINVIEWER_URL,
    BOM_WARNINGS_URLS: parsed.BOM_WARNINGS_URLS,
    WEATHER_TIMEOUT_MS: parsed.WEATHER_TIMEOUT_MS,
  };
}

async function beachIds(app: TestApp) {
  const rows = await app.handle.db
    .selectFrom('beaches')
    .select(['id', 'key'])
    .where('key', 'in', [
      'nsw-2026-bondi-beach',
      'nsw-2026-tamarama-beach',
      'nsw-2095-manly-beach',
      'wa-6011-cottesloe-beach',
    ])
    .execute();
  const id = (key: string) => {
    const row = rows.find((r) => r.key === key);
    if (!row) throw new Error(`starter beach ${key} missing`);
    return row.id;
  };
  return {
    bondi: id('nsw-2026-bondi-beach'),
    tamarama: id('nsw-2026-tamarama-beach'),
    manly: id('nsw-2095-manly-beach'),
    cottesloe: id('wa-6011-cottesloe-beach'),
  };
}

async function weatherOf(app: TestApp, id: number | string): Promise<WeatherResponse> {
  const res = await app.app.inject(`/api/v4/beach/${id}/weather`);
  expect(res.statusCode).toBe(200);
  return WeatherResponseSchema.parse(res.json());
}

beforeAll(async () => {
  // The fake upstream and the app share the test clock (TEST_NOW: Saturday noon in Sydney).
  fake = await startUpstreamServer({ now: clock.now });
  t = await startTestApp({ clock: () => new Date(clock.now()), config: weatherConfig() });
  ids = await beachIds(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

describe('GET /api/v4/beach/{beachId}/weather', () => {
  it('answers every group in the contract shape, at the beach’s wall clock, with provenance', async () => {
    const body = await weatherOf(t, ids.bondi);
    expect(body.timezone).toBe('Australia/Sydney');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(clock.now());
    expect(today).toBe('2026-11-21');

    expect(body.forecast.map((d) => d.date)[0]).toBe(today);
    expect(body.forecast).toHaveLength(7);
    for (const day of body.forecast) {
      expect(day.air_temperature_maximum!).toBeGreaterThanOrEqual(day.air_temperature_minimum!);
      expect(day.precis).toEqual(expect.any(String));
      expect(day.forecast_icon_code).toBeGreaterThanOrEqual(1);
    }
    // Hourly from midnight today at the beach; the fake's 7 days start at midnight UTC, so between
    // midnight at the beach and midnight UTC the last hours of the week are not there yet.
    expect(body.temperature.length).toBeGreaterThanOrEqual(6 * 24);
    expect(body.temperature.length).toBeLessThanOrEqual(7 * 24);
    expect(body.temperature[0]!.date_time_local).toBe(`${today}T00:00`);
    for (const group of [body.temperature, body.swell, body.windSpeed, body.windDirection, body.tides]) {
      expect(group.length).toBeGreaterThan(0);
      expect(group.every((p) => LOCAL.test(p.date_time_local))).toBe(true);
    }
    expect(body.swell[0]).toMatchObject({
      height: expect.any(Number),
      period: expect.any(Number),
      direction: expect.any(Number),
    });
    expect(body.uv).toHaveLength(7);
    expect(body.uv[0]!.description).toMatch(
      /UV Index predicted to reach \d+ \[(Low|Moderate|High|Very High|Extreme)\]/,
    );

    expect(body.current.weather).toMatchObject({
      air_temp: expect.any(Number),
      wind_dir: expect.stringMatching(/^[NESW]{1,3}$/),
      wind_spd_kmh: expect.any(Number),
      water_temperatures: expect.any(Number),
      swell: expect.any(Number),
    });
    expect(body.current.currentUV).toMatchObject({ index: expect.any(Number), status: expect.any(String) });
    expect(body.current.currentTide?.state).toMatch(/^(low|high|rising|falling)$/);
    expect(body.tide_station).toMatchObject({ datum: 'LAT' });

    // Radar: the four sizes, squares around the beach, Leaflet tile templates capped at zoom 7.
    expect(body.radar!.radar).toEqual({ name: 'RainViewer', size: 128 });
    expect(body.radar!.max_zoom).toBe(7);
    expect(body.radar!.sizes.map((s) => s.size)).toEqual([64, 128, 256, 512]);
    for (const size of body.radar!.sizes) {
      const [[south, west], [north, east]] = size.bounds;
      expect(south).toBeLessThan(-33.8915);
      expect(north).toBeGreaterThan(-33.8915);
      expect((north - south) * 111.32).toBeCloseTo(size.size, 0);
      expect(west).toBeLessThan(151.2767);
      expect(east).toBeGreaterThan(151.2767);
      expect(size.images.length).toBe(13);
      expect(size.images[0]!.url).toMatch(/\/256\/\{z\}\/\{x\}\/\{y\}\/2\/1_1\.png$/);
    }

    // Marine warnings: the Sydney Coast gale and the statewide surf warning; not Hunter, not expired ones.
    expect(body.todays_marine_warnings.map((w) => w.title).sort()).toEqual([
      'Gale Warning for Sydney Coast',
      'Hazardous Surf Warning for New South Wales coastal waters',
    ]);

    for (const key of ['forecast', 'marine', 'tides', 'radar', 'warnings'] as const) {
      expect(body.sources[key], key).toMatchObject({ stale: false, age_seconds: expect.any(Number) });
    }
    expect(body.sources.forecast).toMatchObject({
      name: 'Open-Meteo forecast',
      attribution: expect.stringMatching(/CC BY 4\.0/),
    });
    expect(body.sources.warnings!.attribution).toMatch(/Bureau of Meteorology/);
  });

  it('never calls upstream once per page view: one call per provider for many views of nearby beaches', async () => {
    const app = await startTestApp({ clock: () => new Date(clock.now()), config: weatherConfig() });
    try {
      const local = await beachIds(app);
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => weatherOf(app, i % 2 ? local.bondi : local.tamarama)),
      );
      await weatherOf(app, local.bondi);
      expect(await (await fetch(`${fake.url}/__control`)).json()).toMatchObject({
        calls: { forecast: 1, marine: 1, radar: 1, warnings: 1 },
      });
      await weatherOf(app, local.manly);
      expect(fake.calls('forecast')).toBe(2);
      expect(fake.calls('radar')).toBe(1);
      expect(fake.calls('warnings')).toBe(1); // same state feed
    } finally {
      await app.close();
    }
  });

  it('with every upstream down still answers 200: tides present, other groups empty and their sources null', async () => {
    fake.setModes({ forecast: 'down', marine: '500', radar: 'malformed', warnings: 'hang' });
    const app = await startTestApp({
      clock: () => new Date(clock.now()),
      config: weatherConfig({ WEATHER_TIMEOUT_MS: '1500' }),
    });
    try {
      const body = await weatherOf(app, (await beachIds(app)).bondi);
      expect(body.tides.length).toBeGreaterThan(0);
      expect(body.tide_station).not.toBeNull();
      expect(body.current.currentTide).not.toBeNull();
      expect(body.sources.tides).not.toBeNull();
      expect(body).toMatchObject({
        forecast: [],
        temperature: [],
        swell: [],
        windSpeed: [],
        windDirection: [],
        uv: [],
        radar: null,
        todays_marine_warnings: [],
        current: { weather: null, currentUV: null },
        sources: { forecast: null, marine: null, radar: null, warnings: null },
      });
    } finally {
      await app.close();
    }
  });

  it('after a success, serves the last data marked stale with its age when upstreams fail', async () => {
    const moving = testClock();
    const app = await startTestApp({ clock: () => new Date(moving.now()), config: weatherConfig() });
    try {
      const id = (await beachIds(app)).bondi;
      const fresh = await weatherOf(app, id);
      moving.advance(3 * 3_600_000 + 60_000);
      fake.setModes({ forecast: '500', marine: 'down', radar: '500', warnings: 'malformed' });
      const stale = await weatherOf(app, id);
      for (const key of ['forecast', 'marine', 'warnings'] as const) {
        expect(stale.sources[key], key).toMatchObject({ stale: true, age_seconds: 3 * 3600 + 60 });
        expect(stale.sources[key]!.fetched_at).toBe(fresh.sources[key]!.fetched_at);
      }
      // Radar frames older than an hour are useless (their tiles are gone upstream): dropped.
      expect(stale.radar).toBeNull();
      expect(stale.sources.radar).toBeNull();
      expect(stale.temperature.length).toBeGreaterThan(0);
      expect(stale.swell.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('serves what a partial upstream answer has', async () => {
    fake.setModes({ forecast: 'partial', marine: 'partial' });
    const app = await startTestApp({ clock: () => new Date(clock.now()), config: weatherConfig() });
    try {
      const body = await weatherOf(app, (await beachIds(app)).bondi);
      // No weather codes or UV upstream: no icons, no UV; temperatures where the model had them.
      expect(body.forecast.length).toBeGreaterThan(0);
      expect(body.forecast.every((d) => d.precis === null && d.forecast_icon_code === null)).toBe(true);
      expect(body.uv).toEqual([]);
      expect(body.current.currentUV).toBeNull();
      expect(body.temperature.length).toBeLessThan(7 * 24);
      expect(body.swell.every((p) => p.period === null)).toBe(true);
      expect(body.current.weather?.water_temperatures).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('with WEATHER_PROVIDERS=off makes no outbound call; tides still work', async () => {
    const app = await startTestApp({
      clock: () => new Date(clock.now()),
      config: weatherConfig({ WEATHER_PROVIDERS: 'off' }),
    });
    try {
      const body = await weatherOf(app, (await beachIds(app)).cottesloe);
      expect(body.timezone).toBe('Australia/Perth');
      expect(body.tides.length).toBeGreaterThan(0);
      expect(body.sources.tides).not.toBeNull();
      expect(body.sources.forecast).toBeNull();
      for (const provider of ['forecast', 'marine', 'radar', 'warnings'] as const)
        expect(fake.calls(provider)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('404 for an unknown beach', async () => {
    const res = await t.app.inject('/api/v4/beach/999999999/weather');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Beach not found.' });
  });

  it.each([
    'abc',
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    '12345678901',
    "1'%20OR%20'1'%3D'1",
    '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%E2%80%8B1',
  ])('422 with a field error for the id %s', async (id) => {
    const res = await t.app.inject(`/api/v4/beach/${id}/weather`);
    expect(res.statusCode).toBe(422);
    const body = ValidationErrorSchema.parse(res.json());
    expect(body.errors.beachId).toEqual(['The beach id must be a positive whole number.']);
  });
});

describe('cachedCurrentObservations (for place pages)', () => {
  it('answers from cache only: null before any beach nearby was fetched, the current hour after', async () => {
    const local = testClock();
    const providers = fakeProviders(fake, local);
    const service = createWeatherService(
      createWeatherRepository(t.handle.db),
      providers,
      () => new Date(local.now()),
    );
    expect(service.cachedCurrentObservations(-33.89, 151.27)).toBeNull();
    expect(fake.calls('forecast')).toBe(0);

    const body = await service.forBeach(ids.bondi);
    const observed = service.cachedCurrentObservations(-33.893, 151.274);
    expect(observed).toEqual({
      air_temp: body.current.weather!.air_temp,
      wind_dir: body.current.weather!.wind_dir,
      wind_spd_kmh: body.current.weather!.wind_spd_kmh,
      observed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/),
      source: 'Open-Meteo forecast',
    });
    expect(service.cachedCurrentObservations(-31.99, 115.75)).toBeNull(); // Perth: nothing cached there
    expect(service.cachedCurrentObservations(Number.NaN, 151)).toBeNull();
    expect(fake.calls('forecast')).toBe(1);
  });
});

describe('conditions configuration', () => {
  it('defaults to the real public services, with BoM feeds for every coastal state', () => {
    const config = loadConfig({});
    expect(config.WEATHER_PROVIDERS).toBe('on');
    expect(config.OPEN_METEO_FORECAST_URL).toBe('https://api.open-meteo.com/v1/forecast');
    expect(config.OPEN_METEO_MARINE_URL).toBe('https://marine-api.open-meteo.com/v1/marine');
    expect(config.RAINVIEWER_URL).toBe('https://api.rainviewer.com/public/weather-maps.json');
    expect([...config.BOM_WARNINGS_URLS.keys()].sort()).toEqual([
      'ACT',
      'NSW',
      'NT',
      'QLD',
      'SA',
      'TAS',
      'VIC',
      'WA',
    ]);
    expect(config.BOM_WARNINGS_URLS.get('NSW')).toEqual([
      'https://www.bom.gov.au/fwo/IDZ00068.warnings_marine_nsw.xml',
    ]);
    expect(config.WEATHER_TIMEOUT_MS).toBe(5_000);
  });

  it('takes several feeds per state, or none', () => {
    const config = loadConfig({
      BOM_WARNINGS_URLS: 'nsw=https://a.test/1.xml, NSW=https://a.test/2.xml,VIC=http://b.test/v.xml',
    });
    expect(config.BOM_WARNINGS_URLS.get('NSW')).toEqual(['https://a.test/1.xml', 'https://a.test/2.xml']);
    expect(config.BOM_WARNINGS_URLS.get('VIC')).toEqual(['http://b.test/v.xml']);
    expect(loadConfig({ BOM_WARNINGS_URLS: 'none' }).BOM_WARNINGS_URLS.size).toBe(0);
  });

  it.each([
    ['BOM_WARNINGS_URLS', 'XX=https://a.test/x.xml'],
    ['BOM_WARNINGS_URLS', 'NSW=ftp://a.test/x.xml'],
    ['WEATHER_PROVIDERS', 'maybe'],
    ['WEATHER_TIMEOUT_MS', '0'],
    ['OPEN_METEO_FORECAST_URL', 'file:///etc/passwd'],
  ])('refuses %s=%s at start-up', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration: .*${name}`));
  });
});
