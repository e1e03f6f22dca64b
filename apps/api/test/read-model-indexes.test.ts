import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSyntheticBeaches } from '../../../bench/synthetic.ts';
import { bumpDataVersion } from '../src/db/data-version.ts';
import { syncContent } from '../src/db/seed/articles.ts';
import { importPlaces } from '../src/db/seed/places.ts';
import {
  buildSpatialIndex,
  indexedLocationRepository,
  type SpatialIndex,
} from '../src/modules/location/location.memory.ts';
import { createLocationRepository } from '../src/modules/location/location.repository.ts';
import { createLocationService } from '../src/modules/location/location.service.ts';
import { createReadModel, versionedBuild, type VersionedBuild } from '../src/modules/read-model/index.ts';
import {
  buildSearchIndex,
  indexedSearchRepository,
  type SearchIndex,
} from '../src/modules/search/search.memory.ts';
import { createSearchRepository } from '../src/modules/search/search.repository.ts';
import { createSearchService } from '../src/modules/search/search.service.ts';
import { CONTENT_DIR, DATA_DIR, openTestDatabase } from './helpers.ts';
import { testClock } from './clock.ts';

/**
 * The in-memory autocomplete and spatial indexes (issue 20) answer byte for byte as the SQL they
 * replace, on a few hundred random queries over the real places and 3,000 synthetic beaches (enough for the term index's candidate cap to bite on short words).
 */

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
const clock = testClock();
let search: SearchIndex;
let spatial: SpatialIndex;
let names: string[];
let places: Array<{ state: string; area_slug: string | null; slug: string; postcode: string }>;

// A fixed sequence: the same queries on every run.
let seed = 20;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const fixed = <T>(value: T): VersionedBuild<T> => ({ current: async () => value, ready: async () => value });

