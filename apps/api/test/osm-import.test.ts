import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { haversineMetres } from '@safeshore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../src/db/seed/beach-rows.ts';
import { seedBundledData } from '../src/db/seed/index.ts';
import { SkipLog, scanBeaches, type BeachFeature } from '../src/db/seed/osm/features.ts';
import { polygonLength } from '../src/db/seed/osm/geometry.ts';
import { formatOsmReport, importOsm, type OsmImportReport } from '../src/db/seed/osm/import.ts';
import { forEachOverpassElement } from '../src/db/seed/osm/overpass-json.ts';
import { writeOsmPbf } from '../src/db/seed/osm/pbf-writer.ts';
import { openOsmSource } from '../src/db/seed/osm/source.ts';
import { buildExtract, IDS, toOverpassJson } from './fixtures/osm/extract.ts';
import { DATA_DIR, FIXTURES, openTestDatabase } from './helpers.ts';

type Handle = Awaited<ReturnType<typeof openTestDatabase>>;

const extract = buildExtract();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-osm-test-'));
const file = (name: string) => path.join(tmp, name);
const committed = (name: string) => path.join(FIXTURES, 'osm', name);
const pointOf = (id: number) => {
  const node = extract.nodes.find((n) => n.id === id)!;
  return { latitude: node.lat, longitude: node.lon };
};
const wayEnds = (wayId: number) => {
  const refs = extract.ways.find((w) => w.id === wayId)!.refs;
  return [pointOf(refs[0]!), pointOf(refs[refs.length - 1]!)] as const;
};

/** A database with the bundled places and starter beaches, as a real one has before an import. */
async function seededDatabase(): Promise<Handle> {
  const handle = await openTestDatabase();
  await seedBundledData(handle.db, DATA_DIR);
  return handle;
}

let handle: Handle;
let first: OsmImportReport;

beforeAll(async () => {
  writeOsmPbf(file('beaches.osm.pbf'), extract);
  writeOsmPbf(file('plain.osm.pbf'), extract, { compress: false, denseNodes: false, blockSize: 3 });
  fs.writeFileSync(file('beaches.json'), toOverpassJson(extract));
  fs.writeFileSync(file('beaches-all-nodes.json'), toOverpassJson(extract, { withAllNodes: true }));
  handle = await seededDatabase();
  first = await importOsm(handle.db, file('beaches.osm.pbf'));
});

