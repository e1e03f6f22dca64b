import '../test/indexeddb.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_COORDINATE,
  LOCATION_LIMITS,
  OFFLINE_AUTOCOMPLETE_BEACH_LIMIT,
  OFFLINE_DEFAULT_BEACH_ID,
  offlineBeachId,
  roughDistanceMetres,
  searchResultPath,
  type LatLng,
  type LocationResponse,
  type SyncBeach,
} from '@safeshore/domain';
import { article, syncBeach } from '../test/offline-fixtures.ts';
import { ApiError } from './api.ts';
import type { LocationLookup } from './location.ts';
import {
  OFFLINE_CHANGE_CHANNEL,
  deleteOfflineDatabase,
  notifyOfflineDataChange,
  offlineDb,
  openOfflineDb,
  writeBeaches,
} from './offline-db.ts';
import { localSource } from './offline-source.ts';

/** Puts beaches in the local database as a sync page would (beaches and index rows, then the news). */
async function seed(beaches: SyncBeach[]): Promise<void> {
  await writeBeaches(await openOfflineDb(), { upsert: beaches });
  notifyOfflineDataChange();
}

function found(lookup: LocationLookup): LocationResponse {
  if (!lookup.found) throw new Error(`expected a place, got "${lookup.message}"`);
  return lookup.data;
}

beforeEach(async () => {
  await deleteOfflineDatabase();
});

