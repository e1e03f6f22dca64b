import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as z from 'zod/mini';
import {
  SYNC_FORMAT_VERSION,
  SYNC_PAGE_MAX,
  SYNC_PAGE_SIZE,
  SyncBeachSchema,
  SyncResponseSchema,
  type BeachDetailResponse,
  type SyncBeach,
  type SyncResponse,
} from '@safeshore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_DIR, startTestApp, type TestApp } from './helpers.ts';
import { buildExtract, toOverpassJson } from './fixtures/osm/extract.ts';
import { ROOT_DIR } from '../src/config.ts';
import { markBeachesChanged } from '../src/db/changes.ts';
import { syncSequence } from '../src/db/migrations/0009_sync.ts';
import { importBeaches } from '../src/db/seed/beaches.ts';
import { seedBundledData } from '../src/db/seed/index.ts';
import { importOsm } from '../src/db/seed/osm/import.ts';
import { removeBeach } from '../src/db/seed/remove-beach.ts';
import { csvField } from '../src/lib/csv.ts';
import { createSyncRepository } from '../src/modules/sync/sync.repository.ts';
import { createSyncService } from '../src/modules/sync/sync.service.ts';

let t: TestApp;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-sync-test-'));
const webDist = path.join(tmp, 'dist');

beforeAll(async () => {
  fs.mkdirSync(webDist);
  // The tests follow many streams from one address; a client's full sync is a handful of requests.
  t = await startTestApp({ webDistDir: webDist, config: { RATE_LIMIT_PER_MINUTE: 100_000 } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function syncPage(body: unknown): Promise<SyncResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v4/sync', payload: body as object });
  expect(res.statusCode, res.body).toBe(200);
  return z.parse(SyncResponseSchema, res.json());
}

interface Stream {
  pages: SyncResponse[];
  /** Every upsert in order (a key may come twice when it changed during the stream). */
  upserts: SyncBeach[];
  deletes: string[];
  cursor: string;
}

/** Follows a stream from `since` to its end, as a client does. */
async function follow(since: string | null, limit?: number, between?: (page: number) => Promise<void>) {
  const stream: Stream = { pages: [], upserts: [], deletes: [], cursor: '' };
  let cursor = since;
  for (;;) {
    const page = await syncPage({ since: cursor, ...(limit ? { limit } : {}) });
    stream.pages.push(page);
    stream.upserts.push(...page.beaches_upsert);
    stream.deletes.push(...page.beaches_delete);
    cursor = page.cursor;
    if (!page.has_more) break;
    await between?.(stream.pages.length);
    if (stream.pages.length > 1000) throw new Error('the stream does not end');
  }
  stream.cursor = cursor;
  return stream;
}

/** What a client holds after applying a stream to what it had: records by key. */
function apply(held: Map<string, SyncBeach>, stream: Stream): Map<string, SyncBeach> {
  const next = stream.pages[0]?.full ? new Map<string, SyncBeach>() : new Map(held);
  for (const page of stream.pages) {
    for (const key of page.beaches_delete) next.delete(key);
    for (const beach of page.beaches_upsert) next.set(beach.key, beach);
  }
  return next;
}

/** The whole offline database as the server would send it now. */
async function everything(): Promise<Map<string, SyncBeach>> {
  return apply(new Map(), await follow(null, SYNC_PAGE_MAX));
}

const beachCount = async () =>
  Number(
    (
      await t.handle.db
        .selectFrom('beaches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Imports one beach row (CSV) through the real importer, as an operator's file would. */
async function importRow(row: Record<string, string | number | null>) {
  const columns = Object.keys(row);
  const file = path.join(tmp, `import-${Date.now()}-${Math.random().toString(36).slice(2)}.csv`);
  fs.writeFileSync(file, `${columns.join(',')}\n${columns.map((c) => csvField(row[c])).join(',')}\n`);
  const report = await importBeaches(t.handle.db, file);
  expect(report.rejected).toEqual([]);
  return report;
}

async function beachRow(key: string) {
  return t.handle.db.selectFrom('beaches').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
}

/** A starter beach as a CSV row of the import format, with changes. */
async function starterRow(key: string, changes: Record<string, string | number | null>) {
  const row = await beachRow(key);
  const clubs = await t.handle.db
    .selectFrom('beach_clubs')
    .innerJoin('clubs', 'clubs.id', 'beach_clubs.club_id')
    .select('clubs.title')
    .where('beach_clubs.beach_id', '=', row.id)
    .orderBy('beach_clubs.sort')
    .execute();
  return {
    key: row.key,
    title: row.title,
    state: row.state,
    area: row.area,
    city: row.city,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    coord_source: row.coordinate_source,
    coord_precision_m: row.coordinate_precision_m,
    length_m: row.length_m,
    hazard: row.hazard,
    patrol: row.patrol,
    clubs: clubs.map((c) => c.title).join('|'),
    description: (JSON.parse(row.description) as { Beach?: string }).Beach ?? '',
    source: row.data_source,
    ...changes,
  };
}

describe('POST /api/v4/sync: the first sync', () => {
  let stream: Stream;
  beforeAll(async () => {
    stream = await follow(null, 100);
  });

  it('sends every starter beach once, across pages, then says there is no more', async () => {
    const count = await beachCount();
    expect(count).toBeGreaterThan(300);
    expect(stream.pages.length).toBe(Math.ceil(count / 100));
    expect(stream.upserts).toHaveLength(count);
    expect(new Set(stream.upserts.map((b) => b.key)).size).toBe(count);
    expect(stream.deletes).toEqual([]);
    expect(stream.pages.map((p) => p.has_more)).toEqual(
      stream.pages.map((_, i) => i < stream.pages.length - 1),
    );
    expect(stream.pages.map((p) => p.full)).toEqual(stream.pages.map((_, i) => i === 0));
    // total: the changes left in the stream from each page's cursor.
    expect(stream.pages.map((p) => p.total)).toEqual(stream.pages.map((_, i) => count - i * 100));
  });

  it('sends records that match the schema, with description and facilities as JSON text', () => {
    for (const beach of stream.upserts) {
      expect(z.safeParse(SyncBeachSchema, beach).success).toBe(true);
      expect(typeof JSON.parse(beach.description)).toBe('object');
      expect(Array.isArray(JSON.parse(beach.facilities))).toBe(true);
    }
    expect(stream.upserts.some((b) => Object.keys(JSON.parse(b.description) as object).length > 0)).toBe(
      true,
    );
    expect(stream.upserts.some((b) => b.clubs.length > 0)).toBe(true);
  });

  it('gives each beach the same facts the online beach page shows', async () => {
    const sample = [
      ...stream.upserts.filter((b) => b.clubs.length > 0).slice(0, 3),
      ...stream.upserts.filter((b) => b.clubs.length === 0).slice(0, 3),
    ];
    for (const offline of sample) {
      const res = await t.app.inject(`/api/v4/beach/${offline.id}`);
      const { beach: online } = res.json() as BeachDetailResponse;
      const pick = <T extends object>(o: T) =>
        Object.fromEntries(
          Object.entries(o).filter(([k]) =>
            [
              'id',
              'key',
              'title',
              'url',
              'image',
              'city',
              'state',
              'area',
              'postcode',
              'postcode_url',
              'area_url',
              'state_url',
              'latitude',
              'longitude',
              'timezone',
              'length',
              'hazard',
              'patrol',
              'covid_status',
              'status',
              'clubs',
              'has_bbq_picnic',
              'has_parking',
              'has_public_transport',
              'has_toilet',
              'has_dogs_allowed',
              'has_dogs_allowed_on_leash',
              'is_sample',
            ].includes(k),
          ),
        );
      expect(pick(offline)).toEqual(pick(online));
      expect(JSON.parse(offline.description)).toEqual(online.description);
      expect(JSON.parse(offline.facilities)).toEqual(online.facilities);
      expect(offline.data_source).toBe(online.source.name);
      expect(offline.data_licence).toBe(online.source.licence);
    }
  });

  it('pages with the default size when the client names none', async () => {
    const page = await syncPage({});
    expect(page.full).toBe(true);
    expect(page.beaches_upsert).toHaveLength(Math.min(SYNC_PAGE_SIZE, await beachCount()));
    expect(t.clock().getTime() - Date.parse(page.beaches_synced_at)).toBeLessThan(60_000);
  });
});

describe('POST /api/v4/sync: deltas', () => {
  it('sends nothing when nothing changed, and keeps the cursor', async () => {
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    const page = await syncPage({ since: cursor });
    expect(page).toMatchObject({
      beaches_upsert: [],
      beaches_delete: [],
      cursor,
      has_more: false,
      full: false,
      total: 0,
    });
  });

  it('sends only the beach an import changed, with its new facts', async () => {
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    const key = 'nsw-2026-bondi-beach';
    await importRow(await starterRow(key, { description: 'A changed description for the sync test.' }));
    const delta = await follow(cursor);
    expect(delta.pages[0]!.full).toBe(false);
    expect(delta.upserts.map((b) => b.key)).toEqual([key]);
    expect(JSON.parse(delta.upserts[0]!.description)).toEqual({
      Beach: 'A changed description for the sync test.',
    });
    expect(delta.deletes).toEqual([]);
    expect(delta.pages[0]!.total).toBe(1);
  });

  it('sends a beach whose clubs changed', async () => {
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    const key = 'nsw-2026-bondi-beach';
    const row = await starterRow(key, {});
    await importRow({ ...row, clubs: `${row.clubs}|Sync Test SLSC` });
    const delta = await follow(cursor);
    expect(delta.upserts.map((b) => b.key)).toEqual([key]);
    expect(delta.upserts[0]!.clubs.map((c) => c.title)).toEqual([...row.clubs.split('|'), 'Sync Test SLSC']);
  });

  it('sends nothing for an import that changes nothing', async () => {
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    const key = 'nsw-2026-bondi-beach';
    const report = await importRow(await starterRow(key, {}));
    expect(report.unchanged).toBe(1);
    expect((await follow(cursor)).upserts).toEqual([]);
  });

  it('sends the key of a deleted beach, and a full sync no longer has it', async () => {
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    const key = 'nsw-2095-manly-beach';
    const { id } = await beachRow(key);
    expect(await removeBeach(t.handle.db, key, t.clock())).toMatchObject({ key, id });
    expect((await t.app.inject(`/api/v4/beach/${id}`)).statusCode).toBe(404);

    const delta = await follow(cursor);
    expect(delta.deletes).toEqual([key]);
    expect(delta.upserts).toEqual([]);
    expect(delta.pages[0]!.total).toBe(1);
    const all = await everything();
    expect(all.has(key)).toBe(false);
    expect(all.size).toBe(await beachCount());
  });

  it('sends a key deleted and created again as the beach, not as a delete', async () => {
    const key = 'nsw-2096-freshwater-beach';
    const row = await starterRow(key, {});
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    await removeBeach(t.handle.db, key, t.clock());
    await importRow(row);
    const delta = await follow(cursor);
    expect(delta.upserts.map((b) => b.key)).toEqual([key]);
    expect(delta.deletes).toEqual([]);
    const after = apply(new Map([[key, {} as SyncBeach]]), delta);
    expect(after.get(key)?.title).toBe(row.title);
  });

  it('keeps every change made by the OpenStreetMap import (added, filled, councils learnt)', async () => {
    const before = await everything();
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    const file = path.join(tmp, 'beaches.json');
    fs.writeFileSync(file, toOverpassJson(buildExtract()));
    const report = await importOsm(t.handle.db, file);
    expect(report.added).toBeGreaterThan(0);

    const after = await everything();
    const changed = [...after.values()].filter(
      (beach) => JSON.stringify(before.get(beach.key)) !== JSON.stringify(beach),
    );
    expect(changed.length).toBeGreaterThanOrEqual(report.added);
    const delta = await follow(cursor, 50);
    expect(apply(before, delta)).toEqual(after);
  });

  it('re-sends the beaches of a place whose council becomes known (their postcode_url moves)', async () => {
    // An OpenStreetMap beach in a place with no council yet; a CSV beach there names the council.
    const place = await t.handle.db
      .selectFrom('beaches')
      .innerJoin('localities', 'localities.id', 'beaches.locality_id')
      .select(['localities.title', 'localities.postcode', 'localities.state', 'beaches.key'])
      .where('localities.area_slug', 'is', null)
      .executeTakeFirst();
    expect(place, 'the OpenStreetMap fixture has a beach in a place without a council').toBeDefined();
    const before = await everything();
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    const other = before.get(place!.key)!;
    const located = await beachRow(place!.key);
    await importRow({
      title: 'Council Test Beach',
      state: place!.state,
      area: 'Sync Test Council',
      city: place!.title,
      postcode: place!.postcode,
      latitude: located.latitude,
      longitude: located.longitude,
    });
    const after = await everything();
    expect(after.get(place!.key)!.postcode_url).not.toBe(other.postcode_url);
    const delta = await follow(cursor);
    expect(delta.upserts.map((b) => b.key)).toContain(place!.key);
    expect(apply(before, delta)).toEqual(after);
  });
});

describe('POST /api/v4/sync: cursors that start over', () => {
  it.each([
    ['absent', {}],
    ['null', { since: null }],
    ['empty', { since: '' }],
    ['garbage', { since: 'not-a-cursor' }],
    ['another format version', { since: `${SYNC_FORMAT_VERSION + 1}.5` }],
    ['a negative number', { since: `${SYNC_FORMAT_VERSION}.-5` }],
    ['a bare number', { since: '5' }],
    ['from the future', { since: `${SYNC_FORMAT_VERSION}.999999999` }],
    ['with deletes from the future', { since: `${SYNC_FORMAT_VERSION}.5.999999999` }],
  ])('%s: a full sync from the start', async (_name, body) => {
    const page = await syncPage({ ...body, limit: 10 });
    expect(page.full).toBe(true);
    expect(page.beaches_delete).toEqual([]);
    expect(page.total).toBe(await beachCount());
    const first = await t.handle.db
      .selectFrom('beaches')
      .select('key')
      .orderBy('sync_seq')
      .limit(10)
      .execute();
    expect(page.beaches_upsert.map((b) => b.key)).toEqual(first.map((b) => b.key));
  });

  it('a cursor older than the pruned tombstones: full; one after them: a delta', async () => {
    const service = createSyncService(createSyncRepository(t.handle.db), t.clock);
    const { cursor: old } = await follow(null, SYNC_PAGE_MAX);
    const longAgo = new Date(t.clock().getTime() - 120 * 24 * 60 * 60 * 1000);
    await removeBeach(t.handle.db, 'nsw-2026-tamarama-beach', longAgo);
    const { cursor: recent } = await follow(old);
    const before = await syncPage({ since: old });
    expect(before.full).toBe(false);

    const { pruned, floorSeq } = await service.pruneTombstones();
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(floorSeq).toBeGreaterThan(Number(old.split('.')[1]));
    const stale = await syncPage({ since: old });
    expect(stale.full).toBe(true);
    expect(stale.beaches_upsert.length).toBeGreaterThan(0);
    expect(await syncPage({ since: recent })).toMatchObject({ full: false, beaches_delete: [], total: 0 });
    // Recent deletions are kept.
    await removeBeach(t.handle.db, 'nsw-2024-bronte-beach', t.clock());
    expect((await service.pruneTombstones()).pruned).toBe(0);
    expect((await follow(recent)).deletes).toEqual(['nsw-2024-bronte-beach']);
  });
});

describe('POST /api/v4/sync: a full stream and pruning', () => {
  it('goes on without starting over when tombstones are pruned between its pages', async () => {
    const service = createSyncService(createSyncRepository(t.handle.db), t.clock);
    await removeBeach(
      t.handle.db,
      'nsw-2026-bondi-beach',
      new Date(t.clock().getTime() - 200 * 24 * 60 * 60 * 1000),
    );
    const first = await syncPage({ limit: 20 });
    expect(first.full).toBe(true);
    const { floorSeq } = await service.pruneTombstones();
    // The stream's cursor is below the new floor, yet the client started after those deletes.
    expect(Number(first.cursor.split('.')[1])).toBeLessThan(floorSeq);
    const rest = await follow(first.cursor, 20);
    expect(rest.pages.map((p) => p.full).every((full) => !full)).toBe(true);
    const held = apply(new Map(), { ...rest, pages: [first, ...rest.pages] });
    expect(held).toEqual(await everything());
  });
});

describe('POST /api/v4/sync: paging', () => {
  it('chains pages of 50 with no duplicates and no gaps', async () => {
    const stream = await follow(null, 50);
    const count = await beachCount();
    expect(stream.pages.length).toBe(Math.ceil(count / 50));
    for (const page of stream.pages.slice(0, -1)) expect(page.beaches_upsert).toHaveLength(50);
    const keys = stream.upserts.map((b) => b.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(apply(new Map(), stream)).toEqual(await everything());
    expect(stream.pages.at(-1)!.has_more).toBe(false);
    expect(stream.pages.map((p) => p.full)).toEqual(stream.pages.map((_, i) => i === 0));
    expect(stream.pages[0]!.total).toBe(count);
  });

  it('loses no change that lands between two pages', async () => {
    const all = await t.handle.db.selectFrom('beaches').select(['key']).orderBy('sync_seq').execute();
    const alreadySent = all[10]!.key;
    const notYetSent = all[all.length - 10]!.key;
    const stream = await follow(null, 50, async (page) => {
      if (page !== 1) return;
      for (const key of [alreadySent, notYetSent]) {
        await importRow(await starterRow(key, { description: `Changed between pages: ${key}` }));
      }
    });
    const held = apply(new Map(), stream);
    expect(held).toEqual(await everything());
    for (const key of [alreadySent, notYetSent])
      expect(JSON.parse(held.get(key)!.description)).toEqual({ Beach: `Changed between pages: ${key}` });
    expect(stream.upserts.filter((b) => b.key === alreadySent)).toHaveLength(2);
  });

  it('mixes deletes and upserts in sequence order across page boundaries', async () => {
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    const before = await everything();
    const keys = [...before.keys()].slice(0, 6);
    await importRow(await starterRow(keys[0]!, { description: 'one' }));
    await removeBeach(t.handle.db, keys[1]!, t.clock());
    await importRow(await starterRow(keys[2]!, { description: 'two' }));
    await removeBeach(t.handle.db, keys[3]!, t.clock());
    const stream = await follow(cursor, 1);
    expect(stream.pages.map((p) => [p.beaches_upsert.map((b) => b.key), p.beaches_delete])).toEqual([
      [[keys[0]], []],
      [[], [keys[1]]],
      [[keys[2]], []],
      [[], [keys[3]]],
    ]);
    expect(stream.pages.map((p) => p.total)).toEqual([4, 3, 2, 1]);
    expect(apply(before, stream)).toEqual(await everything());
  });
});

describe('POST /api/v4/sync: bad requests', () => {
  it.each([
    ['limit 0', { limit: 0 }, 'limit'],
    ['limit 9999', { limit: 9999 }, 'limit'],
    ['a fractional limit', { limit: 1.5 }, 'limit'],
    ['a limit as text', { limit: '10' }, 'limit'],
    ['since too long', { since: `1.${'9'.repeat(70)}` }, 'since'],
    ['since not a string', { since: 5 }, 'since'],
  ])('%s: 422 with the field error', async (_name, body, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v4/sync', payload: body });
    expect(res.statusCode).toBe(422);
    const json = res.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(json.errors)).toEqual([field]);
    if (field === 'limit') expect(json.message).toMatch(/^The limit field must be/);
  });

  it('a body that is not an object: 422', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v4/sync', payload: [1, 2] });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /api/v4/sync: compression', () => {
  it.each(['br', 'gzip'])('compresses pages with %s; the payload is the same JSON', async (encoding) => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/v4/sync', payload: { limit: 200 } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/sync',
      payload: { limit: 200 },
      headers: { 'accept-encoding': encoding },
    });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['cache-control']).toBe('no-store');
    const body =
      encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
    const { beaches_synced_at: _a, ...compressed } = JSON.parse(body.toString()) as SyncResponse;
    const { beaches_synced_at: _b, ...uncompressed } = plain.json() as SyncResponse;
    expect(compressed).toEqual(uncompressed);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('a delta of 10 changed beaches is small', async () => {
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    const ids = (await t.handle.db.selectFrom('beaches').select('id').limit(10).execute()).map((b) => b.id);
    await t.handle.db.transaction().execute((trx) => markBeachesChanged(trx, ids));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/sync',
      payload: { since: cursor },
      headers: { 'accept-encoding': 'br' },
    });
    const page = JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()) as SyncResponse;
    expect(page.beaches_upsert).toHaveLength(10);
    console.info(
      `sync delta of 10 starter beaches: ${res.rawPayload.length} bytes br, ${Buffer.byteLength(JSON.stringify(page))} bytes JSON`,
    );
    expect(res.rawPayload.length).toBeLessThan(20 * 1024);
  });
});

describe('the change sequence', () => {
  it('gives concurrent writers distinct numbers, none lost', async () => {
    const before = await createSyncRepository(t.handle.db).state();
    const ids = (await t.handle.db.selectFrom('beaches').select('id').orderBy('id').limit(40).execute()).map(
      (b) => b.id,
    );
    await Promise.all(
      [0, 1, 2, 3].map((n) =>
        t.handle.db.transaction().execute((trx) => markBeachesChanged(trx, ids.slice(n * 10, n * 10 + 10))),
      ),
    );
    const after = await createSyncRepository(t.handle.db).state();
    expect(after.lastSeq - before.lastSeq).toBe(40);
    const seqs = await t.handle.db.selectFrom('beaches').select('sync_seq').where('id', 'in', ids).execute();
    const numbers = seqs.map((s) => Number(s.sync_seq)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => before.lastSeq + 1 + i));
  });

  it('the migration numbers existing beaches 1..n in id order', async () => {
    const app = await startTestApp({ seed: false });
    try {
      await seedBundledData(app.handle.db, DATA_DIR);
      const migration = syncSequence();
      await migration.down!(app.handle.db as never);
      await migration.up(app.handle.db as never);
      const rows = await app.handle.db
        .selectFrom('beaches')
        .select(['id', 'sync_seq'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => Number(r.sync_seq))).toEqual(rows.map((_, i) => i + 1));
      expect(await createSyncRepository(app.handle.db).state()).toEqual({
        lastSeq: rows.length,
        floorSeq: 0,
      });
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/v4/app', () => {
  const webVersion = (
    JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'apps', 'web', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

  it('without a build: the web package version, build "dev", never cached', async () => {
    fs.rmSync(path.join(webDist, 'version.json'), { force: true });
    const res = await t.app.inject('/api/v4/app');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ version: webVersion, build: 'dev' });
  });

  it('with a build: its version.json, re-read when the build changes', async () => {
    fs.writeFileSync(
      path.join(webDist, 'version.json'),
      JSON.stringify({ version: '1.2.3', build: 'abc123' }),
    );
    expect((await t.app.inject('/api/v4/app')).json()).toEqual({ version: '1.2.3', build: 'abc123' });
    fs.writeFileSync(
      path.join(webDist, 'version.json'),
      JSON.stringify({ version: '1.2.4', build: 'def456' }),
    );
    expect((await t.app.inject('/api/v4/app')).json()).toEqual({ version: '1.2.4', build: 'def456' });
  });

  it('with a broken version.json: the package version, not an error', async () => {
    fs.writeFileSync(path.join(webDist, 'version.json'), '{"version": 7');
    expect((await t.app.inject('/api/v4/app')).json()).toEqual({ version: webVersion, build: 'dev' });
    fs.writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version: 7 }));
    expect((await t.app.inject('/api/v4/app')).json()).toEqual({ version: webVersion, build: 'dev' });
    fs.rmSync(path.join(webDist, 'version.json'));
  });
});

// The admin process opens the database by path, which a private PostgreSQL test schema has not.
describe.skipIf(Boolean(process.env.DATABASE_URL))('admin remove-beach and prune-tombstones', () => {
  const admin = (...args: string[]) => {
    const run = spawnSync(process.execPath, [path.join(ROOT_DIR, 'apps/api/src/admin.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: '', SQLITE_PATH: t.handle.location },
      encoding: 'utf8',
    });
    return { code: run.status, out: run.stdout, err: run.stderr };
  };

  it('removes a beach for good: its page is gone and the next sync deletes it', async () => {
    const { cursor } = await follow(null, SYNC_PAGE_MAX);
    const { id, title } = await beachRow('nsw-2034-coogee-beach');
    const removed = admin('remove-beach', 'nsw-2034-coogee-beach');
    expect(removed.err).toBe('');
    expect(removed.out).toBe(`Removed ${title} (nsw-2034-coogee-beach, id ${id}).\n`);
    expect(removed.code).toBe(0);
    expect((await t.app.inject(`/api/v4/beach/${id}`)).statusCode).toBe(404);
    expect((await follow(cursor)).deletes).toEqual(['nsw-2034-coogee-beach']);
  });

  it('explains a missing or unknown beach with exit code 2 and changes nothing', async () => {
    const before = await beachCount();
    expect(admin('remove-beach')).toMatchObject({
      code: 2,
      err: 'Error: remove-beach needs a beach KEY or ID.\n',
    });
    expect(admin('remove-beach', 'no-such-beach')).toMatchObject({
      code: 2,
      err: 'Error: No beach with key or id no-such-beach.\n',
    });
    expect(await beachCount()).toBe(before);
  });

  it('prunes only tombstones older than the retention period', async () => {
    const pruned = admin('prune-tombstones');
    expect(pruned.code).toBe(0);
    expect(pruned.out).toMatch(/^0 tombstones pruned; cursors below \d+ now get a full resync\.\n$/);
  });
});

describe('API documentation', () => {
  it('lists the sync and app version calls with their schemas', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/v4/sync']?.post?.responses ?? {})).toEqual(['200', '422']);
    expect(Object.keys(doc.paths['/api/v4/app']?.get?.responses ?? {})).toEqual(['200']);
  });
});
