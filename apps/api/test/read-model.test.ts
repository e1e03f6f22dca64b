import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncResponseSchema, type SyncResponse } from '@safeshore/domain';
import { markBeachesChanged } from '../src/db/changes.ts';
import { bumpDataVersion, readDataVersion } from '../src/db/data-version.ts';
import { importAnnouncements } from '../src/db/seed/announcements.ts';
import { importArticles } from '../src/db/seed/articles.ts';
import { importBeaches } from '../src/db/seed/beaches.ts';
import { importHolidays } from '../src/db/seed/holidays.ts';
import { importIpRanges } from '../src/db/seed/ip-ranges.ts';
import { importOsm } from '../src/db/seed/osm/import.ts';
import { importPlaces } from '../src/db/seed/places.ts';
import { removeBeach } from '../src/db/seed/remove-beach.ts';
import { loadSampleData, removeSampleData } from '../src/db/seed/sample.ts';
import { createAlgalRepository } from '../src/modules/algal/algal.repository.ts';
import { createLocalStorage } from '../src/modules/algal/storage.ts';
import {
  chooseEncoding,
  createReadModel,
  matchesIfNoneMatch,
  RENDER_REUSE_MAX_MS,
} from '../src/modules/read-model/cache.ts';
import {
  createSyncSnapshot,
  SNAPSHOT_QUALITY,
  SNAPSHOT_QUICK_QUALITY,
} from '../src/modules/sync/snapshot.ts';
import { createSyncRepository } from '../src/modules/sync/sync.repository.ts';
import { createSyncService } from '../src/modules/sync/sync.service.ts';
import { importWaterQualitySites } from '../src/modules/water-quality/import-sites.ts';
import { CONTENT_DIR, DATA_DIR, FIXTURES, startTestApp, type TestApp } from './helpers.ts';
import { testClock } from './clock.ts';

/**
 * The versioned read model (issue 20): cached public answers, ETags and 304s, and every writer of
 * public data raising the version so the caches let go.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-read-model-'));
const write = (name: string, text: string) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};

let t: TestApp;
const clock = testClock();
let bondi: { id: number; key: string; url: string };

beforeAll(async () => {
  t = await startTestApp({ clock: clock.date });
  const row = await t.handle.db
    .selectFrom('beaches')
    .select(['id', 'key', 'state', 'area_slug', 'city_slug', 'slug'])
    .where('key', '=', 'nsw-2026-bondi-beach')
    .executeTakeFirstOrThrow();
  bondi = {
    id: row.id,
    key: row.key,
    url: `${row.state.toLowerCase()}/${row.area_slug}/${row.city_slug}/${row.slug}`,
  };
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const MAP = '/api/v4/map/beaches?neCoords=-33.85,151.30&swCoords=-33.95,151.20';
const ARTICLE = '/api/v4/surf-safety/ripcurrents';

/** Renames Bondi directly in the database, as a writer would, raising the version or not. */
async function renameBondi(title: string, bump: boolean) {
  await t.handle.db.transaction().execute(async (trx) => {
    await trx.updateTable('beaches').set({ title }).where('id', '=', bondi.id).execute();
    if (bump) await bumpDataVersion(trx, clock.date());
  });
}

