import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledData } from '../src/db/seed/index.ts';
import { NO_COASTLINE_NOTE } from '../src/db/seed/osm/coastline.ts';
import { SkipLog, scanBeaches } from '../src/db/seed/osm/features.ts';
import { importOsm } from '../src/db/seed/osm/import.ts';
import { writeOsmPbf, type OsmNodeInput, type OsmWayInput } from '../src/db/seed/osm/pbf-writer.ts';
import { openOsmSource } from '../src/db/seed/osm/source.ts';
import { toOverpassJson, type OsmExtract } from './fixtures/osm/extract.ts';
import { DATA_DIR, openTestDatabase } from './helpers.ts';

type Handle = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * Shore normals of beaches from an OpenStreetMap extract with natural=coastline ways (land on the
 * left of the way, as OpenStreetMap draws the coast). Beach names other than the starter beaches'
 * (Bondi, Tamarama, Bronte) are made up; coordinates are real coasts.
 */
function extract(build: (node: (lat: number, lon: number) => number, way: WayAdder) => void): OsmExtract {
  const nodes: OsmNodeInput[] = [];
  const ways: OsmWayInput[] = [];
  let nextNode = 5_000;
  build(
    (lat, lon) => {
      nodes.push({ id: nextNode, lat, lon });
      return nextNode++;
    },
    (id, refs, tags) => ways.push({ id, refs, tags }),
  );
  return { nodes, ways, relations: [] };
}
type WayAdder = (id: number, refs: number[], tags: Record<string, string>) => void;

const withCoastline = extract((node, way) => {
  // South of Crowdy Head (NSW): the coast runs NNE, the sea to the east; mapped as two ways that
  // share a node, drawn northwards.
  const joint = node(-31.8625, 152.7383);
  way(301, [node(-31.875, 152.7315), node(-31.8687, 152.7349), joint], { natural: 'coastline' });
  way(302, [joint, node(-31.8562, 152.7419), node(-31.85, 152.7455)], { natural: 'coastline' });
  // Bondi: the coast from the beach's south-west end to its north-east end.
  way(303, [node(-33.8935, 151.2745), node(-33.888, 151.281)], { natural: 'coastline' });
  way(401, [node(-31.866, 152.736), node(-31.862, 152.7382), node(-31.858, 152.7405)], {
    natural: 'beach',
    name: 'Kestrel Strand',
  });
  // 3.5 km inland, on a lake.
  way(402, [node(-31.86, 152.7), node(-31.861, 152.7003)], { natural: 'beach', name: 'Heron Lake Beach' });
  way(403, [node(-33.8925, 151.2758), node(-33.8895, 151.279)], { natural: 'beach', name: 'Bondi Beach' });
  way(404, [node(-33.9, 151.2702), node(-33.8995, 151.2708)], { natural: 'beach', name: 'Tamarama Beach' });
});

const withoutCoastline = extract((node, way) => {
  way(501, [node(-31.84, 152.75), node(-31.836, 152.752)], { natural: 'beach', name: 'Plover Strand' });
  way(502, [node(-33.9045, 151.2685), node(-33.9025, 151.2695)], { natural: 'beach', name: 'Bronte Beach' });
});

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-osm-shore-'));
const file = (name: string) => path.join(tmp, name);
let handle: Handle;

const normalOf = (title: string) =>
  handle.db
    .selectFrom('beaches')
    .select(['shore_normal_deg', 'shore_normal_source', 'shore_normal_confidence', 'shore_normal_note'])
    .where('title', '=', title)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  writeOsmPbf(file('coast.osm.pbf'), withCoastline);
  fs.writeFileSync(file('coast.json'), toOverpassJson(withCoastline));
  writeOsmPbf(file('no-coast.osm.pbf'), withoutCoastline);
  // A seeded database where Bondi and Bronte have no shore normal yet and Tamarama has one an
  // operator imported.
  handle = await openTestDatabase();
  await seedBundledData(handle.db, DATA_DIR);
  const clear = { shore_normal_deg: null, shore_normal_confidence: null, shore_normal_note: null };
  await handle.db
    .updateTable('beaches')
    .set({ ...clear, shore_normal_source: null })
    .where('key', 'in', ['nsw-2026-bondi-beach', 'nsw-2024-bronte-beach'])
    .execute();
  await handle.db
    .updateTable('beaches')
    .set({
      ...clear,
      shore_normal_deg: 101,
      shore_normal_source: 'import',
      shore_normal_note: 'Council survey 2025',
    })
    .where('key', '=', 'nsw-2026-tamarama-beach')
    .execute();
});

afterAll(async () => {
  await handle.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('import-osm: shore normals from the extract’s coastline', () => {
  it('gives a new beach the normal of the coastline in front of it, across the ways it is mapped in', async () => {
    const report = await importOsm(handle.db, file('coast.osm.pbf'));
    expect(report).toMatchObject({ added: 2, merged: 2 });
    const kestrel = await normalOf('Kestrel Strand');
    expect(kestrel).toMatchObject({ shore_normal_source: 'osm-coastline', shore_normal_confidence: 'high' });
    // The coast bears 24.8° then 26.1° (NNE): the sea on its right faces about 115.4°.
    expect(Math.abs(Number(kestrel.shore_normal_deg) - 115.4)).toBeLessThan(1);
  });

  it('says why a new beach far from the coastline has none', async () => {
    expect(await normalOf('Heron Lake Beach')).toEqual({
      shore_normal_deg: null,
      shore_normal_source: 'osm-coastline',
      shore_normal_confidence: null,
      shore_normal_note: "No OpenStreetMap coastline within 1 km of the beach's point",
    });
  });

  it('fills an existing beach’s empty shore normal, never an imported one', async () => {
    const bondi = await normalOf('Bondi Beach');
    expect(bondi.shore_normal_source).toBe('osm-coastline');
    // The coast bears 44.4° (NE) in front of Bondi: it faces about 134.4° (SE).
    expect(Math.abs(Number(bondi.shore_normal_deg) - 134.4)).toBeLessThan(1);
    expect(await normalOf('Tamarama Beach')).toEqual({
      shore_normal_deg: 101,
      shore_normal_source: 'import',
      shore_normal_confidence: null,
      shore_normal_note: 'Council survey 2025',
    });
    // Again: nothing more to fill.
    expect(await importOsm(handle.db, file('coast.osm.pbf'))).toMatchObject({ added: 0, updated: 0 });
  });

  it('reads the coastline from Overpass JSON as from the PBF file', async () => {
    const coastline = async (name: string) =>
      (await scanBeaches(openOsmSource(file(name)), new SkipLog())).coastline;
    const fromPbf = await coastline('coast.osm.pbf');
    expect(fromPbf).toHaveLength(3);
    expect(await coastline('coast.json')).toEqual(fromPbf);
  });

  it('leaves new beaches without a normal, saying why, when the extract has no coastline', async () => {
    expect(await importOsm(handle.db, file('no-coast.osm.pbf'))).toMatchObject({ added: 1, merged: 1 });
    expect(await normalOf('Plover Strand')).toEqual({
      shore_normal_deg: null,
      shore_normal_source: 'osm-coastline',
      shore_normal_confidence: null,
      shore_normal_note: NO_COASTLINE_NOTE,
    });
    // An existing beach's empty normal stays empty: nothing was derived.
    expect((await normalOf('Bronte Beach')).shore_normal_source).toBeNull();
  });
});