afterAll(async () => {
  await handle.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const beach = (key: string) =>
  handle.db.selectFrom('beaches').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const count = async (table: 'beaches' | 'beach_sources' | 'search_terms' | 'localities') =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const sourcesOf = (beachId: number) =>
  handle.db
    .selectFrom('beach_sources')
    .select(['source', 'source_id', 'licence', 'attribution'])
    .where('beach_id', '=', beachId)
    .orderBy('source_id')
    .execute();

describe('import-osm from a .osm.pbf extract', () => {
  it('adds named beaches, merges a known one and reports each skip with its reason', () => {
    expect(first).toMatchObject({
      format: 'pbf',
      features: 10,
      joined: 1,
      added: 7,
      merged: 1,
      updated: 0,
      unchanged: 0,
    });
    const skipped = Object.fromEntries(first.skipped.map((s) => [s.reason, s]));
    expect(skipped['no name']).toEqual({
      reason: 'no name',
      count: 2,
      examples: expect.arrayContaining([`way/${IDS.bondiUnnamed}`]),
    });
    expect(skipped['outside Australia']).toMatchObject({
      count: 1,
      examples: [`way/${IDS.auckland} (Mission Bay Beach)`],
    });
    expect(skipped['missing geometry (its nodes or member ways are not in the file)']).toMatchObject({
      count: 1,
      examples: [`way/${IDS.ghost} (Ghost Beach)`],
    });
    expect(skipped['no GeoNames locality within 25 km']).toMatchObject({
      count: 1,
      examples: [`way/${IDS.coralSea} (Coral Cay Beach)`],
    });
    expect(skipped['relation is not a multipolygon']).toMatchObject({ count: 1 });
    expect(first.skipped.reduce((sum, s) => sum + s.count, 0)).toBe(6);
    const printed = formatOsmReport(first).join('\n');
    expect(printed).toMatch(/7 added, 1 merged into existing beaches, 0 updated, 0 unchanged, 6 skipped/);
    expect(printed).toMatch(/skipped 1: outside Australia; e\.g\. way\/109 \(Mission Bay Beach\)/);
  });

  it('merges into the existing Bondi Beach, filling only its empty fields', async () => {
    const bondi = await beach('nsw-2026-bondi-beach');
    // What the editors entered stays as it was.
    expect(bondi).toMatchObject({
      title: 'Bondi Beach',
      latitude: -33.891,
      longitude: 151.277,
      area: 'Waverley',
      length_m: 1000,
      patrol: 1,
      coordinate_precision_m: 300,
    });
    expect(bondi.data_source).toMatch(/SafeShore starter set/);
    expect(JSON.parse(bondi.description)).toHaveProperty('Beach');
    // What was unknown is filled from OpenStreetMap: tags and toilets 150 m away. No car park is
    // mapped nearby, and that stays unknown rather than "no".
    expect(bondi).toMatchObject({
      surface: 'sand',
      supervised: 1,
      has_dogs_allowed: 0,
      has_dogs_allowed_on_leash: 0,
      has_toilet: 1,
      has_parking: null,
    });
    expect(await sourcesOf(bondi.id)).toEqual([
      {
        source: 'osm',
        source_id: `way/${IDS.bondi}`,
        licence: 'ODbL-1.0',
        attribution: '© OpenStreetMap contributors',
      },
    ]);
    const bondis = await handle.db
      .selectFrom('beaches')
      .select('id')
      .where('search_name', '=', 'bondi beach')
      .execute();
    expect(bondis).toHaveLength(1);
  });

  it('joins a beach mapped in two pieces into one beach with both sources', async () => {
    const wattle = await beach('nsw-2427-wattle-strand');
    const [northStart, northEnd] = wayEnds(IDS.wattleNorth);
    const [southStart, southEnd] = wayEnds(IDS.wattleSouth);
    expect(wattle).toMatchObject({
      title: 'Wattle Strand',
      slug: 'wattle-strand',
      state: 'NSW',
      city: 'Crowdy Head',
      postcode: '2427',
      data_source: '© OpenStreetMap contributors',
      data_licence: 'ODbL-1.0',
      coordinate_source: 'OpenStreetMap geometry centroid',
      source_id: `way/${IDS.wattleNorth}`,
      timezone: 'Australia/Sydney',
      surface: 'sand',
    });
    // The length is the two pieces' together (each piece is a straight line).
    const pieces = haversineMetres(northStart, northEnd) + haversineMetres(southStart, southEnd);
    expect(Math.abs(wattle.length_m! - pieces)).toBeLessThan(5);
    // The point lies between the pieces, and its precision is half the beach's extent.
    expect(wattle.latitude).toBeLessThan(northStart.latitude);
    expect(wattle.latitude).toBeGreaterThan(southEnd.latitude);
    expect(wattle.coordinate_precision_m).toBeCloseTo(haversineMetres(northStart, southEnd) / 2, -1);
    expect((await sourcesOf(wattle.id)).map((s) => s.source_id)).toEqual([
      `way/${IDS.wattleNorth}`,
      `way/${IDS.wattleSouth}`,
    ]);
    const terms = await handle.db
      .selectFrom('search_terms')
      .select('term')
      .where('kind', '=', 'beach')
      .where('ref_id', '=', wattle.id)
      .orderBy('term')
      .execute();
    expect(terms.map((t) => t.term)).toEqual(['strand', 'wattle']);
  });

  it("takes the state of the locality nearest the beach's centre, also across a state border", async () => {
    // Both beaches run across the NSW/QLD border at Point Danger (latitude about -28.17).
    const [qldStart, qldEnd] = wayEnds(IDS.borderQld);
    const [nswStart, nswEnd] = wayEnds(IDS.borderNsw);
    expect(qldStart.latitude).toBeGreaterThan(-28.17);
    expect(qldEnd.latitude).toBeLessThanOrEqual(-28.17);
    expect(nswStart.latitude).toBeGreaterThan(-28.17);
    expect(nswEnd.latitude).toBeLessThan(-28.17);
    expect(await beach('qld-4225-border-strand')).toMatchObject({
      state: 'QLD',
      city: 'Coolangatta',
      postcode: '4225',
      timezone: 'Australia/Brisbane',
    });
    expect(await beach('nsw-2485-danger-point-beach')).toMatchObject({
      state: 'NSW',
      city: 'Tweed Heads',
      postcode: '2485',
      timezone: 'Australia/Sydney',
    });
  });

  it("names the council from the beach's tags, else its locality's council, else the locality", async () => {
    // is_in / addr:city tags.
    expect(await beach('wa-6516-pelican-sands')).toMatchObject({
      area: 'Dandaragan',
      area_slug: 'dandaragan',
    });
    expect(await beach('nsw-2427-crowdy-lagoon-beach')).toMatchObject({
      area: 'Mid-Coast',
      area_slug: 'mid-coast',
    });
    // The tagged council becomes the locality's, and its untagged beaches share it.
    expect((await beach('nsw-2427-wattle-strand')).area).toBe('Mid-Coast');
    const crowdyHead = await handle.db
      .selectFrom('localities')
      .selectAll()
      .where('slug', '=', 'crowdy-head')
      .executeTakeFirstOrThrow();
    expect(crowdyHead).toMatchObject({ area_slug: 'mid-coast', beaches_count: 2 });
    // Coolangatta's council is known from the starter beaches there.
    expect(await beach('qld-4225-border-strand')).toMatchObject({
      area: 'Gold Coast',
      area_slug: 'gold-coast',
    });
    // Cervantes has no known council: the locality stands in, with its own slug.
    expect(await beach('wa-6511-twin-rocks-beach')).toMatchObject({
      area: 'Cervantes',
      area_slug: 'cervantes',
    });
  });

  it('gives a second beach of the same name far away its own key and page address', async () => {
    const north = await beach('wa-6511-twin-rocks-beach');
    const south = await beach('wa-6511-twin-rocks-beach-2');
    expect([north.slug, south.slug]).toEqual(['twin-rocks-beach', 'twin-rocks-beach-2']);
    expect(south.title).toBe('Twin Rocks Beach');
    expect(haversineMetres(north, south)).toBeGreaterThan(2_000);
    const cervantes = await handle.db
      .selectFrom('localities')
      .select('beaches_count')
      .where('slug', '=', 'cervantes')
      .executeTakeFirstOrThrow();
    expect(cervantes.beaches_count).toBe(2);
  });

  it('maps surface, supervised/lifeguard and dog tags, and sets facilities only when one is near', async () => {
    expect(await beach('wa-6511-twin-rocks-beach')).toMatchObject({
      surface: 'pebbles',
      has_dogs_allowed: null,
      has_dogs_allowed_on_leash: 1,
      has_parking: null,
      has_toilet: null,
    });
    // A car park node 80 m away.
    expect((await beach('wa-6511-twin-rocks-beach-2')).has_parking).toBe(1);
    // A car park area 200 m away; toilets 900 m away do not count.
    expect(await beach('nsw-2427-wattle-strand')).toMatchObject({ has_parking: 1, has_toilet: null });
    expect(await beach('nsw-2427-crowdy-lagoon-beach')).toMatchObject({
      has_dogs_allowed: 1,
      has_dogs_allowed_on_leash: null,
      supervised: 0,
      length_m: null,
      coordinate_precision_m: 250,
    });
    expect((await beach('wa-6516-pelican-sands')).supervised).toBe(0);
  });

  it('measures a multipolygon whose outer ways join into one ring', async () => {
    const pelican = await beach('wa-6516-pelican-sands');
    // A strip about 1,000 m long and 60 m wide: its length is the long side.
    expect(pelican.length_m).toBeGreaterThan(950);
    expect(pelican.length_m).toBeLessThan(1050);
    expect(pelican.latitude).toBeCloseTo(-30.2905, 3);
    expect(pelican.longitude).toBeCloseTo(115.0388, 3);
    expect((await sourcesOf(pelican.id)).map((s) => s.source_id)).toEqual([
      `relation/${IDS.pelicanRelation}`,
    ]);
  });

  it('is idempotent: importing the same file again adds and changes nothing', async () => {
    const before = await Promise.all([count('beaches'), count('beach_sources'), count('search_terms')]);
    const again = await importOsm(handle.db, file('beaches.osm.pbf'));
    expect(again).toMatchObject({ added: 0, merged: 0, updated: 0, unchanged: 8 });
    expect(await Promise.all([count('beaches'), count('beach_sources'), count('search_terms')])).toEqual(
      before,
    );
  });

  it('recognises the same features in Overpass JSON and in other PBF encodings', async () => {
    const before = await count('beaches');
    for (const name of ['beaches.json', 'beaches-all-nodes.json', 'plain.osm.pbf']) {
      const report = await importOsm(handle.db, file(name));
      expect(report, name).toMatchObject({ features: 10, added: 0, merged: 0, updated: 0, unchanged: 8 });
    }
    expect(await count('beaches')).toBe(before);
  });
});

describe('reading .osm.pbf written by other tools', () => {
  const comparable = (features: BeachFeature[]) =>
    features
      .map((f) => ({
        sourceId: f.sourceId,
        name: f.name,
        kind: f.geometry.kind,
        tags: f.tags,
        latitude: Math.round(f.summary.latitude * 1e5),
        longitude: Math.round(f.summary.longitude * 1e5),
        lengthM: f.summary.lengthM === null ? null : Math.round(f.summary.lengthM),
      }))
      .sort((a, b) => a.sourceId.localeCompare(b.sourceId));

  it('reads osmium-written files (dense nodes; locations on ways) like our own', async () => {
    const ours = await scanBeaches(openOsmSource(file('beaches.osm.pbf')), new SkipLog());
    for (const name of ['beaches.osm.pbf', 'beaches-locations-on-ways.osm.pbf']) {
      const skips = new SkipLog();
      const theirs = await scanBeaches(openOsmSource(committed(name)), skips);
      expect(comparable(theirs.features), name).toEqual(comparable(ours.features));
      expect(theirs.toilets).toEqual(ours.toilets);
      expect(theirs.parking.map((v) => Math.round(v * 1e6))).toEqual(
        ours.parking.map((v) => Math.round(v * 1e6)),
      );
      expect(
        skips.reasons.get('missing geometry (its nodes or member ways are not in the file)')?.count,
        name,
      ).toBe(1);
    }
  });

  it('refuses files it cannot read, with a clear error, and writes nothing', async () => {
    const before = await count('beaches');
    fs.writeFileSync(file('notes.txt'), 'hello');
    fs.writeFileSync(file('garbage.osm.pbf'), 'this is not a pbf file at all');
    const good = fs.readFileSync(file('beaches.osm.pbf'));
    fs.writeFileSync(file('truncated.osm.pbf'), good.subarray(0, good.length - 10));
    fs.writeFileSync(file('not-overpass.json'), JSON.stringify({ type: 'FeatureCollection', features: [] }));
    fs.writeFileSync(file('broken.json'), '{"elements":[{"type":"node","id":1,');
    await expect(importOsm(handle.db, file('notes.txt'))).rejects.toThrow(/Unsupported file type/);
    await expect(importOsm(handle.db, file('garbage.osm.pbf'))).rejects.toThrow(
      /Not a readable OpenStreetMap PBF file/,
    );
    await expect(importOsm(handle.db, file('truncated.osm.pbf'))).rejects.toThrow(ImportFileError);
    await expect(importOsm(handle.db, file('not-overpass.json'))).rejects.toThrow(/no "elements" array/);
    await expect(importOsm(handle.db, file('broken.json'))).rejects.toThrow(/ends too early/);
    expect(await count('beaches')).toBe(before);
  });
});

describe('polygon length along the shore', () => {
  it('is the long side of the rectangle with the same perimeter and area', () => {
    // A 1,000 m x 50 m strip, straight or bent into a crescent, has these measures.
    expect(polygonLength(2 * (1000 + 50), 1000 * 50, 1001)).toBeCloseTo(1000, 6);
    // A square: its side.
    expect(polygonLength(400, 100 * 100, 141)).toBeCloseTo(100, 6);
    // A disc has no such rectangle: its diameter stands in.
    expect(polygonLength(2 * Math.PI * 100, Math.PI * 100 * 100, 200)).toBe(200);
  });
});

describe('Overpass JSON reader', () => {
  it('streams elements that span read chunks, with braces and quotes inside strings', async () => {
    const names = Array.from(
      { length: 30_000 },
      (_, i) => `Beach {${i}} "quoted" ] \\ Mãnly ${'x'.repeat(i % 7)}`,
    );
    const json = JSON.stringify({
      version: 0.6,
      osm3s: { note: 'an object before the elements', nested: [{ elements: 'not these' }] },
      elements: names.map((name, i) => ({ type: 'node', id: i + 1, lat: -33, lon: 151, tags: { name } })),
    });
    expect(json.length).toBeGreaterThan(2 * 1024 * 1024);
    fs.writeFileSync(file('big.json'), json);
    const seen: string[] = [];
    await forEachOverpassElement(file('big.json'), (element) => {
      seen.push((element as { tags: { name: string } }).tags.name);
    });
    expect(seen).toEqual(names);
  });
});

describe('import-osm from Overpass JSON into a fresh database', () => {
  it('gives the same beaches as the PBF extract', async () => {
    const rows = (db: Handle['db']) =>
      db
        .selectFrom('beaches')
        .select([
          'key',
          'title',
          'state',
          'area',
          'city',
          'postcode',
          'length_m',
          'coordinate_precision_m',
          'surface',
          'supervised',
          'has_dogs_allowed',
          'has_dogs_allowed_on_leash',
          'has_toilet',
          'has_parking',
          'latitude',
          'longitude',
        ])
        .orderBy('key')
        .execute();
    const fromPbf = await rows(handle.db);
    // A fresh database for the JSON file. (One test database at a time: on PostgreSQL, Kysely's
    // migrator sees another schema's migration tables as its own.)
    await handle.close();
    handle = await seededDatabase();
    const report = await importOsm(handle.db, file('beaches.json'));
    expect(report).toMatchObject({ format: 'overpass-json', features: 10, joined: 1, added: 7, merged: 1 });
    expect(report.skipped).toEqual(first.skipped);
    const fromJson = await rows(handle.db);
    expect(fromJson.map((r) => r.key)).toEqual(fromPbf.map((r) => r.key));
    fromJson.forEach((row, i) => {
      const pbfRow = fromPbf[i]!;
      // PBF stores coordinates to 1e-7 degrees; everything else must match exactly.
      expect({ ...row, latitude: 0, longitude: 0 }).toEqual({ ...pbfRow, latitude: 0, longitude: 0 });
      expect(row.latitude).toBeCloseTo(pbfRow.latitude, 5);
      expect(row.longitude).toBeCloseTo(pbfRow.longitude, 5);
    });
  });
});
