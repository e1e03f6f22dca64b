import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledData } from '../src/db/seed/index.ts';
import { NO_COASTLINE_NOTE } from '../src/db/seed/osm/coastline.ts';
import { importOsm } from '../src/db/seed/osm/import.ts';
import { writeOsmPbf, type OsmNodeInput, type OsmWayInput } from '../src/db/seed/osm/pbf-writer.ts';
import { toOverpassJson, type OsmExtract } from './fixtures/osm/extract.ts';
import { DATA_DIR, openTestDatabase } from './helpers.ts';

type Handle = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * Shore normals of beaches from an OpenStreetMap extract with natural=coastline ways (land on the
 * left of the way, as OpenStreetMap draws the coast). Beach names other than Bondi's and
 * Tamarama's are made up; coordinates are real coasts.
 */
function extractWith(coastline: boolean): OsmExtract {
  const nodes: OsmNodeInput[] = [];
  const ways: OsmWayInput[] = [];
  let nextNode = 5_000;
  const node = (lat: number, lon: number) => {
    nodes.push({ id: nextNode, lat, lon });
    return nextNode++;
  };
  const way = (id: number, refs: number[], tags: Record<string, string>) => ways.push({ id, refs, tags });

  // South of Crowdy Head (NSW): the coast runs NNE, the sea to the east; mapped as two ways that
  // share a node, drawn northwards.
  const joint = node(-31.8625, 152.7383);
  if (coastline) {
    way(301, [node(-31.875, 152.7315), node(-31.8687, 152.7349), joint], { natural: 'coastline' });
    way(302, [joint, node(-31.8562, 152.7419), node(-31.85, 152.7455)], { natural: 'coastline' });
    // Bondi: the coast from the beach's south-west end to its north-east end.
    way(303, [node(-33.8935, 151.2745), node(-33.888, 151.281)], { natural: 'coastline' });
  }
  way(401, [node(-31.866, 152.736), node(-31.862, 152.7382), node(-31.858, 152.7405)], {
    natural: 'beach',
    name: 'Kestrel Strand',
  });
  // 3.5 km inland, on a lake.
  way(402, [node(-31.86, 152.7), node(-31.861, 152.7003)], { natural: 'beach', name: 'Heron Lake Beach' });
  way(403, [node(-33.8925, 151.2758), node(-33.8895, 151.279)], { natural: 'beach', name: 'Bondi Beach' });
  way(404, [node(-33.9, 151.2702), node(-33.8995, 151.2708)], { natural: 'beach', name: 'Tamarama Beach' });
  return { nodes, ways, relations: [] };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-osm-shore-'));
const file = (name: string) => path.join(tmp, name);
let handle: Handle;

const normalOf = (db: Handle['db'], title: string) =>
  db
    .selectFrom('beaches')
    .select(['shore_normal_deg', 'shore_normal_source', 'shore_normal_confidence', 'shore_normal_note'])
    .where('title', '=', title)
    .executeTakeFirstOrThrow();

/** A seeded database where Bondi has no shore normal yet and Tamarama has one an operator imported. */
async function prepared(): Promise<Handle> {
  const opened = await openTestDatabase();
  await seedBundledData(opened.db, DATA_DIR);
  const clear = { shore_normal_deg: null, shore_normal_confidence: null, shore_normal_note: null };
  await opened.db
    .updateTable('beaches')
    .set({ ...clear, shore_normal_source: null })
    .where('key', '=', 'nsw-2026-bondi-beach')
    .execute();
  await opened.db
    .updateTable('beaches')
    .set({
      ...clear,
      shore_normal_deg: 101,
      shore_normal_source: 'import',
      shore_normal_note: 'Council survey 2025',
    })
    .where('key', '=', 'nsw-2026-tamarama-beach')
    .execute();
  return opened;
}

beforeAll(async () => {
  writeOsmPbf(file('coast.osm.pbf'), extractWith(true));
  fs.writeFileSync(file('coast.json'), toOverpassJson(extractWith(true)));
  writeOsmPbf(file('no-coast.osm.pbf'), extractWith(false));
  handle = await prepared();
});

afterAll(async () => {
  await handle.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('import-osm: shore normals from the extract’s coastline', () => {
  it('gives a new beach the normal of the coastline in front of it, across the ways it is mapped in', async () => {
    const report = await importOsm(handle.db, file('coast.osm.pbf'));
    expect(report).toMatchObject({ added: 2, merged: 2 });
    const kestrel = await normalOf(handle.db, 'Kestrel Strand');
    expect(kestrel).toMatchObject({ shore_normal_source: 'osm-coastline', shore_normal_confidence: 'high' });
    // The coast bears 24.8° then 26.1° (NNE): the sea on its right faces about 115.4°.
    expect(Math.abs(Number(kestrel.shore_normal_deg) - 115.4)).toBeLessThan(1);
  });

  it('says why a new beach far from the coastline has none', async () => {
    expect(await normalOf(handle.db, 'Heron Lake Beach')).toEqual({
      shore_normal_deg: null,
      shore_normal_source: 'osm-coastline',
      shore_normal_confidence: null,
      shore_normal_note: "No OpenStreetMap coastline within 1 km of the beach's point",
    });
  });

  it('fills an existing beach’s empty shore normal, never an imported one', async () => {
    const bondi = await normalOf(handle.db, 'Bondi Beach');
    expect(bondi.shore_normal_source).toBe('osm-coastline');
    // The coast bears 44.4° (NE) in front of Bondi: it faces about 134.4° (SE).
    expect(Math.abs(Number(bondi.shore_normal_deg) - 134.4)).toBeLessThan(1);
    expect(await normalOf(handle.db, 'Tamarama Beach')).toEqual({
      shore_normal_deg: 101,
      shore_normal_source: 'import',
      shore_normal_confidence: null,
      shore_normal_note: 'Council survey 2025',
    });
    // Again: nothing more to fill.
    expect(await importOsm(handle.db, file('coast.osm.pbf'))).toMatchObject({ added: 0, updated: 0 });
  });

  it('reads the coastline from Overpass JSON the same way', async () => {
    const other = await prepared();
    try {
      await importOsm(other.db, file('coast.json'));
      expect(await normalOf(other.db, 'Kestrel Strand')).toEqual(await normalOf(handle.db, 'Kestrel Strand'));
      expect(await normalOf(other.db, 'Bondi Beach')).toEqual(await normalOf(handle.db, 'Bondi Beach'));
    } finally {
      await other.close();
    }
  });

  it('leaves new beaches without a normal, saying why, when the extract has no coastline', async () => {
    const other = await prepared();
    try {
      await importOsm(other.db, file('no-coast.osm.pbf'));
      expect(await normalOf(other.db, 'Kestrel Strand')).toEqual({
        shore_normal_deg: null,
        shore_normal_source: 'osm-coastline',
        shore_normal_confidence: null,
        shore_normal_note: NO_COASTLINE_NOTE,
      });
      // An existing beach's empty normal stays empty: nothing was derived.
      expect((await normalOf(other.db, 'Bondi Beach')).shore_normal_source).toBeNull();
    } finally {
      await other.close();
    }
  });
});