describe('offline autocomplete', () => {
  it('returns up to 100 beaches', async () => {
    await seed(
      Array.from({ length: 150 }, (_, i) => syncBeach({ id: i + 1, title: `Smiths Beach ${i + 1}` })),
    );
    const result = await localSource.autocomplete('smiths');
    expect(result.beaches).toHaveLength(OFFLINE_AUTOCOMPLETE_BEACH_LIMIT);
    expect(result.beaches).toHaveLength(100);
  });

  it('ranks with the domain rule: exact, prefix, later word; patrolled first among equals', async () => {
    await seed([
      syncBeach({ id: 1, title: 'North Bondi' }),
      syncBeach({ id: 2, title: 'Bondi Beach', patrol: 0 }),
      syncBeach({ id: 3, title: 'Bondi Beach', patrol: 2, postcode: '2026' }),
      syncBeach({ id: 4, title: 'Bondi' }),
      syncBeach({ id: 5, title: 'Tamarama Beach' }),
    ]);
    const { beaches } = await localSource.autocomplete('  BONDI ');
    expect(beaches.map((b) => b.id)).toEqual([4, 3, 2, 1]);
    expect(beaches[1]).toEqual({
      id: 3,
      title: 'Bondi Beach',
      city: 'Bondi Beach',
      state: 'NSW',
      distance: null,
      url: syncBeach({ id: 3, title: 'Bondi Beach' }).url,
      postcode: '2026',
    });
    // Offline, a beach opens by id (spec section 2).
    expect(searchResultPath('beaches', beaches[1]!, true)).toBe('/beach/3');
  });

  it('finds places (by name or postcode), clubs and saved articles', async () => {
    await seed([
      syncBeach({ id: 1, title: 'Bondi Beach', clubs: [{ id: 70, title: 'Bondi Surf Bathers' }] }),
      syncBeach({
        id: 2,
        title: 'Tamarama Beach',
        city: 'Tamarama',
        postcode: '2026',
        postcode_url: '/nsw/waverley/tamarama',
      }),
    ]);
    await offlineDb.articles.put(article({ slug: 'bluebottle', title: 'Bluebottle' }));
    const bondi = await localSource.autocomplete('bondi');
    expect(bondi.locations).toEqual([
      {
        id: expect.any(Number) as number,
        title: 'Bondi Beach',
        city: 'Bondi Beach',
        state: 'NSW',
        distance: null,
        url: '/nsw/waverley/bondi-beach',
        postcode: '2026',
      },
    ]);
    expect(searchResultPath('locations', bondi.locations[0]!, true)).toBe('/postcode/2026');
    expect(bondi.clubs.map((c) => [c.id, c.url])).toEqual([
      [70, syncBeach({ id: 1, title: 'Bondi Beach' }).url],
    ]);
    const byPostcode = await localSource.autocomplete('2026');
    expect(byPostcode.locations.map((l) => l.title).sort()).toEqual(['Bondi Beach', 'Tamarama']);
    // Issue 30: the postcode's beaches and clubs too, as online.
    expect(byPostcode.beaches.map((b) => b.title).sort()).toEqual(['Bondi Beach', 'Tamarama Beach']);
    expect(byPostcode.clubs.map((c) => c.id)).toEqual([70]);
    expect(await localSource.autocomplete('3228')).toEqual({
      beaches: [],
      locations: [],
      clubs: [],
      articles: [],
    });
    expect((await localSource.autocomplete('blue')).articles.map((a) => a.url)).toEqual(['bluebottle']);
  });

  it('sees new beaches after the next sync page (the index is rebuilt per data version)', async () => {
    await seed([syncBeach({ id: 1, title: 'Bondi Beach' })]);
    expect((await localSource.autocomplete('clovelly')).beaches).toEqual([]);
    await seed([syncBeach({ id: 2, title: 'Clovelly Beach' })]);
    expect((await localSource.autocomplete('clovelly')).beaches.map((b) => b.id)).toEqual([2]);
  });

  it('keeps its index between queries until told the data changed, here or in another tab', async () => {
    await seed([syncBeach({ id: 1, title: 'Bondi Beach' })]);
    expect((await localSource.autocomplete('bondi')).beaches.map((b) => b.id)).toEqual([1]);
    // Written without the news: queries answer from memory and do not look at IndexedDB again.
    await writeBeaches(offlineDb, { upsert: [syncBeach({ id: 2, title: 'Bondi Icebergs' })] });
    expect((await localSource.autocomplete('bondi')).beaches.map((b) => b.id)).toEqual([1]);
    // Another tab's sync page announces itself on the channel.
    const otherTab = new BroadcastChannel(OFFLINE_CHANGE_CHANNEL);
    try {
      otherTab.postMessage('changed');
      await vi.waitFor(async () =>
        expect((await localSource.autocomplete('bondi')).beaches.map((b) => b.id).sort()).toEqual([1, 2]),
      );
    } finally {
      otherTab.close();
    }
  });

  it('builds its index from the compact rows, not the full beach records', async () => {
    await seed([syncBeach({ id: 1, title: 'Bondi Beach' })]);
    const full = vi.spyOn(offlineDb.beaches, 'toArray');
    expect((await localSource.autocomplete('bondi')).beaches).toHaveLength(1);
    expect(full).not.toHaveBeenCalled();
  });

  it('measures queries over 12,000 beaches (figure printed, not asserted)', async () => {
    const words = ['North', 'South', 'Little', 'Main', 'Back', 'Smiths', 'Bondi', 'Shelly', 'Red', 'Long'];
    const kinds = ['Beach', 'Bay', 'Point', 'Cove', 'Head'];
    const beaches = Array.from({ length: 12_000 }, (_, i) =>
      syncBeach({
        id: i + 1,
        title: `${words[i % 10]} ${words[Math.floor(i / 10) % 10]}${i % 7 === 0 ? 's' : ''} ${kinds[i % 5]} ${i}`,
        postcode: String(2000 + (i % 800)),
        city: `Town ${i % 800}`,
        latitude: -10 - (i % 300) * 0.1,
        longitude: 113 + Math.floor(i / 300) * 0.9,
        patrol: i % 3 === 0 ? 1 : 0,
      }),
    );
    await seed(beaches);
    await localSource.autocomplete('warm up');
    const queries = [
      'bo',
      'bondi',
      'north sm',
      'shelly bay',
      'red',
      'point 11',
      'town 4',
      'lo',
      'main back',
      'zz',
    ];
    const times: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      for (const query of queries) {
        const start = performance.now();
        await localSource.autocomplete(query);
        times.push(performance.now() - start);
      }
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.floor(times.length * 0.95)]!;
    console.log(
      `offline autocomplete over 12,000 beaches (jsdom, fake-indexeddb): median ${times[times.length >> 1]!.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms over ${times.length} queries`,
    );
    expect((await localSource.autocomplete('bondi')).beaches).toHaveLength(100);
  }, 60_000);
});

/**
 * A coast running south from near Bondi: beach i at latitude -33.80 - i/100, every other one
 * patrolled, five beaches per postcode (2000, 2001, …), plus two South Australian beaches.
 */
function coast(): SyncBeach[] {
  const list = Array.from({ length: 40 }, (_, index) => {
    const i = index + 1;
    const postcode = String(2000 + Math.floor(index / 5));
    return syncBeach({
      id: i,
      title: `Beach ${i}`,
      latitude: -33.8 - i / 100,
      longitude: 151.28 + (i % 3) / 1000,
      patrol: i % 2 === 1 ? 1 : i % 4 === 0 ? null : 0,
      postcode,
      city: `Town ${postcode}`,
      postcode_url: `/nsw/coast/town-${postcode}`,
      area_url: i <= 20 ? '/nsw/coast' : '/nsw/south-coast',
      area: i <= 20 ? 'Coast' : 'South Coast',
    });
  });
  const sa = [41, 42].map((id) =>
    syncBeach({
      id,
      title: `Glenelg ${id}`,
      state: 'SA',
      postcode: '5045',
      city: 'Glenelg',
      postcode_url: '/sa/holdfast-bay/glenelg',
      area_url: '/sa/holdfast-bay',
      area: 'Holdfast Bay',
      latitude: -34.98,
      longitude: 138.51 + id / 1000,
      patrol: 1,
      timezone: 'Australia/Adelaide',
    }),
  );
  return [...list, ...sa];
}

