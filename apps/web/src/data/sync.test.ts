import '../test/indexeddb.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_ARTICLE_SLUGS, type SyncResponse } from '@safeshore/domain';
import { deferred } from '../test/api-mock.ts';
import { article, json, stubFetch, syncBeach, syncPage } from '../test/offline-fixtures.ts';
import {
  ASSET_NAMES,
  deleteOfflineDatabase,
  getAsset,
  offlineDb,
  setAsset,
  toBeachIndexRecord,
} from './offline-db.ts';
import {
  SYNC_LOCK_NAME,
  findLocalAsset,
  findLocalBeach,
  getBeachesSyncedAt,
  hasOfflineData,
  localBeachCount,
  syncOfflineData,
  type SyncProgress,
} from './sync.ts';

type Answer = SyncResponse | Response;

/** A sync endpoint answering by the request's `since` ('' for none). */
function syncServer(bySince: Record<string, Answer>, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'POST /api/v4/sync': (body) => {
      const since = (body as { since?: string | null }).since ?? '';
      const answer = bySince[since];
      if (!answer) return json(500, { message: `no page for ${since}` });
      return answer instanceof Response ? answer : json(200, answer);
    },
    ...extra,
  });
}

const beaches = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => syncBeach({ id: from + i }));

/** Three pages of a first (full) sync: 3 + 3 + 2 beaches. */
function fullStream(): Record<string, Answer> {
  return {
    '': syncPage({ beaches_upsert: beaches(1, 3), cursor: 'c1', has_more: true, full: true, total: 8 }),
    c1: syncPage({ beaches_upsert: beaches(4, 6), cursor: 'c2', has_more: true, total: 5 }),
    c2: syncPage({
      beaches_upsert: beaches(7, 8),
      cursor: 'c3',
      has_more: false,
      total: 2,
      beaches_synced_at: '2026-01-10T01:00:03Z',
    }),
  };
}

/** The compact index table holds exactly the local beaches, field for field, without their long texts. */
async function expectIndexFollowsBeaches(): Promise<void> {
  const [stored, index] = await Promise.all([offlineDb.beaches.toArray(), offlineDb.beach_index.toArray()]);
  expect(index).toEqual(stored.map(toBeachIndexRecord));
  expect(index.every((row) => !('description' in row) && !('facilities' in row))).toBe(true);
}

const indexKeys = async () => (await offlineDb.beach_index.toCollection().primaryKeys()).sort();

const syncCalls = (calls: Array<{ method: string; path: string; body: unknown }>) =>
  calls.filter((call) => call.path === '/api/v4/sync').map((call) => (call.body as { since: unknown }).since);

beforeEach(async () => {
  await deleteOfflineDatabase();
});

