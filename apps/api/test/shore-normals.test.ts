import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBeachFile } from '../src/db/seed/beach-rows.ts';
import { deriveBeachKey } from '../src/db/seed/beaches.ts';
import { bundledFiles, seedBundledData } from '../src/db/seed/index.ts';
import {
  applyShoreNormals,
  formatShoreNormalsCsv,
  parseShoreNormalsCsv,
  SHORE_NORMALS_APPLIED_KEY,
} from '../src/db/seed/shore-normals.ts';
import { DATA_DIR, openTestDatabase } from './helpers.ts';

const files = bundledFiles(DATA_DIR);
const starterKeys = files.beaches.flatMap((file) =>
  parseBeachFile(file, fs.readFileSync(file, 'utf8')).map((parsed) => {
    if (!parsed.ok) throw new Error(`${file} line ${parsed.line}`);
    return parsed.row.key ?? deriveBeachKey(parsed.row);
  }),
);
const derived = parseShoreNormalsCsv(fs.readFileSync(files.shoreNormals, 'utf8'), files.shoreNormals);
const byKey = new Map(derived.map((row) => [row.key, row]));

/** Degrees between two directions, 0-180. */
const apart = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('the starter beaches’ shore normals (data/beaches/shore-normals.csv)', () => {
  it('has one row per starter beach, keyed as the seed keys them', () => {
    expect(derived.map((row) => row.key).sort()).toEqual([...starterKeys].sort());
  });

  it('says why wherever a beach has no normal or a weak one, and credits OpenStreetMap', () => {
    for (const row of derived.filter((r) => r.normalDeg === null || r.confidence !== 'high'))
      expect(row.note, row.key).toBeTruthy();
    const text = fs.readFileSync(files.shoreNormals, 'utf8');
    expect(text).toMatch(/^# .*© OpenStreetMap contributors, Open Database License \(ODbL\) 1\.0/m);
    expect(text).toMatch(/@geo-maps\/countries-coastline-1m@0\.6\.0/);
  });

  // Beaches whose orientation is plain on a map: the derived value is within 30° of it.
  it.each([
    // A straight 1 km ocean beach between two headlands, open to the Tasman Sea.
    ['nsw-2035-maroubra-beach', 'east', 95],
    // Perth's metropolitan coast runs north-south, open to the Indian Ocean.
    ['wa-6011-cottesloe-beach', 'west', 270],
    // Between Snapper Rocks and Greenmount Point, facing the Coral Sea to the north.
    ['qld-4225-rainbow-bay', 'north', 0],
    // Inside Port Phillip, on its north-eastern shore, facing the bay to the south-west.
    ['vic-3182-st-kilda-beach', 'south-west (in a bay)', 235],
    // On the Bass Strait coast of the Bellarine Peninsula.
    ['vic-3226-ocean-grove-main-beach', 'south', 165],
  ])('%s faces %s (about %i°)', (key, _facing, expected) => {
    const row = byKey.get(key);
    expect(row?.normalDeg, key).not.toBeNull();
    expect(apart(row!.normalDeg!, expected)).toBeLessThanOrEqual(30);
  });
});

describe('seeding the shore normals', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let dir: string;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedBundledData(handle.db, DATA_DIR);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-shore-'));
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const normalOf = (key: string) =>
    handle.db
      .selectFrom('beaches')
      .select(['shore_normal_deg', 'shore_normal_source', 'shore_normal_confidence', 'shore_normal_note'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();

  it('writes every starter beach’s derived value, or the reason it has none', async () => {
    for (const row of derived) {
      const beach = await normalOf(row.key);
      expect(beach.shore_normal_source, row.key).toBe('osm-coastline');
      if (row.normalDeg === null) expect(beach.shore_normal_deg, row.key).toBeNull();
      else expect(Number(beach.shore_normal_deg), row.key).toBeCloseTo(row.normalDeg, 1);
      expect(beach.shore_normal_confidence, row.key).toBe(row.confidence);
      expect(beach.shore_normal_note, row.key).toBe(row.note);
    }
    const none = derived.find((row) => row.normalDeg === null)!;
    expect((await normalOf(none.key)).shore_normal_note).toMatch(/^No OpenStreetMap coastline within 1 km/);
  });

  it('applies a changed file once, and never overwrites a value an operator imported', async () => {
    const [first, second] = derived.filter((row) => row.normalDeg !== null);
    await handle.db
      .updateTable('beaches')
      .set({
        shore_normal_deg: 12.5,
        shore_normal_source: 'import',
        shore_normal_confidence: null,
        shore_normal_note: 'Surf Life Saving Australia, 2026',
      })
      .where('key', '=', first!.key)
      .execute();
    const file = path.join(dir, 'shore-normals.csv');
    const changed = derived.map((row) =>
      row.key === first!.key || row.key === second!.key
        ? { ...row, normalDeg: 200, confidence: 'low' as const }
        : row,
    );
    fs.writeFileSync(file, formatShoreNormalsCsv(changed, { source: 'test', derivedOn: '2026-01-01' }));

    expect(await applyShoreNormals(handle.db, file)).toEqual({
      updated: 1,
      unchanged: derived.length - 2,
      imported: 1,
      unknown: 0,
    });
    expect(await normalOf(first!.key)).toEqual({
      shore_normal_deg: 12.5,
      shore_normal_source: 'import',
      shore_normal_confidence: null,
      shore_normal_note: 'Surf Life Saving Australia, 2026',
    });
    expect(await normalOf(second!.key)).toMatchObject({
      shore_normal_deg: 200,
      shore_normal_confidence: 'low',
    });
    // The same file again: already applied (recorded by its hash), nothing read or written.
    expect(await applyShoreNormals(handle.db, file)).toBeNull();
    const applied = await handle.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', SHORE_NORMALS_APPLIED_KEY)
      .executeTakeFirstOrThrow();
    expect(applied.value).toMatch(/^[0-9a-f]{64}$/);
    // The bundled file on a restart: applied again (it changed), the import still left alone.
    const restart = await seedBundledData(handle.db, DATA_DIR);
    expect(restart).toMatchObject({ skipped: true, shoreNormals: { updated: 1, imported: 1 } });
    expect((await normalOf(first!.key)).shore_normal_source).toBe('import');
  });

  it('refuses a malformed file whole', async () => {
    const file = path.join(dir, 'bad.csv');
    fs.writeFileSync(
      file,
      'key,title,normal_deg,confidence,distance_m,note\nnsw-2026-bondi-beach,Bondi Beach,400,high,10,\n',
    );
    await expect(applyShoreNormals(handle.db, file)).rejects.toThrow(
      /line 2: normal_deg must be in \[0, 360\)/,
    );
    fs.writeFileSync(
      file,
      'key,title,normal_deg,confidence,distance_m,note\nnsw-2026-bondi-beach,Bondi Beach,,,,\n',
    );
    await expect(applyShoreNormals(handle.db, file)).rejects.toThrow(/needs a note saying why/);
  });
});