function expectNearestFirst(origin: LatLng, list: Array<LatLng & { distance: number | null }>) {
  const distances = list.map((beach) => roughDistanceMetres(origin, beach));
  expect(list.map((beach) => beach.distance)).toEqual(distances.map((d) => Math.round(d)));
  expect([...distances].sort((a, b) => a - b)).toEqual(distances);
}

describe('offline location by coordinates', () => {
  it('lists the 6 closest patrolled and the 6 closest beaches of every kind by the rough distance', async () => {
    const beaches = coast();
    await seed(beaches);
    const origin = { latitude: -33.954, longitude: 151.28 };
    const data = found(await localSource.location(origin));

    expect(data.patrolledBeaches).toHaveLength(LOCATION_LIMITS.patrolled);
    expect(data.closestBeaches).toHaveLength(LOCATION_LIMITS.closest);
    expect(data.patrolledBeaches.every((b) => (b.patrol ?? 0) >= 1)).toBe(true);
    // Closest: every kind, so the nearest beach (15, patrolled) is never hidden.
    expect(data.closestBeaches.some((b) => (b.patrol ?? 0) >= 1)).toBe(true);
    expect(data.closestBeaches.some((b) => b.patrol === null)).toBe(true);
    expectNearestFirst(origin, data.patrolledBeaches);
    expectNearestFirst(origin, data.closestBeaches);
    // Exactly the nearest ones: beach 15 is the nearest patrolled and the nearest of all.
    expect(data.patrolledBeaches.map((b) => b.id)).toEqual([15, 17, 13, 19, 11, 21]);
    expect(data.closestBeaches.map((b) => b.id)).toEqual([15, 16, 14, 17, 13, 18]);
    // Facts the local database does not hold stay unknown.
    expect(data.patrolledBeaches.every((b) => b.is_patrolled_today === null)).toBe(true);
  });

  it('places the point in the postcode of its nearest beach and lists 4 other postcodes, nearest first', async () => {
    await seed(coast());
    const origin = { latitude: -33.954, longitude: 151.28 };
    const data = found(await localSource.location(origin));
    // Nearest beach: 15 (latitude -33.95), postcode 2002 (beaches 11-15).
    expect(data.place).toMatchObject({
      postcode: '2002',
      title: 'Town 2002',
      state: 'NSW',
      url: '/nsw/coast/town-2002',
      beaches_count: 5,
      current_observations: null,
      current_point_place_forecasts: null,
      todays_marine_warnings: [],
    });
    expect(data.place!.latitude).toBeCloseTo(-33.93, 6);
    expect(data.closestPostcodes).toHaveLength(LOCATION_LIMITS.postcodes);
    expect(data.closestPostcodes.map((p) => p.postcode)).toEqual(['2003', '2001', '2004', '2000']);
    expect(data.closestPostcodes[0]).toMatchObject({
      title: 'Town 2003',
      beaches_count: 5,
      url: '/nsw/coast/town-2003',
    });
    expect(data).toMatchObject({
      announcements: [],
      show_algal_bloom_warning: false,
      resolved_by: 'coordinates',
      dataSourceWasOnline: false,
    });
  });

  it('turns on the algal bloom warning for a place in SA', async () => {
    await seed(coast());
    const data = found(await localSource.location({ latitude: -34.98, longitude: 138.55 }));
    expect(data.place?.state).toBe('SA');
    expect(data.show_algal_bloom_warning).toBe(true);
  });

  it('uses the default coordinate when there is no query', async () => {
    await seed(coast());
    const data = found(await localSource.location(null));
    expect(data.resolved_by).toBe('default');
    expectNearestFirst(DEFAULT_COORDINATE, data.closestBeaches);
  });

  it('says honestly that nothing is there when the database is empty', async () => {
    expect(await localSource.location({ latitude: -33.9, longitude: 151.2 })).toEqual({
      found: false,
      message: 'Location not found.',
      state: null,
    });
  });
});

