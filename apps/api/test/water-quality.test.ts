import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BeachDetailResponseSchema,
  LocationResponseSchema,
  type BeachDetailResponse,
} from '@safeshore/domain';
import { loadConfig } from '../src/config.ts';
import { BEACHWATCH_TUNING } from '../src/providers/beachwatch.ts';
import { importWaterQualitySites } from '../src/modules/water-quality/import-sites.ts';
import { startUpstreamServer, type UpstreamServer } from './fakes/upstream-server.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { TEST_NOW, testClock } from './providers/helpers.ts';

/**
 * The beach detail's water_quality group (issue 19) against the fake Beachwatch feed, the
 * operator mapping import, and that a failing upstream never breaks or slows the detail.
 */

const clock = testClock();
let fake: UpstreamServer;
let t: TestApp;
const HOUR = 3_600_000;

function config(overrides: Record<string, string> = {}) {
  const parsed = loadConfig({ ...fake.env, WEATHER_TIMEOUT_MS: '10000', ...overrides });
  return {
    WEATHER_PROVIDERS: parsed.WEATHER_PROVIDERS,
    BEACHWATCH_URL: parsed.BEACHWATCH_URL,
    WEATHER_TIMEOUT_MS: parsed.WEATHER_TIMEOUT_MS,
    // Nothing else reaches out: the weather providers' URLs point at the fake too.
    OPEN_METEO_FORECAST_URL: parsed.OPEN_METEO_FORECAST_URL,
    OPEN_METEO_MARINE_URL: parsed.OPEN_METEO_MARINE_URL,
    RAINVIEWER_URL: parsed.RAINVIEWER_URL,
    BOM_WARNINGS_URLS: parsed.BOM_WARNINGS_URLS,
  };
}

async function detail(app: TestApp, key: string): Promise<BeachDetailResponse['beach']> {
  const row = await app.handle.db
    .selectFrom('beaches')
    .select('id')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  const res = await app.app.inject(`/api/v4/beach/${row.id}`);
  expect(res.statusCode).toBe(200);
  return BeachDetailResponseSchema.parse(res.json()).beach;
}

function csv(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-wq-'));
  const file = path.join(dir, 'sites.csv');
  fs.writeFileSync(file, text);
  return file;
}

