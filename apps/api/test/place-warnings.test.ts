import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LocationResponseSchema,
  MapBeachesResponseSchema,
  WeatherResponseSchema,
  mostSevereWarning,
  type LocationResponse,
} from '@safeshore/domain';
import { loadConfig } from '../src/config.ts';
import { startUpstreamServer, type UpstreamServer } from './fakes/upstream-server.ts';
import { runningClock } from './clock.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Place and state pages get today's marine warnings from the same Bureau of Meteorology feed and
 * area rule as the beach page (issue 16), with their source; when the feed cannot be read they are
 * "not known" (source null), never "none issued".
 */

let fake: UpstreamServer;
let t: TestApp;
let unreachable: TestApp;

function providerConfig(env: Record<string, string>) {
  const parsed = loadConfig({ ...env, WEATHER_TIMEOUT_MS: '10000' });
  return {
    WEATHER_PROVIDERS: parsed.WEATHER_PROVIDERS,
    OPEN_METEO_FORECAST_URL: parsed.OPEN_METEO_FORECAST_URL,
    OPEN_METEO_MARINE_URL: parsed.OPEN_METEO_MARINE_URL,
    RAINVIEWER_URL: parsed.RAINVIEWER_URL,
    BOM_WARNINGS_URLS: parsed.BOM_WARNINGS_URLS,
    WEATHER_TIMEOUT_MS: parsed.WEATHER_TIMEOUT_MS,
  };
}

async function place(app: TestApp, url: string): Promise<LocationResponse> {
  const res = await app.app.inject({ method: 'POST', url: '/api/v4/location/', payload: { url } });
  expect(res.statusCode).toBe(200);
  return LocationResponseSchema.parse(res.json());
}