beforeAll(async () => {
  handle = await openTestDatabase();
  await importPlaces(handle.db, path.join(DATA_DIR, 'places', 'geonames-AU-postcodes.txt'));
  await syncContent(handle.db, CONTENT_DIR);
  await generateSyntheticBeaches(handle.db, { count: 3_000 });
  [search, spatial] = await Promise.all([buildSearchIndex(handle.db), buildSpatialIndex(handle.db)]);
  const [beachNames, placeRows, clubNames] = await Promise.all([
    handle.db.selectFrom('beaches').select('title').execute(),
    handle.db.selectFrom('localities').select(['title', 'state', 'area_slug', 'slug', 'postcode']).execute(),
    handle.db.selectFrom('clubs').select('title').execute(),
  ]);
  names = [...beachNames, ...placeRows, ...clubNames].map((row) => row.title);
  places = placeRows;
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

function randomQuery(): string {
  const kind = random();
  const name = pick(names);
  const words = name.split(/\s+/);
  if (kind < 0.35) return name.slice(0, 2 + Math.floor(random() * 7));
  if (kind < 0.5) return name;
  if (kind < 0.65 && words.length > 1) return `${words[1]!.slice(0, 3)} ${words[0]!.slice(0, 2)}`;
  if (kind < 0.75) return pick(['be', 'ba', 'po', 'no', 'so', 'ma', 'sy', 'beach', 'bay', 'st k', 'mt ']);
  if (kind < 0.85) return name.toUpperCase().slice(0, 5);
  if (kind < 0.9) return `${name.slice(0, 3)}zzq`;
  // Postcodes and their starts (issue 30): matched by postcode, not by name.
  if (kind < 0.95) return pick(places).postcode.slice(0, 2 + Math.floor(random() * 3));
  return pick(['rip', 'surf', 'safety', 'sun', 'club', 'life']);
}

const randomOrigin = () => ({ latitude: -10 - random() * 33, longitude: 113 + random() * 41 });

describe('in-memory indexes answer as the SQL they replace', () => {
  it('autocomplete: 400 random queries, with and without the searcher position', async () => {
    const sql = createSearchService(createSearchRepository(handle.db));
    const memory = createSearchService(search.repository);
    let nonEmpty = 0;
    for (let i = 0; i < 400; i++) {
      const q = randomQuery();
      const origin = i % 2 === 0 ? null : randomOrigin();
      const expected = JSON.stringify(await sql.autocomplete(q, origin));
      const actual = JSON.stringify(await memory.autocomplete(q, origin));
      expect(actual, `${q} ${JSON.stringify(origin)}`).toBe(expected);
      if (expected.includes('"id"')) nonEmpty++;
    }
    // The queries are not all misses.
    expect(nonEmpty).toBeGreaterThan(300);
  });

  it('location by coordinates and by place url, and map boxes: 300 random requests', async () => {
    const sqlRepo = createLocationRepository(handle.db);
    const sql = createLocationService(sqlRepo, clock.date);
    // With the rows kept per data version too (one version: nothing is written meanwhile).
    const memory = createLocationService(
      indexedLocationRepository(sqlRepo, fixed(spatial), { dataVersion: async () => 1 }),
      clock.date,
    );
    for (let i = 0; i < 100; i++) {
      const origin = randomOrigin();
      const body = { latitude: origin.latitude, longitude: origin.longitude };
      const request = { body, xLocation: undefined, ip: '127.0.0.1' };
      expect(JSON.stringify(await memory.locate(request)), JSON.stringify(body)).toBe(
        JSON.stringify(await sql.locate(request)),
      );
    }
    for (let i = 0; i < 100; i++) {
      const place = pick(places);
      const url =
        i % 3 === 0
          ? `/postcode/${place.postcode}`
          : i % 3 === 1
            ? `/${place.state.toLowerCase()}/${place.area_slug ?? place.slug}`
            : `/${place.state.toLowerCase()}/${place.area_slug ?? place.slug}/${place.slug}`;
      const request = { body: { url }, xLocation: undefined, ip: '127.0.0.1' };
      expect(JSON.stringify(await memory.locate(request)), url).toBe(
        JSON.stringify(await sql.locate(request)),
      );
    }
    for (let i = 0; i < 100; i++) {
      const centre = randomOrigin();
      const span = 0.05 + random() * 1.5;
      const query = {
        neCoords: `${(centre.latitude + span).toFixed(4)},${(centre.longitude + span).toFixed(4)}`,
        swCoords: `${(centre.latitude - span).toFixed(4)},${(centre.longitude - span).toFixed(4)}`,
      };
      expect(JSON.stringify(await memory.mapBeaches(query)), JSON.stringify(query)).toBe(
        JSON.stringify(await sql.mapBeaches(query)),
      );
    }
  });

  it('are rebuilt when the version changes, and SQL answers meanwhile', async () => {
    const readModel = createReadModel({ db: handle.db, clock: clock.date });
    const build = versionedBuild(readModel, () => buildSearchIndex(handle.db));
    const service = createSearchService(indexedSearchRepository(createSearchRepository(handle.db), build));
    await build.ready();
    const id = (
      await handle.db
        .selectFrom('beaches')
        .select('id')
        .where('key', '=', 'synthetic-1')
        .executeTakeFirstOrThrow()
    ).id;
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('beaches')
        .set({ title: 'Qwertyuiop Beach', search_name: 'qwertyuiop beach' })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('search_terms')
        .values({ kind: 'beach', term: 'qwertyuiop', ref_id: id })
        .execute();
      await bumpDataVersion(trx, clock.date());
    });
    // At once (from SQL while the index rebuilds), and from the rebuilt index after.
    expect((await service.autocomplete('qwerty', null)).beaches.map((b) => b.id)).toEqual([id]);
    const rebuilt = await build.ready();
    expect(
      (await createSearchService(rebuilt.repository).autocomplete('qwerty', null)).beaches.map((b) => b.id),
    ).toEqual([id]);
    expect((await build.current())?.repository).toBe(rebuilt.repository);
  });
});