beforeAll(async () => {
  fake = await startUpstreamServer({ now: clock.now });
  t = await startTestApp({ clock: () => new Date(clock.now()), config: config() });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('water_quality on the beach detail', () => {
  it('carries the matched site’s forecast, result, sample date, distance, source and licence', async () => {
    clock.set(TEST_NOW);
    const bondi = await detail(t, 'nsw-2026-bondi-beach');
    expect(bondi.water_quality).toEqual({
      forecast: 'unlikely',
      forecast_text: 'Pollution Unlikely',
      forecast_at: new Date(TEST_NOW - 4 * HOUR).toISOString(),
      latest_result: 'Good',
      latest_result_rating: 4,
      sampled_at: new Date(TEST_NOW - 72 * HOUR).toISOString(),
      site: {
        id: 'dff1e6b4-0a11-4c5e-9b0e-2f6a1d3c0001',
        name: 'Bondi Beach',
        distance_m: expect.any(Number),
      },
      source: {
        name: 'Beachwatch (NSW Government)',
        url: 'https://www.beachwatch.nsw.gov.au/',
        licence: 'CC BY 4.0',
        attribution:
          '© State of New South Wales (Department of Climate Change, Energy, the Environment and Water), CC BY 4.0',
        fetched_at: new Date(TEST_NOW).toISOString(),
      },
      stale: false,
      age_seconds: 0,
    });
    expect(bondi.water_quality!.site.distance_m).toBeLessThan(300);
    const forecasts = await Promise.all(
      [
        'nsw-2026-tamarama-beach',
        'nsw-2024-bronte-beach',
        'nsw-2095-manly-beach',
        'nsw-2034-coogee-beach',
      ].map(async (key) => (await detail(t, key)).water_quality?.forecast),
    );
    expect(forecasts).toEqual(['possible', 'likely', 'not_available', 'unknown']);
    // One upstream call for all of them.
    expect(fake.calls('water')).toBe(1);
  });

  it('lists the cached forecast on place pages for the beaches that have one, and only those', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/location/',
      payload: { latitude: -33.8908, longitude: 151.2743 },
    });
    expect(res.statusCode).toBe(200);
    const body = LocationResponseSchema.parse(res.json());
    const beaches = [...body.patrolledBeaches, ...body.closestBeaches];
    const forecasts = Object.fromEntries(beaches.map((b) => [b.title, b.water_quality?.forecast ?? null]));
    expect(forecasts).toMatchObject({
      'Bondi Beach': 'unlikely',
      'Tamarama Beach': 'possible',
      'Bronte Beach': 'likely',
    });
    // Beaches without a site carry nothing (no information, not clean).
    const withoutSite = beaches.filter(
      (b) =>
        ![
          'Bondi Beach',
          'Tamarama Beach',
          'Bronte Beach',
          'Coogee Beach',
          'Manly Beach',
          'Shelly Beach',
        ].includes(b.title),
    );
    expect(withoutSite.length).toBeGreaterThan(0);
    expect(withoutSite.every((b) => b.water_quality === undefined)).toBe(true);
  });

  it('is null for a beach with no site (no information), and for beaches outside NSW', async () => {
    expect((await detail(t, 'nsw-2096-queenscliff-beach')).water_quality).toBeNull();
    expect((await detail(t, 'wa-6011-cottesloe-beach')).water_quality).toBeNull();
  });

  it('serves the last answer marked stale with its age when the feed fails', async () => {
    clock.set(TEST_NOW + BEACHWATCH_TUNING.ttlMs + 60_000);
    fake.setMode('water', '500');
    const first = await detail(t, 'nsw-2026-bondi-beach');
    expect(first.water_quality).toMatchObject({ forecast: 'unlikely', stale: true });
    // The refresh runs in the background; once it has failed the answer says so with its age.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await detail(t, 'nsw-2026-bondi-beach');
    expect(again.water_quality).toMatchObject({
      stale: true,
      age_seconds: (BEACHWATCH_TUNING.ttlMs + 60_000) / 1000,
    });
  });

  it('answers the detail without waiting on a hanging feed when nothing is cached', async () => {
    const other = await startTestApp({ clock: () => new Date(clock.now()), config: config() });
    try {
      fake.setMode('water', 'hang');
      const started = performance.now();
      const bondi = await detail(other, 'nsw-2026-bondi-beach');
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(bondi.water_quality).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('is null with WEATHER_PROVIDERS=off, and nothing is asked upstream', async () => {
    const off = await startTestApp({ config: config({ WEATHER_PROVIDERS: 'off' }) });
    try {
      const bondi = await detail(off, 'nsw-2026-bondi-beach');
      expect(bondi.water_quality).toBeNull();
      expect(fake.calls('water')).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('import-water-quality-sites (operator mapping)', () => {
  it('rejects the whole file when any row is bad, naming each line', async () => {
    const file = csv(
      'site_id,beach_key\nS1,nsw-2026-bondi-beach\nS1,nsw-2026-bondi-beach\n,nsw-2026-bondi-beach\nS2,no-such-beach\nS3,none\nS3,nsw-2024-bronte-beach\nS4\n',
    );
    const report = await importWaterQualitySites(t.handle.db, file, { now: new Date(TEST_NOW) });
    expect(report.written).toBe(false);
    expect(report.rejected.map((r) => r.line)).toEqual([3, 4, 5, 7, 8]);
    expect(report.rejected[0]!.reasons).toEqual(['repeats an earlier row']);
    expect(report.rejected[2]!.reasons[0]).toMatch(/no-such-beach/);
    expect(report.rejected[3]!.reasons[0]).toMatch(/both "none" and mapped/);
    const stored = await t.handle.db.selectFrom('water_quality_site_mappings').selectAll().execute();
    expect(stored).toEqual([]);
  });

  it('stores a good file, reports matching, and the detail follows it at the next feed refresh', async () => {
    const bondiSite = 'dff1e6b4-0a11-4c5e-9b0e-2f6a1d3c0001';
    const file = csv(
      `site_id,beach_key\n${bondiSite},nsw-2026-bondi-beach\n${bondiSite},nsw-2024-bronte-beach\ndff1e6b4-0a11-4c5e-9b0e-2f6a1d3c0002,none\n`,
    );
    clock.set(TEST_NOW + 10 * HOUR);
    fake.reset();
    const report = await importWaterQualitySites(t.handle.db, file, {
      now: new Date(clock.now()),
      sites: (await (
        await import('../src/providers/beachwatch.ts')
      )
        .createBeachwatchProvider({
          url: fake.env.BEACHWATCH_URL,
          runtime: { timeoutMs: 10_000, userAgent: 'tests' },
          now: clock.now,
        })
        .get())!.value.sites,
    });
    expect(report.written).toBe(true);
    expect(report.rejected).toEqual([]);
    expect(report.matching).toMatchObject({ sites: 6 });
    // Tamarama's site is "none"; Bronte's own site lost its beach to the operator's mapping.
    expect(report.matching!.unmatchedSites.sort()).toEqual([
      'dff1e6b4-0a11-4c5e-9b0e-2f6a1d3c0002',
      'dff1e6b4-0a11-4c5e-9b0e-2f6a1d3c0003',
    ]);

    // The server's cache is older than its freshness: the next detail refreshes and re-matches.
    await detail(t, 'nsw-2026-tamarama-beach');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await detail(t, 'nsw-2026-tamarama-beach')).water_quality).toBeNull();
    const bondi = await detail(t, 'nsw-2026-bondi-beach');
    expect(bondi.water_quality).toMatchObject({ site: { id: bondiSite }, forecast: 'unlikely' });
    // One site for two beaches only because the operator said so.
    const bronte = await detail(t, 'nsw-2024-bronte-beach');
    expect(bronte.water_quality).toMatchObject({ site: { id: bondiSite, name: 'Bondi Beach' } });
  });
});
