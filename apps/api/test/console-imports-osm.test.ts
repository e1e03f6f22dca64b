import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledData } from '../src/db/seed/index.ts';
import { importOsm } from '../src/db/seed/osm/import.ts';
import { importFacilities } from '../src/modules/console/imports/facilities.ts';
import { DATA_DIR, FIXTURES, openTestDatabase } from './helpers.ts';

/**
 * The OpenStreetMap import maps toilets, parking, dog, lifeguard and surf-club tags into the same
 * facility list the operators' facilities import writes: present within the distances the import
 * already uses; nothing found stays unknown; an operator's list is never touched.
 * Fixture: test/fixtures/imports/osm-facilities.json (made-up features around Tamarama and Bondi).
 */

const FILE = path.join(FIXTURES, 'imports', 'osm-facilities.json');
const NOW = new Date('2026-11-21T23:30:00Z');
let handle: Awaited<ReturnType<typeof openTestDatabase>>;

const beach = (key: string) =>
  handle.db.selectFrom('beaches').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const facilitiesOf = async (key: string) => JSON.parse((await beach(key)).facilities) as unknown[];

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedBundledData(handle.db, DATA_DIR);
  // Bondi's facilities come from its council, through the operators' import.
  const report = await importFacilities(
    handle.db,
    {
      name: 'bondi.csv',
      text: [
        'beach,type,name,source',
        'nsw-2026-bondi-beach,Facility,Toilets at the pavilion,Waverley Council',
        'nsw-2026-bondi-beach,has_dogs_allowed,no,Waverley Council',
      ].join('\n'),
    },
    { now: NOW },
  );
  expect(report.applied).toBe(true);
}, 120_000);
afterAll(async () => {
  await handle.close();
});

describe('OpenStreetMap facilities', () => {
  it('lists toilets, parking, a lifeguard station, a surf club and the dog rule found near a beach', async () => {
    const report = await importOsm(handle.db, FILE);
    expect(report.added).toBe(1);
    const tamarama = await beach('nsw-2026-tamarama-beach');
    expect(JSON.parse(tamarama.facilities)).toEqual([
      { type: 'Facility', name: 'Toilets', url: null },
      { type: 'Carpark', name: 'Car park', url: null },
      { type: 'Facility', name: 'Lifeguard station', url: null },
      { type: 'Facility', name: 'Surf life saving club', url: null },
      { type: 'Regulation', name: 'Dogs on a leash only', url: null },
    ]);
    expect(tamarama).toMatchObject({
      has_toilet: 1,
      has_parking: 1,
      has_dogs_allowed_on_leash: 1,
      facilities_source: 'osm',
    });
  });

  it('finds nothing beyond the distances: the facts stay unknown, never "no"', async () => {
    const cove = await handle.db
      .selectFrom('beaches')
      .selectAll()
      .where('title', '=', 'Hidden Test Cove')
      .executeTakeFirstOrThrow();
    expect(cove.data_licence).toBe('ODbL-1.0');
    // Toilets 610 m away (over 250 m); a tennis club is no surf club.
    expect(JSON.parse(cove.facilities)).toEqual([]);
    expect(cove).toMatchObject({ has_toilet: null, has_parking: null, facilities_source: null });
  });

  it('never touches an operator’s list or facts', async () => {
    expect(await facilitiesOf('nsw-2026-bondi-beach')).toEqual([
      { type: 'Facility', name: 'Toilets at the pavilion', url: null },
    ]);
    const bondi = await beach('nsw-2026-bondi-beach');
    expect(bondi.has_dogs_allowed).toBe(0);
    expect(bondi.facilities_source).toBe('import');
  });

  it('a re-run adds nothing, and an operator’s later list replaces OpenStreetMap’s for good', async () => {
    const again = await importOsm(handle.db, FILE);
    expect(again).toMatchObject({ added: 0, merged: 0, updated: 0 });
    expect(await facilitiesOf('nsw-2026-tamarama-beach')).toHaveLength(5);

    await importFacilities(
      handle.db,
      {
        name: 'tamarama.csv',
        text: 'beach,type,name,source\nnsw-2026-tamarama-beach,Rip,Rip along the southern rocks,Waverley Council\n',
      },
      { now: NOW },
    );
    await importOsm(handle.db, FILE);
    expect(await facilitiesOf('nsw-2026-tamarama-beach')).toEqual([
      { type: 'Rip', name: 'Rip along the southern rocks', url: null },
    ]);
  });
});
