import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bumpDataVersion,
  indexVersionOf,
  readDataVersion,
  UNINDEXED,
  UNINDEXED_RUN_KEY,
} from '../src/db/data-version.ts';
import { importBeaches } from '../src/db/seed/beaches.ts';
import { createAlgalRepository } from '../src/modules/algal/algal.repository.ts';
import { createConsoleRepository } from '../src/modules/console/console.repository.ts';
import { buildSpatialIndex } from '../src/modules/location/location.memory.ts';
import { createVersionWatcher, indexVersionSource } from '../src/modules/read-model/version.ts';
import { versionedBuild } from '../src/modules/read-model/versioned.ts';
import { buildSearchIndex } from '../src/modules/search/search.memory.ts';
import { FIXTURES, startTestApp, type TestApp } from './helpers.ts';
import { testClock } from './clock.ts';

/**
 * The in-memory indexes follow the index version, not every data version (issue 20): a write that
 * changes nothing they hold (a live status, an algal report) raises the data version, so every
 * cache of finished answers lets go, but does not rebuild the search and spatial indexes; a rename
 * or an import does. Answers stay right after both.
 */

let t: TestApp;
const clock = testClock();
let bondi: { id: number; key: string };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-index-version-'));

beforeAll(async () => {
  t = await startTestApp({ clock: clock.date });
  bondi = await t.handle.db
    .selectFrom('beaches')
    .select(['id', 'key'])
    .where('key', '=', 'nsw-2026-bondi-beach')
    .executeTakeFirstOrThrow();
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const MAP = '/api/v4/map/beaches?neCoords=-33.85,151.30&swCoords=-33.95,151.20';

/** The object with this `id` anywhere in a JSON answer. */
function findById(value: unknown, id: number): { status?: string | null } | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findById(item, id);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    if ((value as { id?: unknown }).id === id) return value as { status?: string | null };
    for (const item of Object.values(value)) {
      const found = findById(item, id);
      if (found) return found;
    }
  }
  return undefined;
}

/** Indexes built as the app builds them, on the same kind of watcher, counting their builds. */
function countedIndexes() {
  const watcher = createVersionWatcher(t.handle.db, 0);
  const builds = { search: 0, spatial: 0 };
  const search = versionedBuild(indexVersionSource(watcher), async () => {
    builds.search++;
    return buildSearchIndex(t.handle.db);
  });
  const spatial = versionedBuild(indexVersionSource(watcher), async () => {
    builds.spatial++;
    return buildSpatialIndex(t.handle.db);
  });
  return { watcher, builds, search, spatial };
}

describe('the index version', () => {
  it('stays at the start of a run of unindexed writes; any other write, or plain SQL, ends the run', async () => {
    expect(indexVersionOf(7, null)).toBe(7);
    expect(indexVersionOf(7, '4:7')).toBe(4);
    expect(indexVersionOf(8, '4:7')).toBe(8);
    expect(indexVersionOf(7, 'nonsense')).toBe(7);

    const db = t.handle.db;
    const indexed = await db.transaction().execute((trx) => bumpDataVersion(trx, clock.date()));
    expect(await readDataVersion(db)).toMatchObject({ version: indexed, indexVersion: indexed });
    // Two unindexed writes in a row: the indexes of `indexed` still hold.
    const one = await db.transaction().execute((trx) => bumpDataVersion(trx, clock.date(), UNINDEXED));
    const two = await db.transaction().execute((trx) => bumpDataVersion(trx, clock.date(), UNINDEXED));
    expect(two).toBe(one + 1);
    expect(await readDataVersion(db)).toMatchObject({ version: two, indexVersion: indexed });
    const run = await db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', UNINDEXED_RUN_KEY)
      .executeTakeFirstOrThrow();
    expect(run.value).toBe(`${indexed}:${two}`);
    // A version raised with plain SQL (a writer that says nothing) counts as indexed.
    await db
      .updateTable('data_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    expect(await readDataVersion(db)).toMatchObject({ version: two + 1, indexVersion: two + 1 });
    // A new run starts from there.
    const three = await db.transaction().execute((trx) => bumpDataVersion(trx, clock.date(), UNINDEXED));
    expect(await readDataVersion(db)).toMatchObject({ version: three, indexVersion: two + 1 });
    // An indexed write ends it.
    const four = await db.transaction().execute((trx) => bumpDataVersion(trx, clock.date()));
    expect(await readDataVersion(db)).toMatchObject({ version: four, indexVersion: four });
  });

  it('a status change or an algal report does not rebuild the indexes; a rename and an import do', async () => {
    const { watcher, builds, search, spatial } = countedIndexes();
    const before = { search: await search.ready(), spatial: await spatial.ready() };
    expect(builds).toEqual({ search: 1, spatial: 1 });
    const versionBefore = await watcher.current();
    // Warm the app's caches and indexes too.
    expect((await get('/api/v4/autocomplete?q=bondi')).body).toContain('Bondi Beach');
    expect(JSON.parse((await get(MAP)).body)).toBeTruthy();

    // A lifesaver closes Bondi (the console's writer), and Bondi joins the algal programme.
    await t.handle.db.transaction().execute(async (trx) => {
      await createConsoleRepository(trx).setStatus(
        bondi.id,
        {
          status: 'Closed',
          status_reason: 'dangerous_surf',
          status_message: 'Index test closure',
          status_set_at: clock.date().toISOString(),
          status_expires_at: null,
          status_set_by: 'lifesaver',
        },
        clock.date(),
      );
    });
    await createAlgalRepository(t.handle.db, clock.date).addBeach(bondi.id, clock.date().toISOString());
    expect(await watcher.current()).toBeGreaterThan(versionBefore);
    // Same index objects, no build.
    expect(await search.ready()).toBe(before.search);
    expect(await spatial.ready()).toBe(before.spatial);
    expect(builds).toEqual({ search: 1, spatial: 1 });
    // And the answers carry the change: the map (positions from the index, status from SQL).
    const listed = findById(JSON.parse((await get(MAP)).body), bondi.id);
    expect(listed?.status).toBe('Closed');
    expect(JSON.parse((await get(`/api/v4/beach/${bondi.id}`)).body).beach.status).toBe('Closed');

    // A rename: the indexes are rebuilt, and autocomplete finds the new name.
    await t.handle.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('beaches')
        .set({ title: 'Zebulon Bondi Beach', search_name: 'zebulon bondi beach' })
        .where('id', '=', bondi.id)
        .execute();
      await trx
        .insertInto('search_terms')
        .values({ term: 'zebulon', kind: 'beach', ref_id: bondi.id })
        .execute();
      await bumpDataVersion(trx, clock.date());
    });
    expect(await search.ready()).not.toBe(before.search);
    expect(builds).toEqual({ search: 2, spatial: 2 });
    const found = await (
      await search.ready()
    ).repository.beaches({ normalized: 'zebulon', term: 'zebulon', origin: null, limit: 5 });
    expect(found.map((row) => row.title)).toContain('Zebulon Bondi Beach');
    expect((await get('/api/v4/autocomplete?q=zebulon')).body).toContain('Zebulon Bondi Beach');

    // An import through the real importer rebuilds them as well.
    const csv = path.join(tmp, 'mixed.csv');
    fs.copyFileSync(path.join(FIXTURES, 'beaches-mixed.csv'), csv);
    expect((await importBeaches(t.handle.db, csv)).added).toBeGreaterThan(0);
    await Promise.all([search.ready(), spatial.ready()]);
    expect(builds).toEqual({ search: 3, spatial: 3 });
    expect((await get('/api/v4/autocomplete?q=test%20cove')).body).toContain('Test Cove');
  });
});
