import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBeaches } from '../src/db/seed/beaches.ts';
import { ImportFileError } from '../src/db/seed/beach-rows.ts';
import { importPlaces } from '../src/db/seed/places.ts';
import { DATA_DIR, FIXTURES, openTestDatabase } from './helpers.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  handle = await openTestDatabase();
  await importPlaces(handle.db, path.join(DATA_DIR, 'places', 'geonames-AU-postcodes.txt'));
});
afterAll(async () => {
  await handle.close();
});

const fixture = (name: string) => path.join(FIXTURES, name);
const count = async (table: 'beaches' | 'clubs' | 'beach_clubs' | 'search_terms') =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('import-beaches (CSV)', () => {
  it('adds good rows and rejects bad ones one by one with reasons', async () => {
    const report = await importBeaches(handle.db, fixture('beaches-mixed.csv'));
    expect(report.added).toBe(2);
    const reasons = Object.fromEntries(
      report.rejected.map((r) => [r.title ?? `line ${r.line}`, r.reasons.join('; ')]),
    );
    expect(reasons['Nowhere Beach']).toMatch(/locality "Atlantis" 2026 NSW is not in the places data/);
    expect(Object.values(reasons).some((r) => /postcode must be 4 digits/.test(r))).toBe(true);
    expect(reasons['Faraway Beach']).toMatch(/km from Bondi Beach 2026/);
    expect(Object.values(reasons).some((r) => /outside Australia/.test(r))).toBe(true);
    expect(reasons['Test Cove']).toMatch(/duplicate of line 2/);
    expect(Object.values(reasons).some((r) => /length_m/.test(r))).toBe(true);
    expect(report.rejected).toHaveLength(6);
  });

  it('keeps quoted text, derives keys and links clubs', async () => {
    const cove = await handle.db
      .selectFrom('beaches')
      .selectAll()
      .where('key', '=', 'nsw-2026-test-cove')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(cove.description)).toEqual({
      Beach: 'A cove with "quotes", commas\nand a line break.',
    });
    expect(`${cove.state}/${cove.area_slug}/${cove.city_slug}/${cove.slug}`).toBe(
      'NSW/waverley/bondi-beach/test-cove',
    );
    expect(cove.timezone).toBe('Australia/Sydney');
    const clubs = await handle.db
      .selectFrom('beach_clubs')
      .innerJoin('clubs', 'clubs.id', 'beach_clubs.club_id')
      .select('clubs.title')
      .where('beach_id', '=', cove.id)
      .orderBy('sort')
      .execute();
    expect(clubs.map((c) => c.title)).toEqual(['Test Cove SLSC', 'Second Test SLSC']);
    const keyed = await handle.db
      .selectFrom('beaches')
      .select(['key', 'timezone'])
      .where('key', '=', 'custom-key-1')
      .executeTakeFirstOrThrow();
    expect(keyed.timezone).toBe('Australia/Brisbane');
  });

  it('is idempotent by key: a second run changes nothing', async () => {
    const before = await Promise.all([
      count('beaches'),
      count('clubs'),
      count('beach_clubs'),
      count('search_terms'),
    ]);
    const report = await importBeaches(handle.db, fixture('beaches-mixed.csv'));
    expect(report).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect(
      await Promise.all([count('beaches'), count('clubs'), count('beach_clubs'), count('search_terms')]),
    ).toEqual(before);
  });

  it('never half-writes a rejected row', async () => {
    const before = await Promise.all([count('beaches'), count('clubs'), count('beach_clubs')]);
    const report = await importBeaches(handle.db, fixture('beaches-hazard.csv'));
    expect(report.added).toBe(1);
    expect(report.rejected[0]).toMatchObject({
      title: null,
      reasons: [expect.stringMatching(/hazard must be between 0 and 10/)],
    });
    const after = await Promise.all([count('beaches'), count('clubs'), count('beach_clubs')]);
    expect(after).toEqual([before[0]! + 1, before[1], before[2]]);
  });

  it('rejects a file with an unknown column before writing anything', async () => {
    const before = await count('beaches');
    await expect(importBeaches(handle.db, fixture('beaches-unknown-column.csv'))).rejects.toThrow(
      ImportFileError,
    );
    await expect(importBeaches(handle.db, fixture('beaches-unknown-column.csv'))).rejects.toThrow(
      /Unknown column\(s\): colour/,
    );
    expect(await count('beaches')).toBe(before);
  });
});

describe('import-beaches (GeoJSON)', () => {
  it('imports Point features and rejects other geometries', async () => {
    const report = await importBeaches(handle.db, fixture('beaches.geojson'));
    expect(report.added).toBe(1);
    expect(report.rejected).toEqual([
      { line: 2, title: null, reasons: ['geometry must be a Point, got LineString'] },
    ]);
    const beach = await handle.db
      .selectFrom('beaches')
      .selectAll()
      .where('key', '=', 'wa-6011-geo-test-beach')
      .executeTakeFirstOrThrow();
    expect(beach).toMatchObject({
      latitude: -31.9935,
      longitude: 115.7525,
      length_m: 800,
      timezone: 'Australia/Perth',
      data_source: 'geojson fixture',
    });
  });
});