describe('offline location by url', () => {
  it("/postcode/{postcode} lists that postcode's beaches", async () => {
    await seed(coast());
    const data = found(await localSource.location({ url: '/postcode/2002' }));
    expect(data.place).toMatchObject({ postcode: '2002', title: 'Town 2002', beaches_count: 5 });
    const ids = [...new Set([...data.patrolledBeaches, ...data.closestBeaches].map((b) => b.id))].sort(
      (a, b) => a - b,
    );
    expect(ids).toEqual([11, 12, 13, 14, 15]);
    expect(data.closestPostcodes.map((p) => p.postcode)).not.toContain('2002');
    expect(data.resolved_by).toBe('url');
  });

  it('an unknown postcode is not found', async () => {
    await seed(coast());
    expect(await localSource.location({ url: '/postcode/9999' })).toMatchObject({
      found: false,
      state: null,
    });
  });

  it('finds a place page by its url, and sends an unknown one to its state', async () => {
    await seed(coast());
    const data = found(await localSource.location({ url: '/nsw/coast/town-2003' }));
    expect(data.place).toMatchObject({ postcode: '2003', url: '/nsw/coast/town-2003' });
    const area = found(await localSource.location({ url: '/sa/holdfast-bay' }));
    expect(area.place?.postcode).toBe('5045');
    expect(await localSource.location({ url: '/nsw/nowhere/atlantis' })).toEqual({
      found: false,
      message: 'Location not found.',
      state: 'nsw',
    });
    // The state's default page answers from its coordinate (Sydney), so the redirect lands.
    const sydney = found(await localSource.location({ url: '/nsw/sydney/sydney' }));
    expect(sydney.place?.state).toBe('NSW');
    expect(await localSource.location({ url: '/not-a-place' })).toMatchObject({ found: false });
  });
});

describe('offline beach', () => {
  it('builds the beach page from the local record, by id and by path', async () => {
    await seed([
      ...coast(),
      syncBeach({
        id: OFFLINE_DEFAULT_BEACH_ID,
        title: 'Default Beach',
        description: JSON.stringify({ Beach: 'Summary.', Hazards: 'Rips.' }),
        facilities: JSON.stringify([{ type: 'Rip', name: 'Permanent rip', url: null }]),
        clubs: [{ id: 9, title: 'Default SLSC' }],
        latitude: -33.9049,
        longitude: 151.28,
        area_url: '/nsw/coast',
        is_sample: true,
      }),
    ]);
    const byId = await localSource.beach({ id: offlineBeachId('not-a-number') });
    const { beach } = byId;
    expect(beach).toMatchObject({
      id: 1380,
      title: 'Default Beach',
      description: { Beach: 'Summary.', Hazards: 'Rips.' },
      facilities: [{ type: 'Rip', name: 'Permanent rip', url: null }],
      clubs: [{ id: 9, title: 'Default SLSC' }],
      is_patrolled_today: null,
      attendances: {},
      weather: null,
      currentTide: null,
      currentUV: null,
      todays_marine_warnings: [],
      is_sample: true,
      source: { name: 'Test data', licence: 'CC BY 4.0' },
      distance: null,
    });
    expect(byId.images).toEqual([]);
    expect(byId.todayPosts).toEqual([]);
    // The 4 nearest other beaches: 10 and 11 (1 km from -33.9049), then 9 and 12.
    expect(byId.nearBy.map((b) => b.id)).toEqual([10, 11, 9, 12]);
    expectNearestFirst(beach, byId.nearBy);
    expect(byId.relatedBeaches.every((b) => b.id <= 20)).toBe(true);
    expect(byId.relatedBeaches).toHaveLength(4);

    const byPath = await localSource.beach({
      path: syncBeach({ id: 1380, title: 'Default Beach' }).url.slice(1).toUpperCase(),
    });
    expect(byPath.beach.id).toBe(1380);
  });

  it('shows unreadable description and facilities as none rather than failing', async () => {
    await seed([syncBeach({ id: 7, description: '{broken', facilities: '[{"type": 1}]' })]);
    const { beach } = await localSource.beach({ id: 7 });
    expect(beach.description).toEqual({});
    expect(beach.facilities).toEqual([]);
  });

  it('answers an unknown beach with the same 404 the API gives', async () => {
    await seed(coast());
    const error = await localSource.beach({ id: 999 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Beach not found.' });
  });
});

describe('offline article', () => {
  it('serves the saved article with its media from the local database', async () => {
    const saved = article();
    await offlineDb.articles.put(saved);
    await offlineDb.media.put({
      id: 'rip-diagram',
      mime: 'image/svg+xml',
      content: new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }),
      slug: 'ripcurrents',
      url: '/media/rip.svg',
    });
    const result = await localSource.article('ripcurrents');
    const local = result.media[0]!.url;
    expect(local).toMatch(/^(blob:|data:image\/svg\+xml)/);
    expect(result.media[0]!.download).toBe(local);
    expect(result.body).toContain(`<img src="${local}" alt="A rip">`);
    expect(result.body).not.toContain('"/media/rip.svg"');
    // Media that was not saved keeps its address (the page shows "Image not available" offline).
    expect(result.body).toContain('href="/media/rip.pdf?download=1"');
    expect(result.title).toBe('Rip currents');
  });

  it('answers a missing article with the 404 the content page shows as Not Found', async () => {
    await expect(localSource.article('sharks')).rejects.toMatchObject({
      status: 404,
      message: 'Page not found...',
    });
  });
});