beforeAll(async () => {
  // The fake upstream and the app share the test clock.
  const clock = runningClock();
  fake = await startUpstreamServer({ now: () => clock().getTime() });
  t = await startTestApp({ clock, config: providerConfig(fake.env) });
  // Every provider on a closed port: the situation of `npm start` with no outside network.
  const closed = 'http://127.0.0.1:9';
  unreachable = await startTestApp({
    config: providerConfig({
      OPEN_METEO_FORECAST_URL: `${closed}/forecast`,
      OPEN_METEO_MARINE_URL: `${closed}/marine`,
      RAINVIEWER_URL: `${closed}/radar.json`,
      BOM_WARNINGS_URLS: ['NSW', 'ACT', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']
        .map((state) => `${state}=${closed}/${state}.xml`)
        .join(','),
    }),
  });
});
afterAll(async () => {
  await t.close();
  await unreachable.close();
  await fake.close();
});

describe('marine warnings of a place', () => {
  it('are the warnings a beach of the place gets, with the Bureau as source', async () => {
    const bondi = await place(t, '/nsw/waverley/bondi-beach');
    expect(bondi.place?.marine_warnings_source).toMatchObject({
      name: 'Bureau of Meteorology',
      stale: false,
      age_seconds: expect.any(Number),
    });
    expect(bondi.place!.todays_marine_warnings.map((w) => w.title).sort()).toEqual([
      'Gale Warning for Sydney Coast',
      'Hazardous Surf Warning for New South Wales coastal waters',
    ]);
    const beachId = bondi.closestBeaches.find((b) => b.key === 'nsw-2026-bondi-beach')!.id;
    const weather = WeatherResponseSchema.parse(
      (await t.app.inject(`/api/v4/beach/${beachId}/weather`)).json(),
    );
    expect(bondi.place!.todays_marine_warnings.map((w) => w.title).sort()).toEqual(
      weather.todays_marine_warnings.map((w) => w.title).sort(),
    );
  });

  it('keep to the place area: a state page for Sydney has no Hunter warning', async () => {
    const sydney = await place(t, '/nsw/sydney/sydney');
    expect(sydney.place?.marine_warnings_source?.name).toBe('Bureau of Meteorology');
    expect(sydney.place!.todays_marine_warnings.some((w) => /hunter/i.test(w.title ?? ''))).toBe(false);
  });

  it('are a known "none" only when the feed answered with none', async () => {
    const stKilda = await place(t, '/postcode/3182');
    expect(stKilda.place?.state).toBe('VIC');
    expect(stKilda.place?.todays_marine_warnings).toEqual([]);
    expect(stKilda.place?.marine_warnings_source?.name).toBe('Bureau of Meteorology');
  });

  it('are not known (source null) when the feed cannot be reached, and the answer still comes', async () => {
    const started = Date.now();
    const bondi = await place(unreachable, '/nsw/waverley/bondi-beach');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(bondi.place?.todays_marine_warnings).toEqual([]);
    expect(bondi.place?.marine_warnings_source).toBeNull();
    expect(bondi.closestBeaches.length).toBeGreaterThan(0);
  });

  it('are not sent for the map centre place (its beaches carry their own)', async () => {
    const res = await t.app.inject('/api/v4/map/beaches?neCoords=-12.4,130.9&swCoords=-12.5,130.8');
    expect(res.statusCode).toBe(200);
    const body = MapBeachesResponseSchema.parse(res.json());
    expect(body.data.place?.marine_warnings_source ?? null).toBeNull();
    expect(body.data.place?.todays_marine_warnings ?? []).toEqual([]);
  });
});

/** What the beach page says of a beach's warnings: the count and the most severe title. */
async function beachPageWarnings(app: TestApp, beachId: number) {
  const weather = WeatherResponseSchema.parse(
    (await app.app.inject(`/api/v4/beach/${beachId}/weather`)).json(),
  );
  const top = mostSevereWarning(weather.todays_marine_warnings);
  return { count: weather.todays_marine_warnings.length, most_severe_title: top?.title ?? null };
}

describe('marine warnings of list rows and map beaches', () => {
  it('say what the beach page says: the count and the most severe title', async () => {
    const bondi = await place(t, '/nsw/waverley/bondi-beach');
    const row = bondi.closestBeaches.find((b) => b.key === 'nsw-2026-bondi-beach')!;
    expect(row.marine_warnings).toEqual({ count: 2, most_severe_title: 'Gale Warning for Sydney Coast' });
    // Every row of the answer, in and out of the Sydney Coast area, matches its beach page.
    const hunter = await t.app.inject({
      method: 'POST',
      url: '/api/v4/location/',
      payload: { latitude: -32.93, longitude: 151.78 },
    });
    const rows = [...bondi.closestBeaches, ...LocationResponseSchema.parse(hunter.json()).closestBeaches];
    expect(rows.length).toBeGreaterThan(6);
    for (const beach of rows) {
      expect(beach.marine_warnings, beach.key).toEqual(await beachPageWarnings(t, beach.id));
    }
    // The area rule tells them apart: not every NSW row has the Sydney gale.
    expect(new Set(rows.map((beach) => beach.marine_warnings?.most_severe_title)).size).toBeGreaterThan(1);
  });

  it('are a count of 0 for a beach outside every warning area when the feed answered', async () => {
    const stKilda = await place(t, '/postcode/3182');
    expect(stKilda.closestBeaches.length).toBeGreaterThan(0);
    for (const beach of stKilda.closestBeaches) {
      expect(beach.marine_warnings).toEqual({ count: 0, most_severe_title: null });
    }
  });

  it('are on the map beaches too, by the same rule', async () => {
    const res = await t.app.inject('/api/v4/map/beaches?neCoords=-33.7,151.4&swCoords=-34.0,151.1');
    const body = MapBeachesResponseSchema.parse(res.json());
    expect(body.data.beaches.length).toBeGreaterThan(0);
    for (const beach of body.data.beaches.slice(0, 5)) {
      expect(beach.marine_warnings, beach.key).toEqual(await beachPageWarnings(t, beach.id));
    }
    const bondi = body.data.beaches.find((b) => b.key === 'nsw-2026-bondi-beach');
    expect(bondi?.marine_warnings?.count).toBeGreaterThanOrEqual(1);
  });

  it('are not known (null) when the feed cannot be reached, never a count of 0', async () => {
    const bondi = await place(unreachable, '/nsw/waverley/bondi-beach');
    expect(bondi.closestBeaches.length).toBeGreaterThan(0);
    for (const beach of [...bondi.closestBeaches, ...bondi.patrolledBeaches]) {
      expect(beach.marine_warnings).toBeNull();
    }
    const map = MapBeachesResponseSchema.parse(
      (await unreachable.app.inject('/api/v4/map/beaches?neCoords=-33.7,151.4&swCoords=-34.0,151.1')).json(),
    );
    expect(map.data.beaches.every((beach) => beach.marine_warnings === null)).toBe(true);
  });
});
