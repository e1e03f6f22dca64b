import '../test/indexeddb.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CORE_SAFETY_ARTICLE_SLUGS, OFFLINE_ARTICLE_SLUGS, type WaterQuality } from '@safeshore/domain';
import { mockApi } from '../test/api-mock.ts';
import { beach } from '../test/fixtures.ts';
import { article, syncBeach } from '../test/offline-fixtures.ts';
import { deleteOfflineDatabase, openOfflineDb, writeBeaches } from './offline-db.ts';
import { localSource, offlineRipOutlook } from './offline-source.ts';
import { ripOutlookFixture } from '../features/conditions/test-fixtures.ts';
import {
  RECENT_BEACHES_KEPT,
  recentBeachKeys,
  keepRipOutlook,
  rememberViewedBeach,
  saveCoreArticlesIfDue,
  syncBeachFromDetail,
} from './recent.ts';
import { AUTO_SAVED_STORAGE_KEY, WEB_OFFLINE_STORAGE_KEY, currentDataMode } from './source.ts';

beforeEach(async () => {
  window.localStorage.clear();
  await deleteOfflineDatabase();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const viewed = (id: number) =>
  beach({
    id,
    key: `nsw-2026-beach-${id}`,
    title: `Beach ${id}`,
    url: `/nsw/waverley/bondi-beach/beach-${id}`,
  });

describe('recently viewed beaches are kept for offline use (issue 16)', () => {
  it('a viewed beach opens offline from the local database, by id and by path', async () => {
    await rememberViewedBeach(beach({ description: { Beach: 'A long surf beach.' }, hazard: 6 }));
    const byId = await localSource.beach({ id: 1 });
    expect(byId.beach).toMatchObject({
      title: 'Bondi Beach',
      hazard: 6,
      description: { Beach: 'A long surf beach.' },
    });
    // Offline, patrols today are not known: never guessed.
    expect(byId.beach.is_patrolled_today).toBeNull();
    const byPath = await localSource.beach({ path: 'nsw/waverley/bondi-beach/bondi-beach' });
    expect(byPath.beach.key).toBe('nsw-2026-bondi-beach');
  });

  it(`keeps the last ${RECENT_BEACHES_KEPT} (at least 20), most recent first, and drops older ones`, async () => {
    for (let id = 1; id <= RECENT_BEACHES_KEPT + 5; id++) await rememberViewedBeach(viewed(id));
    await rememberViewedBeach(viewed(10)); // viewed again: to the front
    const keys = await recentBeachKeys();
    expect(RECENT_BEACHES_KEPT).toBeGreaterThanOrEqual(20);
    expect(keys).toHaveLength(RECENT_BEACHES_KEPT);
    expect(keys[0]).toBe('nsw-2026-beach-10');
    expect(keys).not.toContain('nsw-2026-beach-1');
    const db = await openOfflineDb();
    expect(await db.beaches.count()).toBe(RECENT_BEACHES_KEPT);
    expect(await db.beach_index.get('nsw-2026-beach-1')).toBeUndefined();
    await expect(localSource.beach({ id: 1 })).rejects.toMatchObject({ status: 404 });
  });

  it('where every beach is saved, nothing is pruned and a synced record is not overwritten', async () => {
    window.localStorage.setItem(WEB_OFFLINE_STORAGE_KEY, '1');
    const db = await openOfflineDb();
    await writeBeaches(db, {
      upsert: [syncBeach({ id: 1, key: 'nsw-2026-bondi-beach', title: 'Bondi (synced)' })],
    });
    await rememberViewedBeach(beach({ title: 'Bondi (viewed)' }));
    expect((await db.beaches.get('nsw-2026-bondi-beach'))?.title).toBe('Bondi (synced)');
    for (let id = 2; id <= RECENT_BEACHES_KEPT + 3; id++) await rememberViewedBeach(viewed(id));
    expect(await db.beaches.count()).toBe(RECENT_BEACHES_KEPT + 3);
  });

  it('keeps the last known water quality of a viewed beach: offline it is out of date, with its age', async () => {
    const fetchedAt = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    const water_quality: WaterQuality = {
      forecast: 'likely',
      forecast_text: 'Pollution Likely',
      forecast_at: fetchedAt,
      latest_result: 'Poor',
      latest_result_rating: 3,
      sampled_at: fetchedAt,
      site: { id: '42', name: 'Bondi Beach', distance_m: 120 },
      source: {
        name: 'Beachwatch (NSW)',
        url: 'https://www.beachwatch.nsw.gov.au/',
        licence: 'CC BY 4.0',
        attribution: '© State of New South Wales',
        fetched_at: fetchedAt,
      },
      stale: false,
      age_seconds: 0,
    };
    await rememberViewedBeach(beach({ water_quality }));
    const offline = (await localSource.beach({ id: 1 })).beach.water_quality;
    expect(offline).toMatchObject({ forecast: 'likely', latest_result: 'Poor', stale: true });
    expect(offline!.age_seconds).toBeGreaterThanOrEqual(3 * 60 * 60);
    expect(offline!.age_seconds).toBeLessThan(3 * 60 * 60 + 60);
    // Viewed again with no site (mapping removed): no old forecast is kept.
    await rememberViewedBeach(beach({ water_quality: null }));
    expect((await localSource.beach({ id: 1 })).beach.water_quality).toBeNull();
    // A beach that falls off the recent list takes its forecast with it.
    await rememberViewedBeach(beach({ water_quality }));
    for (let id = 2; id <= RECENT_BEACHES_KEPT + 1; id++) await rememberViewedBeach(viewed(id));
    const db = await openOfflineDb();
    expect(await db.assets.where('name').equals('water_quality:nsw-2026-bondi-beach').count()).toBe(0);
  });

  it('keeps the last rip outlook fetched for a kept beach, as sent, and drops the rest (issue 29)', async () => {
    const outlook = ripOutlookFixture();
    await rememberViewedBeach(beach());
    await keepRipOutlook('nsw-2026-bondi-beach', outlook);
    expect(await offlineRipOutlook('nsw-2026-bondi-beach')).toEqual(outlook);
    // Never kept: none, not a guess.
    expect(await offlineRipOutlook('nsw-2026-beach-2')).toBeNull();
    // A followed beach this device does not keep: its copy goes when the next outlook is kept.
    await keepRipOutlook('nsw-2026-not-kept', outlook);
    await keepRipOutlook('nsw-2026-bondi-beach', outlook);
    expect(await offlineRipOutlook('nsw-2026-not-kept')).toBeNull();
    // A beach that falls off the recent list takes its outlook with it.
    for (let id = 2; id <= RECENT_BEACHES_KEPT + 1; id++) await rememberViewedBeach(viewed(id));
    expect(await offlineRipOutlook('nsw-2026-bondi-beach')).toBeNull();
  });

  it('offline, the local database is used once something has been saved automatically', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(currentDataMode()).toBe('online');
    await rememberViewedBeach(beach());
    expect(window.localStorage.getItem(AUTO_SAVED_STORAGE_KEY)).toBe('1');
    expect(currentDataMode()).toBe('offline');
  });

  it('the stored record is the sync record the offline source reads', () => {
    const record = syncBeachFromDetail(
      beach({ facilities: [{ type: 'Facility', name: 'Toilets', url: null }] }),
    );
    expect(JSON.parse(record.facilities)).toEqual([{ type: 'Facility', name: 'Toilets', url: null }]);
    expect(record).toMatchObject({
      key: 'nsw-2026-bondi-beach',
      data_source: 'Test source',
      updated_at: '2026-11-21T02:05:00.000Z',
    });
  });
});

describe('the core safety articles are kept for offline use', () => {
  function serveArticles() {
    return mockApi(
      Object.fromEntries(
        CORE_SAFETY_ARTICLE_SLUGS.map((slug) => [
          `GET /api/v4/surf-safety/${slug}`,
          [200, { article: article({ slug, title: slug, media: [], body: `<p>${slug}</p>` }) }] as [
            number,
            unknown,
          ],
        ]),
      ),
    );
  }

  it('are rips, the Surf Safety index, flags and signs and first aid, all of them offered offline', () => {
    expect(CORE_SAFETY_ARTICLE_SLUGS).toEqual(
      expect.arrayContaining(['ripcurrents', 'surf-safety', 'flags-and-signs', 'bystander-rescue']),
    );
    for (const slug of CORE_SAFETY_ARTICLE_SLUGS) expect(OFFLINE_ARTICLE_SLUGS).toContain(slug);
  });

  it('save the rip article first, then the Surf Safety index (issue 30)', async () => {
    const api = serveArticles();
    await saveCoreArticlesIfDue(new Date());
    expect(api.calls.slice(0, 2).map((call) => call.path)).toEqual([
      '/api/v4/surf-safety/ripcurrents',
      '/api/v4/surf-safety/surf-safety',
    ]);
    expect((await localSource.article('surf-safety')).body).toBe('<p>surf-safety</p>');
  });

  it('are saved once a day and then open offline', async () => {
    const api = serveArticles();
    const now = new Date();
    expect(await saveCoreArticlesIfDue(now)).toEqual([...CORE_SAFETY_ARTICLE_SLUGS]);
    expect((await localSource.article('ripcurrents')).body).toBe('<p>ripcurrents</p>');
    const calls = api.calls.length;
    expect(await saveCoreArticlesIfDue(new Date(now.getTime() + 60 * 60_000))).toEqual([]);
    expect(api.calls).toHaveLength(calls);
    expect(await saveCoreArticlesIfDue(new Date(now.getTime() + 25 * 60 * 60_000))).toHaveLength(
      CORE_SAFETY_ARTICLE_SLUGS.length,
    );
  });

  it('a failed article is tried again at the next start; where everything is synced nothing is fetched', async () => {
    mockApi({ 'GET /api/v4/surf-safety/ripcurrents': [200, { article: article({ media: [] }) }] });
    const now = new Date();
    expect(await saveCoreArticlesIfDue(now)).toEqual(['ripcurrents']);
    const api = serveArticles();
    expect(await saveCoreArticlesIfDue(now)).toHaveLength(CORE_SAFETY_ARTICLE_SLUGS.length);
    window.localStorage.setItem(WEB_OFFLINE_STORAGE_KEY, '1');
    const before = api.calls.length;
    expect(await saveCoreArticlesIfDue(new Date(now.getTime() + 48 * 60 * 60_000))).toEqual([]);
    expect(api.calls).toHaveLength(before);
  });
});