describe('cached public answers', () => {
  it('answers with a strong ETag per encoding, Cache-Control, and 304 for a held ETag', async () => {
    const plain = await get(`/api/v4/beach/${bondi.id}`);
    expect(plain.statusCode).toBe(200);
    const tag = plain.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    // Browsers ask every time (a closure never hides in their cache); CDNs keep it 30 s.
    expect(plain.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, must-revalidate');
    expect(plain.headers['cdn-cache-control']).toBe('public, max-age=30, stale-while-revalidate=30');
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await get(`/api/v4/beach/${bondi.id}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(tag.replace(/"$/, '-br"'));
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get(`/api/v4/beach/${bondi.id}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    for (const held of [tag, br.headers.etag as string, `W/${tag}`, `"other", ${tag}`, '*']) {
      const again = await get(`/api/v4/beach/${bondi.id}`, { 'if-none-match': held });
      expect(again.statusCode, held).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(tag);
    }
    expect((await get(`/api/v4/beach/${bondi.id}`, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('serves the same bytes as the uncached answer, by id and by path, and errors are not cached', async () => {
    const byId = await get(`/api/v4/beach/${bondi.id}`);
    const byPath = await get(`/api/v4/beach/${bondi.url}`);
    expect(JSON.parse(byPath.body)).toEqual(JSON.parse(byId.body));
    expect((await get('/api/v4/beach/999999999')).statusCode).toBe(404);
    expect((await get('/api/v4/beach/999999999')).headers.etag).toBeUndefined();
    expect((await get('/api/v4/autocomplete?q=b')).statusCode).toBe(422);
    expect((await get('/api/v4/map/beaches?neCoords=x')).statusCode).toBe(422);
  });

  it('makes clock-dependent answers again after their TTL; unchanged ones keep their bytes and ETag', async () => {
    const url = `/api/v4/beach/${bondi.id}`;
    // A closure that expires 45 s from now: the answer depends on the clock.
    const setStatus = (status: string | null, expiresAt: Date | null) =>
      t.handle.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('beaches')
          .set({
            status,
            status_reason: null,
            status_message: null,
            status_set_at: status ? clock.date().toISOString() : null,
            status_expires_at: expiresAt?.toISOString() ?? null,
            status_set_by: status ? 'lifesaver' : null,
          })
          .where('id', '=', bondi.id)
          .execute();
        await bumpDataVersion(trx, clock.date());
      });
    await setStatus('Closed', new Date(clock.date().getTime() + 45_000));
    const first = await get(url);
    expect(JSON.parse(first.body).beach.status).toBe('Closed');
    expect((await get(url)).body).toBe(first.body);
    // Past the 30 s TTL the answer is made again; it is the same but for rendered_at, so the cached
    // bytes are kept: the same rendered_at, the same ETag, a 304 for whoever holds it.
    clock.advance(31_000);
    const same = await get(url);
    expect(same.body).toBe(first.body);
    expect(same.headers.etag).toBe(first.headers.etag);
    expect((await get(url, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    // The closure expires at 45 s: made again after the TTL, the answer changes, and so do its time
    // and ETag.
    clock.advance(31_000);
    const expired = await get(url);
    expect(JSON.parse(expired.body).beach.status).toBeNull();
    expect(JSON.parse(expired.body).beach.rendered_at).toBe(clock.date().toISOString());
    expect(expired.headers.etag).not.toBe(first.headers.etag);
    // Unchanged bytes are kept at most RENDER_REUSE_MAX_MS: "Rendered @" is never older than that.
    let latest = expired;
    for (let waited = 0; waited <= RENDER_REUSE_MAX_MS; waited += 31_000) {
      clock.advance(31_000);
      latest = await get(url);
    }
    expect(JSON.parse(latest.body).beach.rendered_at).not.toBe(JSON.parse(expired.body).beach.rendered_at);
    expect(
      clock.date().getTime() - Date.parse(JSON.parse(latest.body).beach.rendered_at as string),
    ).toBeLessThan(RENDER_REUSE_MAX_MS);
    await setStatus(null, null);
  });

  it('a write that raises the version is seen on every cached read path at once', async () => {
    const paths = [
      `/api/v4/beach/${bondi.id}`,
      `/api/v4/beach/${bondi.url}`,
      '/api/v4/autocomplete?q=bondi',
      MAP,
    ];
    const locate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v4/location',
        payload: { latitude: -33.89, longitude: 151.27 },
      });
    for (const p of paths) expect((await get(p)).body).not.toContain('Bondi Renamed');
    expect((await locate()).body).not.toContain('Bondi Renamed');
    // Without a bump the cache keeps its answer (this is what the version is for)...
    await renameBondi('Bondi Renamed', false);
    expect((await get(paths[0]!)).body).not.toContain('Bondi Renamed');
    // ...with it, every path answers anew (this process wrote: no check interval to wait for).
    await renameBondi('Bondi Renamed', true);
    for (const p of paths) expect((await get(p)).body, p).toContain('Bondi Renamed');
    expect((await locate()).body).toContain('Bondi Renamed');
    await renameBondi('Bondi Beach', true);
    expect((await get(paths[0]!)).body).not.toContain('Bondi Renamed');
  });

  it('a location by coordinate is kept from its second request, compressed fast, with the same body', async () => {
    const locate = (latitude: number, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v4/location',
        headers,
        payload: { latitude, longitude: 151.27 },
      });
    const stats = () => t.app.readModel.stats();
    const first = await locate(-33.8912);
    const { misses, entries } = stats();
    // Asked once: answered, not kept (a stream of new coordinates keeps nothing)...
    const second = await locate(-33.8912, { 'accept-encoding': 'br' });
    expect(stats().misses).toBe(misses + 1);
    expect(stats().entries).toBe(entries + 1);
    // ...asked again: kept, and served from the cache after that.
    const third = await locate(-33.8912, { 'accept-encoding': 'gzip' });
    expect(stats().misses).toBe(misses + 1);
    expect(second.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(second.rawPayload).toString()).toBe(first.body);
    expect(third.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(third.rawPayload).toString()).toBe(first.body);
    // POST answers carry no ETag, and an If-None-Match on a POST is no reason for a 304.
    for (const answer of [first, second, third]) expect(answer.headers.etag).toBeUndefined();
    const held = await locate(-33.8912, { 'if-none-match': '*' });
    expect(held.statusCode).toBe(200);
    expect(held.body).toBe(first.body);
    // A write still reaches it.
    await renameBondi('Bondi Renamed', true);
    expect((await locate(-33.8912)).body).toContain('Bondi Renamed');
    await renameBondi('Bondi Beach', true);
    expect((await locate(-33.8912)).body).not.toContain('Bondi Renamed');
  });

  it('article answers follow the articles import', async () => {
    const before = await get(ARTICLE);
    expect(before.statusCode).toBe(200);
    await t.handle.db
      .updateTable('articles')
      .set({ title: 'Changed title' })
      .where('slug', '=', 'ripcurrents')
      .execute();
    expect((await get(ARTICLE)).body).toBe(before.body);
    // The import writes the file's title back and raises the version.
    await t.handle.db
      .updateTable('articles')
      .set({ title: 'Changed title' })
      .where('slug', '=', 'ripcurrents')
      .execute();
    await bumpDataVersion(t.handle.db, clock.date());
    expect(JSON.parse((await get(ARTICLE)).body).article.title).toBe('Changed title');
    await importArticles(t.handle.db, CONTENT_DIR);
    expect(JSON.parse((await get(ARTICLE)).body).article.title).not.toBe('Changed title');
  });

  it('reads Accept-Encoding and If-None-Match as HTTP says', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    // Asked again (answers are remembered per header value), and many values (past the memo's size).
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    for (let q = 0; q < 100; q++)
      expect(chooseEncoding(`br;q=${q === 0 ? '0' : `0.${q}`}`)).toBe(q === 0 ? null : 'br');
    expect(chooseEncoding(['gzip', 'br;q=0'])).toBe('gzip');
    expect(matchesIfNoneMatch('"abc-gz"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', 'abc')).toBe(false);
    expect(matchesIfNoneMatch('abc', 'abc')).toBe(false);
  });
});

describe('every writer of public data raises the version', () => {
  const raises = async (label: string, write: () => Promise<unknown>) => {
    const before = (await readDataVersion(t.handle.db)).version;
    const cached = await get(`/api/v4/beach/${bondi.id}`);
    await write();
    const after = (await readDataVersion(t.handle.db)).version;
    expect(after, label).toBeGreaterThan(before);
    // The cached answer is produced again (its ETag stays when nothing it shows changed).
    const misses = t.app.readModel.stats().misses;
    const again = await get(`/api/v4/beach/${bondi.id}`);
    expect(t.app.readModel.stats().misses, label).toBe(misses + 1);
    expect(again.statusCode, label).toBe(cached.statusCode === 404 ? again.statusCode : 200);
  };
  const storage = createLocalStorage(path.join(tmp, 'uploads'));

  it('seed imports: places, beaches, announcements, holidays, IP ranges, articles', async () => {
    await raises('places', () =>
      importPlaces(t.handle.db, path.join(DATA_DIR, 'places', 'geonames-AU-postcodes.txt')),
    );
    await raises('beaches', () => importBeaches(t.handle.db, path.join(FIXTURES, 'beaches-mixed.csv')));
    await raises('announcements', () =>
      importAnnouncements(t.handle.db, path.join(DATA_DIR, 'announcements', 'announcements.yaml')),
    );
    await raises('holidays', () =>
      importHolidays(t.handle.db, path.join(DATA_DIR, 'holidays', 'au-public-holidays.csv')),
    );
    await raises('ip ranges', () =>
      importIpRanges(
        t.handle.db,
        write('ranges.csv', 'start_ip,end_ip,postcode\n203.0.113.0,203.0.113.255,2026\n'),
      ),
    );
    await raises('articles', () => importArticles(t.handle.db, CONTENT_DIR));
  });

  it('OpenStreetMap import', async () => {
    await raises('osm', () => importOsm(t.handle.db, path.join(FIXTURES, 'osm', 'beaches.osm.pbf')));
  }, 60_000);

  it('sample data load (patrols, attendance, posts) and removal', async () => {
    await raises('sample load', () =>
      loadSampleData(t.handle.db, { dataDir: DATA_DIR, storage, now: clock.date() }),
    );
    await raises('sample remove', () => removeSampleData(t.handle.db, { dataDir: DATA_DIR, storage }));
  });

  it('algal programme, metrics, photo posts', async () => {
    const repo = createAlgalRepository(t.handle.db, clock.date);
    const user = await t.handle.db
      .insertInto('users')
      .values({
        email: 'algal-writer@example.com',
        first_name: 'A',
        last_name: 'W',
        password_hash: null,
        created_at: clock.date().toISOString(),
        updated_at: clock.date().toISOString(),
        email_verified_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await raises('algal add', () => repo.addBeach(bondi.id, clock.date().toISOString()));
    {
      await raises('algal metric', () =>
        repo.insertMetric({
          beach_id: bondi.id,
          user_id: user.id,
          water_discolour: true,
          beach_foam: false,
          clean_rating: true,
          created_at: clock.date().toISOString(),
        }),
      );
      let postId = 0;
      await raises('algal photo', async () => {
        postId = (
          await repo.savePhoto({
            beach_id: bondi.id,
            user_id: user.id,
            local_timestamp: '2026-11-21T12:00:00',
            created_at: clock.date().toISOString(),
            meta: {},
            large_key: 'l.webp',
            thumbnail_key: 't.webp',
            replaces: [],
          })
        ).postId;
      });
      await raises('algal delete post', () => repo.deletePost(postId));
    }
    await raises('algal remove', () => repo.removeBeach(bondi.id));
  });

  it('water quality site mappings and beach removal', async () => {
    await raises('water quality mapping', () =>
      importWaterQualitySites(t.handle.db, write('sites.csv', `site_id,beach_key\nsite-1,${bondi.key}\n`), {
        now: clock.date(),
      }),
    );
    const victim = await t.handle.db
      .selectFrom('beaches')
      .select('id')
      .where('id', '!=', bondi.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const path = `/api/v4/beach/${victim.id}`;
    expect((await get(path)).statusCode).toBe(200);
    await raises('remove beach', () => removeBeach(t.handle.db, String(victim.id), clock.date()));
    expect((await get(path)).statusCode).toBe(404);
  });
});

describe('the sync snapshot', () => {
  it('is every beach as one full sync page, brotli, with an ETag and 304', async () => {
    // Built for the data as it is now (the one served may be a few minutes older: see the next test).
    await t.app.syncSnapshot.ready();
    const first = await get('/api/v4/sync/snapshot', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    const page = JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString()) as SyncResponse;
    expect(SyncResponseSchema.safeParse(page).success).toBe(true);
    expect(page).toMatchObject({ full: true, has_more: false, beaches_delete: [] });
    expect(page.beaches_upsert.length).toBeGreaterThan(400);
    // Full descriptions, as the paged sync sends them.
    const paged = await t.app.inject({
      method: 'POST',
      url: '/api/v4/sync',
      payload: { since: null, limit: 1000 },
    });
    const pagedBody = JSON.parse(paged.body) as SyncResponse;
    expect(page.total).toBe(pagedBody.total);
    expect(page.beaches_upsert).toHaveLength(pagedBody.total);
    expect(page.beaches_upsert.slice(0, pagedBody.beaches_upsert.length)).toEqual(pagedBody.beaches_upsert);
    const held = await get('/api/v4/sync/snapshot', { 'if-none-match': first.headers.etag as string });
    expect(held.statusCode).toBe(304);
    // Without brotli: the JSON itself.
    expect(JSON.parse((await get('/api/v4/sync/snapshot')).body)).toEqual(page);
  });

  it('is the same whether read from the database in one page or many', async () => {
    const readModel = createReadModel({ db: t.handle.db, clock: clock.date });
    const service = createSyncService(createSyncRepository(t.handle.db), clock.date);
    const one = createSyncSnapshot({ service, versions: readModel, minIntervalMs: 0 });
    const many = createSyncSnapshot({ service, versions: readModel, minIntervalMs: 0, readPageSize: 37 });
    // Compressed in this process's thread pool instead of the low-priority compressor process.
    const inProcess = createSyncSnapshot({ service, versions: readModel, separateProcess: false });
    const [a, b, c] = await Promise.all([one.ready(), many.ready(), inProcess.ready()]);
    const parsed = (s: typeof a) => JSON.parse(zlib.brotliDecompressSync(s.br).toString()) as SyncResponse;
    expect(parsed(c)).toEqual(parsed(a));
    expect(c.tag).toBe(a.tag);
    expect(parsed(b)).toEqual(parsed(a));
    expect(b.tag).toBe(a.tag);
    expect(parsed(a).beaches_upsert.length).toBeGreaterThan(37 * 5);
  });

  it('is rebuilt after a write, and the delta from its cursor carries what changed since', async () => {
    const readModel = createReadModel({ db: t.handle.db, clock: clock.date });
    const snapshot = createSyncSnapshot({
      service: createSyncService(createSyncRepository(t.handle.db), clock.date),
      versions: readModel,
      minIntervalMs: 0,
    });
    const before = await snapshot.ready();
    const page = JSON.parse(zlib.brotliDecompressSync(before.br).toString()) as SyncResponse;
    await t.handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('beaches').set({ title: 'Snapshot Bondi' }).where('id', '=', bondi.id).execute();
      await markBeachesChanged(trx, [bondi.id]);
      await bumpDataVersion(trx, clock.date());
    });
    // The old snapshot plus the delta after its cursor is the new data...
    const delta = JSON.parse(
      (await t.app.inject({ method: 'POST', url: '/api/v4/sync', payload: { since: page.cursor } })).body,
    ) as SyncResponse;
    expect(delta.full).toBe(false);
    expect(delta.beaches_upsert.map((b) => b.title)).toEqual(['Snapshot Bondi']);
    // ...and the rebuilt snapshot has it itself.
    const after = await snapshot.ready();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.tag).not.toBe(before.tag);
    const rebuilt = JSON.parse(zlib.brotliDecompressSync(after.br).toString()) as SyncResponse;
    expect(rebuilt.beaches_upsert.find((b) => b.id === bondi.id)?.title).toBe('Snapshot Bondi');
    snapshot.stop();
    await renameBondi('Bondi Beach', true);
  });
});

describe('the sync snapshot across writes', () => {
  const unpack = (br: Buffer) => JSON.parse(zlib.brotliDecompressSync(br).toString()) as SyncResponse;

  it("a process's first snapshot is a quick one, replaced at once by the final one of the same data", async () => {
    const readModel = createReadModel({ db: t.handle.db, clock: clock.date });
    const built: Array<{ quality: number; tag: string; br: Buffer }> = [];
    const snapshot = createSyncSnapshot({
      service: createSyncService(createSyncRepository(t.handle.db), clock.date),
      versions: readModel,
      onBuilt: (s) => built.push(s),
    });
    expect(snapshot.current()).toBeNull();
    await snapshot.refresh();
    // The quick one is there as soon as its build is done...
    expect(snapshot.current()?.quality).toBe(SNAPSHOT_QUICK_QUALITY);
    // ...and the final one replaces it without being asked.
    const final = await snapshot.ready();
    expect(final.quality).toBe(SNAPSHOT_QUALITY);
    expect(built.map((s) => s.quality)).toEqual([SNAPSHOT_QUICK_QUALITY, SNAPSHOT_QUALITY]);
    expect(snapshot.current()).toBe(final);
    // The same data; different bytes, so a different ETag.
    expect(unpack(built[1]!.br)).toEqual(unpack(built[0]!.br));
    expect(built[1]!.tag).not.toBe(built[0]!.tag);
    expect(built[1]!.tag.replace(/-q\d+$/, '')).toBe(built[0]!.tag.replace(/-q\d+$/, ''));
    snapshot.stop();
  });

  it('a write leads to a new snapshot; until it is built the old one is served, with its cursor', async () => {
    const snapshot = t.app.syncSnapshot;
    const old = await snapshot.ready();
    const fetchSnapshot = async () => {
      const response = await get('/api/v4/sync/snapshot', { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      return { etag: response.headers.etag as string, page: unpack(response.rawPayload) };
    };
    const before = await fetchSnapshot();
    expect(before.etag).toBe(`"${old.tag}-br"`);
    await t.handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('beaches').set({ title: 'Served Bondi' }).where('id', '=', bondi.id).execute();
      await markBeachesChanged(trx, [bondi.id]);
      await bumpDataVersion(trx, clock.date());
    });
    // Within the rebuild interval the old snapshot is still served (not a 503, not page by page)...
    const during = await fetchSnapshot();
    expect(during.etag).toBe(before.etag);
    expect(during.page.cursor).toBe(old.cursor);
    expect(during.page.beaches_upsert.find((b) => b.id === bondi.id)?.title).not.toBe('Served Bondi');
    // ...and the delta from its cursor brings the write.
    const delta = JSON.parse(
      (await t.app.inject({ method: 'POST', url: '/api/v4/sync', payload: { since: during.page.cursor } }))
        .body,
    ) as SyncResponse;
    expect(delta.full).toBe(false);
    expect(delta.beaches_upsert.map((b) => b.title)).toEqual(['Served Bondi']);
    // The rebuilt one has the write itself, under a new ETag and a later cursor.
    const rebuilt = await snapshot.ready();
    expect(rebuilt.version).toBeGreaterThan(old.version);
    const after = await fetchSnapshot();
    expect(after.etag).toBe(`"${rebuilt.tag}-br"`);
    expect(after.etag).not.toBe(before.etag);
    expect(after.page.cursor).not.toBe(old.cursor);
    expect(after.page.beaches_upsert.find((b) => b.id === bondi.id)?.title).toBe('Served Bondi');
    await renameBondi('Bondi Beach', true);
  });
});

describe('Cache-Control everywhere else', () => {
  it('per-user and uncached API answers are private, no-store; public reads say their own', async () => {
    expect((await get('/api/v4/user')).headers['cache-control']).toBe('private, no-store');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v4/sync', payload: { since: null, limit: 1 } }))
        .headers['cache-control'],
    ).toBe('no-store');
    expect((await get('/api/v4/autocomplete?q=bondi')).headers['cache-control']).toBe(
      'public, max-age=60, stale-while-revalidate=120',
    );
    expect((await get(ARTICLE)).headers['cache-control']).toBe(
      'public, max-age=300, stale-while-revalidate=600',
    );
    expect((await get(MAP)).headers['cache-control']).toBe('public, max-age=0, s-maxage=30, must-revalidate');
    expect((await get(MAP)).headers['cdn-cache-control']).toBe(
      'public, max-age=30, stale-while-revalidate=30',
    );
    const located = await t.app.inject({
      method: 'POST',
      url: '/api/v4/location',
      payload: { url: '/postcode/2026' },
    });
    expect(located.headers['cache-control']).toBe('private, no-cache');
    expect(located.headers.etag).toBeUndefined();
  });
});
