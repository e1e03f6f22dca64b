import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocationResponseSchema, type LocationResponse } from '@safeshore/domain';
import { loadConfig } from '../src/config.ts';
import { HOLIDAYS_FILE, importHolidays } from '../src/db/seed/holidays.ts';
import { loadSampleData } from '../src/db/seed/sample.ts';
import { createLocalStorage } from '../src/modules/algal/storage.ts';
import { startUpstreamServer, type UpstreamServer } from './fakes/upstream-server.ts';
import { DATA_DIR, startTestApp, type TestApp } from './helpers.ts';

/**
 * The location lists carry facts other modules own: whether each beach is patrolled today (from
 * patrol schedules, in the beach's own zone) and the place's current observations (from the
 * conditions cache only, never an upstream call on a location request).
 */

// Saturday 21 November 2026, 01:00 UTC = 12:00 in Sydney: inside the sample weekend patrol hours.
const now = new Date('2026-11-21T01:00:00Z');
const BONDI = { latitude: -33.8908, longitude: 151.2743 };
let fake: UpstreamServer;
let t: TestApp;
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-location-facts-'));

async function locate(body: object): Promise<LocationResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v4/location/', payload: body });
  expect(res.statusCode).toBe(200);
  return LocationResponseSchema.parse(res.json());
}

beforeAll(async () => {
  // The fake upstream serves its forecast around the same "now" as the app's clock.
  fake = await startUpstreamServer({ now: () => now.getTime() });
  const weather = loadConfig({ ...fake.env, WEATHER_TIMEOUT_MS: '10000' });
  t = await startTestApp({
    clock: () => now,
    config: {
      UPLOADS_DIR: uploads,
      WEATHER_PROVIDERS: weather.WEATHER_PROVIDERS,
      OPEN_METEO_FORECAST_URL: weather.OPEN_METEO_FORECAST_URL,
      OPEN_METEO_MARINE_URL: weather.OPEN_METEO_MARINE_URL,
      RAINVIEWER_URL: weather.RAINVIEWER_URL,
      BOM_WARNINGS_URLS: weather.BOM_WARNINGS_URLS,
      WEATHER_TIMEOUT_MS: weather.WEATHER_TIMEOUT_MS,
    },
  });
  await importHolidays(t.handle.db, path.join(DATA_DIR, HOLIDAYS_FILE));
  await loadSampleData(t.handle.db, { dataDir: DATA_DIR, storage: createLocalStorage(uploads), now });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe('location facts from other modules', () => {
  it('marks each listed beach patrolled today from its schedule, flagged as sample, and unknown as null', async () => {
    const location = await locate(BONDI);
    const bondi = location.patrolledBeaches.find((beach) => beach.key === 'nsw-2026-bondi-beach');
    expect(bondi?.is_patrolled_today).toMatchObject({ flag: 1, is_sample: true });
    expect(bondi?.is_patrolled_today?.start).toBeTruthy();
    const withSchedules = await t.handle.db
      .selectFrom('patrol_seasons')
      .select('beach_id')
      .distinct()
      .execute();
    const scheduled = new Set(withSchedules.map((row) => row.beach_id));
    for (const beach of [...location.patrolledBeaches, ...location.closestBeaches]) {
      if (!scheduled.has(beach.id)) expect(beach.is_patrolled_today, beach.title).toBeNull();
      else expect(beach.is_patrolled_today, beach.title).not.toBeNull();
    }
  });

  it('shows the place current observations only once the conditions cache holds its cell', async () => {
    const before = await locate(BONDI);
    expect(before.place?.current_observations).toBeNull();
    const bondiId = before.patrolledBeaches.find((beach) => beach.key === 'nsw-2026-bondi-beach')!.id;
    expect((await t.app.inject(`/api/v4/beach/${bondiId}/weather`)).statusCode).toBe(200);
    const after = await locate(BONDI);
    expect(after.place?.current_observations?.air_temp).toEqual(expect.any(Number));
    expect(after.place?.current_observations?.source).toBeTruthy();
  });
});
