import '../test/indexeddb.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, syncBeach, syncPage } from '../test/offline-fixtures.ts';
import { ASSET_NAMES, deleteOfflineDatabase, getAsset, offlineDb, setAsset } from './offline-db.ts';
import { SNAPSHOT_PATH, syncOfflineData } from './sync.ts';

/** The first sync from the server's snapshot, then the delta after its cursor (issue 20). */

const beaches = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => syncBeach({ id: from + i }));

const syncSinces = (calls: Array<{ path: string; body: unknown }>) =>
  calls.filter((call) => call.path === '/api/v4/sync').map((call) => (call.body as { since: unknown }).since);

beforeEach(async () => {
  await deleteOfflineDatabase();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('first sync from the snapshot', () => {
  it('stores the snapshot (in chunks), then syncs the delta from its cursor', async () => {
    const { calls } = stubFetch({
      [`GET ${SNAPSHOT_PATH}`]: () =>
        json(200, syncPage({ beaches_upsert: beaches(1, 2500), cursor: 's1', full: true, total: 2500 })),
      'POST /api/v4/sync': (body) => {
        const since = (body as { since: string | null }).since;
        return since === 's1'
          ? json(
              200,
              syncPage({
                beaches_upsert: [{ ...syncBeach({ id: 7 }), title: 'Changed' }],
                cursor: 's2',
                total: 1,
              }),
            )
          : json(500, { message: `unexpected since ${since}` });
      },
    });
    const progress: number[] = [];
    const result = await syncOfflineData({
      onProgress: (p) => p.phase === 'beaches' && progress.push(p.done),
    });
    expect(syncSinces(calls)).toEqual(['s1']);
    expect(await offlineDb.beaches.count()).toBe(2500);
    expect((await offlineDb.beaches.get(syncBeach({ id: 7 }).key))?.title).toBe('Changed');
    expect(await getAsset(ASSET_NAMES.beachesCursor)).toBe('s2');
    expect(result).toMatchObject({ full: true, upserted: 2501, pages: 2 });
    expect(progress.slice(0, 2)).toEqual([2000, 2500]);
  });

  it('syncs page by page when the server has no snapshot, and never uses one after the first sync', async () => {
    const { calls } = stubFetch({
      [`GET ${SNAPSHOT_PATH}`]: () => json(503, { message: 'being prepared' }),
      'POST /api/v4/sync': (body) =>
        (body as { since: string | null }).since === null
          ? json(200, syncPage({ beaches_upsert: beaches(1, 3), cursor: 'c1', full: true, total: 3 }))
          : json(200, syncPage({ cursor: 'c2' })),
    });
    await syncOfflineData();
    expect(syncSinces(calls)).toEqual([null]);
    expect(await offlineDb.beaches.count()).toBe(3);
    await syncOfflineData();
    expect(calls.filter((call) => call.path === SNAPSHOT_PATH)).toHaveLength(1);
    expect(syncSinces(calls)).toEqual([null, 'c1']);
  });

  it('applies the deletes the snapshot lists after its beaches', async () => {
    stubFetch({
      [`GET ${SNAPSHOT_PATH}`]: () =>
        json(
          200,
          syncPage({
            beaches_upsert: beaches(1, 3),
            beaches_delete: [syncBeach({ id: 2 }).key],
            cursor: 's1',
            full: true,
            total: 4,
          }),
        ),
      'POST /api/v4/sync': () => json(200, syncPage({ cursor: 's1' })),
    });
    await syncOfflineData();
    expect((await offlineDb.beaches.toArray()).map((b) => b.id).sort()).toEqual([1, 3]);
  });

  it('replaces the local beaches when a cursor was lost', async () => {
    await offlineDb.beaches.put(syncBeach({ id: 99 }));
    await setAsset(ASSET_NAMES.beachesSyncedAt, '2026-01-01T00:00:00Z');
    stubFetch({
      [`GET ${SNAPSHOT_PATH}`]: () =>
        json(200, syncPage({ beaches_upsert: beaches(1, 2), cursor: 's1', full: true, total: 2 })),
      'POST /api/v4/sync': () => json(200, syncPage({ cursor: 's1' })),
    });
    await syncOfflineData();
    expect((await offlineDb.beaches.toArray()).map((b) => b.id).sort()).toEqual([1, 2]);
  });
});