afterEach(() => {
  // jsdom has no Web Locks; some tests add a fake one.
  delete (navigator as { locks?: unknown }).locks;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('syncOfflineData: beaches', () => {
  it('applies a first sync over several pages, checkpointing each, with progress', async () => {
    const { calls } = syncServer(fullStream());
    const progress: SyncProgress[] = [];
    expect(await hasOfflineData()).toBe(false);
    expect(await getBeachesSyncedAt()).toBeNull();

    const result = await syncOfflineData({ onProgress: (p) => progress.push(p) });

    expect(syncCalls(calls)).toEqual([null, 'c1', 'c2']);
    expect(result).toMatchObject({
      syncedAt: '2026-01-10T01:00:03Z',
      upserted: 8,
      deleted: 0,
      pages: 3,
      full: true,
      sharedWithOtherTab: false,
    });
    expect(result.lastResponse?.cursor).toBe('c3');
    expect(await localBeachCount()).toBe(8);
    expect(await offlineDb.beach_index.count()).toBe(8);
    await expectIndexFollowsBeaches();
    expect(await getAsset(ASSET_NAMES.beachesCursor)).toBe('c3');
    expect(await getBeachesSyncedAt()).toBe('2026-01-10T01:00:03Z');
    expect(await hasOfflineData()).toBe(true);
    expect(progress.filter((p) => p.phase === 'beaches')).toEqual([
      { phase: 'beaches', done: 3, total: 8 },
      { phase: 'beaches', done: 6, total: 8 },
      { phase: 'beaches', done: 8, total: 8 },
    ]);
    const articles = progress.filter((p) => p.phase === 'articles');
    expect(articles.at(-1)).toEqual({
      phase: 'articles',
      done: OFFLINE_ARTICLE_SLUGS.length,
      total: OFFLINE_ARTICLE_SLUGS.length,
    });
    // Stored as received: description and facilities stay JSON text.
    const stored = await findLocalBeach(syncBeach({ id: 5 }).key);
    expect(stored).toEqual(syncBeach({ id: 5 }));
    expect(await findLocalBeach('no-such-key')).toBeNull();
  });

  it('keeps the last whole page when a later page fails, and resumes from it', async () => {
    const stream = fullStream();
    const { calls } = syncServer({ ...stream, c1: json(503, { message: 'Service unavailable' }) });

    await expect(syncOfflineData()).rejects.toMatchObject({ status: 503 });
    expect(await localBeachCount()).toBe(3);
    expect(await getAsset(ASSET_NAMES.beachesCursor)).toBe('c1');
    expect(await getBeachesSyncedAt()).toBe('2026-01-10T01:00:00Z');

    expect(syncCalls(calls)).toEqual([null, 'c1']);
    // The server recovers: the next sync continues after page 1 rather than starting over.
    const { calls: retried } = syncServer(stream);
    const result = await syncOfflineData();
    expect(syncCalls(retried)).toEqual(['c1', 'c2']);
    expect(result).toMatchObject({ upserted: 5, pages: 2, full: false });
    expect(await localBeachCount()).toBe(8);
    expect(await getAsset(ASSET_NAMES.beachesCursor)).toBe('c3');
  });

  it('never applies half a page: a page that cannot be stored leaves the previous checkpoint', async () => {
    syncServer(fullStream());
    await syncOfflineData();
    // A page whose write fails part-way (bad key on its second beach) must roll back entirely.
    syncServer({
      c3: syncPage({
        beaches_upsert: [syncBeach({ id: 20 }), { ...syncBeach({ id: 21 }), key: undefined as never }],
        beaches_delete: [syncBeach({ id: 1 }).key],
        cursor: 'c4',
        total: 3,
      }),
    });
    const keysBefore = await indexKeys();
    await expect(syncOfflineData()).rejects.toThrow();
    expect(await localBeachCount()).toBe(8);
    expect(await findLocalBeach(syncBeach({ id: 1 }).key)).not.toBeNull();
    expect(await findLocalBeach(syncBeach({ id: 20 }).key)).toBeNull();
    // The index rows roll back with the beaches: beach 1 still indexed, beach 20 not.
    expect(await indexKeys()).toEqual(keysBefore);
    await expectIndexFollowsBeaches();
    expect(await getAsset(ASSET_NAMES.beachesCursor)).toBe('c3');
  });

  it('applies deletes and updates of a delta sync', async () => {
    syncServer(fullStream());
    await syncOfflineData();
    const renamed = syncBeach({ id: 2, title: 'Beach 2', hazard: 9, key: syncBeach({ id: 2 }).key });
    const { calls } = syncServer({
      c3: syncPage({
        beaches_upsert: [renamed],
        beaches_delete: [syncBeach({ id: 1 }).key, syncBeach({ id: 3 }).key],
        cursor: 'c4',
        total: 3,
        beaches_synced_at: '2026-01-11T00:00:00Z',
      }),
    });
    const result = await syncOfflineData();
    expect(syncCalls(calls)).toEqual(['c3']);
    expect(result).toMatchObject({ upserted: 1, deleted: 2, pages: 1, full: false });
    expect(await localBeachCount()).toBe(6);
    expect(await findLocalBeach(syncBeach({ id: 1 }).key)).toBeNull();
    expect((await findLocalBeach(renamed.key))?.hazard).toBe(9);
    // The index follows: the deleted beaches' rows are gone, the updated one carries the update.
    expect(await offlineDb.beach_index.get(syncBeach({ id: 1 }).key)).toBeUndefined();
    expect(await offlineDb.beach_index.get(syncBeach({ id: 3 }).key)).toBeUndefined();
    expect(await offlineDb.beach_index.get(renamed.key)).toMatchObject({ title: 'Beach 2', hazard: 9 });
    await expectIndexFollowsBeaches();
    expect(await getBeachesSyncedAt()).toBe('2026-01-11T00:00:00Z');
  });

  it('replaces every local beach when the server answers with a full stream', async () => {
    syncServer(fullStream());
    await syncOfflineData();
    // The cursor is too old for a delta: the server starts from nothing.
    syncServer({
      c3: syncPage({ beaches_upsert: [syncBeach({ id: 50 })], cursor: 'z1', full: true, total: 1 }),
    });
    const result = await syncOfflineData();
    expect(result.full).toBe(true);
    expect(await localBeachCount()).toBe(1);
    expect(await findLocalBeach(syncBeach({ id: 50 }).key)).not.toBeNull();
    // The old index rows went with the old beaches.
    expect(await indexKeys()).toEqual([syncBeach({ id: 50 }).key]);
    await expectIndexFollowsBeaches();
  });

  it('keeps the old beaches and index rows when the first page of a full resync cannot be stored', async () => {
    syncServer(fullStream());
    await syncOfflineData();
    syncServer({
      c3: syncPage({
        beaches_upsert: [syncBeach({ id: 60 }), { ...syncBeach({ id: 61 }), key: undefined as never }],
        cursor: 'z1',
        full: true,
        total: 2,
      }),
    });
    await expect(syncOfflineData()).rejects.toThrow();
    expect(await localBeachCount()).toBe(8);
    expect(await offlineDb.beach_index.count()).toBe(8);
    await expectIndexFollowsBeaches();
  });

  it('stops between pages when aborted, keeping the pages already applied', async () => {
    const controller = new AbortController();
    syncServer(fullStream());
    const sync = syncOfflineData({
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'beaches' && p.done === 3) controller.abort();
      },
    });
    await expect(sync).rejects.toMatchObject({ name: 'AbortError' });
    expect(await localBeachCount()).toBe(3);
    expect(await getAsset(ASSET_NAMES.beachesCursor)).toBe('c1');
  });

  it('refuses a server that repeats its cursor instead of looping for ever', async () => {
    syncServer({ '': syncPage({ beaches_upsert: beaches(1, 1), cursor: '', has_more: true, total: 5 }) });
    await expect(syncOfflineData()).rejects.toThrow('The sync did not advance');
  });

  it('shares one network stream between two calls in the same tab (a double click)', async () => {
    const stream = fullStream();
    const gate = deferred<void>();
    const { calls: shared } = stubFetch({
      'POST /api/v4/sync': async (body) => {
        const since = (body as { since: string | null }).since ?? '';
        if (since === '') await gate.promise;
        return json(200, stream[since]);
      },
    });
    const progressOfSecond: SyncProgress[] = [];
    const first = syncOfflineData();
    const second = syncOfflineData({ onProgress: (p) => progressOfSecond.push(p) });
    gate.resolve();
    const [a, b] = await Promise.all([first, second]);
    expect(syncCalls(shared)).toEqual([null, 'c1', 'c2']);
    expect(b).toBe(a);
    expect(progressOfSecond.find((p) => p.phase === 'beaches')).toEqual({
      phase: 'beaches',
      done: 3,
      total: 8,
    });
    expect(await localBeachCount()).toBe(8);
  });
});

/** navigator.locks with one exclusive lock name, as two tabs of one browser share it. */
function fakeLocks() {
  let held = false;
  const waiting: Array<() => void> = [];
  const release = () => {
    held = false;
    waiting.shift()?.();
  };
  const acquire = () =>
    new Promise<void>((resolve) => {
      if (!held) {
        held = true;
        resolve();
      } else
        waiting.push(() => {
          held = true;
          resolve();
        });
    });
  const requested: string[] = [];
  const locks = {
    requested,
    async request(name: string, options: LockOptions, callback: (lock: { name: string } | null) => unknown) {
      requested.push(name);
      if (options.ifAvailable && held) return callback(null);
      await acquire();
      try {
        return await callback({ name });
      } finally {
        release();
      }
    },
    /** Another tab takes the lock until the returned function is called. */
    async holdAsOtherTab(): Promise<() => void> {
      await acquire();
      return release;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return locks;
}

describe('syncOfflineData: one tab at a time', () => {
  it('runs under the safeshore-sync lock', async () => {
    const locks = fakeLocks();
    syncServer(fullStream());
    await syncOfflineData();
    expect(locks.requested).toEqual([SYNC_LOCK_NAME]);
  });

  it("waits for another tab's sync and reports its result instead of syncing again", async () => {
    const locks = fakeLocks();
    const releaseOtherTab = await locks.holdAsOtherTab();
    const { calls } = syncServer(fullStream());
    const waiting = syncOfflineData();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The other tab finishes: it wrote the outcome before releasing the lock.
    const otherResult = {
      syncedAt: '2026-01-12T00:00:00Z',
      upserted: 8,
      deleted: 0,
      pages: 3,
      full: true,
      lastResponse: null,
      articlesSaved: 0,
      articlesFailed: [],
      mediaFailed: [],
      sharedWithOtherTab: false,
    };
    await setAsset(
      ASSET_NAMES.lastSyncOutcome,
      JSON.stringify({ ok: true, finishedAt: Date.now(), result: otherResult }),
    );
    releaseOtherTab();
    const result = await waiting;
    expect(result).toEqual({ ...otherResult, sharedWithOtherTab: true });
    expect(calls).toHaveLength(0);
  });

  it("reports the other tab's failure", async () => {
    const locks = fakeLocks();
    const releaseOtherTab = await locks.holdAsOtherTab();
    syncServer(fullStream());
    const waiting = syncOfflineData();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await setAsset(
      ASSET_NAMES.lastSyncOutcome,
      JSON.stringify({ ok: false, finishedAt: Date.now(), message: 'Request failed (500)' }),
    );
    releaseOtherTab();
    await expect(waiting).rejects.toThrow('Request failed (500)');
  });

  it('syncs itself when the other tab went away without finishing', async () => {
    const locks = fakeLocks();
    const releaseOtherTab = await locks.holdAsOtherTab();
    const { calls } = syncServer(fullStream());
    const waiting = syncOfflineData();
    releaseOtherTab();
    const result = await waiting;
    expect(result.sharedWithOtherTab).toBe(false);
    expect(syncCalls(calls)).toEqual([null, 'c1', 'c2']);
  });
});

describe('syncOfflineData: articles, media and assets', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';

  it('stores the articles with their media, skipping and reporting what fails', async () => {
    const withTwoMedia = article({
      media: [
        ...article().media,
        {
          id: 'rip-guide',
          mime: 'application/pdf',
          title: 'Rip guide',
          url: '/media/rip.pdf',
          download: '/media/rip.pdf?download=1',
        },
      ],
    });
    const { calls } = syncServer(fullStream(), {
      'GET /api/v4/surf-safety/ripcurrents': () => json(200, { article: withTwoMedia }),
      'GET /api/v4/surf-safety/sharks': () =>
        json(200, { article: article({ slug: 'sharks', title: 'Sharks', media: [] }) }),
      'GET /media/rip.svg': () => new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } }),
      'GET /media/rip.pdf': () => new Response('gone', { status: 500 }),
    });
    const result = await syncOfflineData();

    expect(result.articlesSaved).toBe(2);
    expect(result.articlesFailed).toHaveLength(OFFLINE_ARTICLE_SLUGS.length - 2);
    expect(result.articlesFailed).not.toContain('ripcurrents');
    expect(result.mediaFailed).toEqual(['ripcurrents/rip-guide']);
    // The beach sync still counts as done.
    expect(await localBeachCount()).toBe(8);
    expect(await offlineDb.articles.get('ripcurrents')).toEqual(withTwoMedia);
    const media = await offlineDb.media.where('slug').equals('ripcurrents').toArray();
    expect(media.map((m) => m.id)).toEqual(['rip-diagram']);
    expect(await media[0]!.content.text()).toBe(svg);
    expect(media[0]!.mime).toBe('image/svg+xml');
    // Online-only content is not saved.
    expect(calls.some((c) => c.path === '/api/v4/surf-safety/multilingual')).toBe(false);
    expect(calls.some((c) => c.path === '/api/v4/surf-safety/apps')).toBe(false);
    expect(await getAsset(ASSET_NAMES.appVersion)).toBe('0.0.0-test');

    // Unchanged articles are not downloaded again; the failed media is retried.
    calls.length = 0;
    syncServer(
      { c3: syncPage({ cursor: 'c3' }) },
      {
        'GET /api/v4/surf-safety/ripcurrents': () => json(200, { article: withTwoMedia }),
        'GET /api/v4/surf-safety/sharks': () =>
          json(200, { article: article({ slug: 'sharks', title: 'Sharks', media: [] }) }),
        'GET /media/rip.svg': () => new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } }),
        'GET /media/rip.pdf': () =>
          new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
      },
    );
    const again = await syncOfflineData();
    expect(again.mediaFailed).toEqual([]);
    expect(
      (await offlineDb.media.where('slug').equals('ripcurrents').toArray()).map((m) => m.id).sort(),
    ).toEqual(['rip-diagram', 'rip-guide']);
  });

  it('keeps a stored copy when the article cannot be fetched this time', async () => {
    syncServer(fullStream(), {
      'GET /api/v4/surf-safety/sharks': () => json(200, { article: article({ slug: 'sharks', media: [] }) }),
    });
    await syncOfflineData();
    syncServer(
      { c3: syncPage({ cursor: 'c3' }) },
      {
        'GET /api/v4/surf-safety/sharks': () => json(503, { message: 'down' }),
      },
    );
    const result = await syncOfflineData();
    expect(result.articlesFailed).toContain('sharks');
    expect(await offlineDb.articles.get('sharks')).toBeDefined();
  });

  it('finds local assets by id for the developer tools', async () => {
    syncServer(fullStream());
    await syncOfflineData();
    const synced = await offlineDb.assets.where('name').equals(ASSET_NAMES.beachesSyncedAt).first();
    expect(await findLocalAsset(synced!.id)).toEqual({
      id: synced!.id,
      name: 'beaches_synced_at',
      content: '2026-01-10T01:00:03Z',
    });
    expect(await findLocalAsset(9999)).toBeNull();
  });
});
