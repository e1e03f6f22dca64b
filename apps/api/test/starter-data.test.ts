import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATE_CODES, haversineMetres, isInAustralia, normalizeSearchText } from '@safeshore/domain';
import { parseBeachFile, type BeachImportRow } from '../src/db/seed/beach-rows.ts';
import { deriveBeachKey } from '../src/db/seed/beaches.ts';
import { bundledFiles } from '../src/db/seed/index.ts';
import { parseGeoNames } from '../src/db/seed/places.ts';
import { DATA_DIR } from './helpers.ts';

/** The bundled starter set: real beaches, checked against the GeoNames places they name. */
const files = bundledFiles(DATA_DIR);
const rows: BeachImportRow[] = files.beaches.flatMap((file) =>
  parseBeachFile(file, fs.readFileSync(file, 'utf8')).map((parsed) => {
    if (!parsed.ok)
      throw new Error(`${path.basename(file)} line ${parsed.line}: ${parsed.reasons.join('; ')}`);
    return parsed.row;
  }),
);
const places = parseGeoNames(fs.readFileSync(files.places, 'utf8')).rows;
const placeIndex = new Map(
  places.map((p) => [`${p.state}|${p.postcode}|${normalizeSearchText(p.title)}`, p]),
);

describe('starter beaches', () => {
  it('has at least 300 beaches covering every state and the Northern Territory', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const states = new Set(rows.map((r) => r.state));
    for (const state of STATE_CODES.filter((s) => s !== 'ACT')) expect(states, state).toContain(state);
  });

  it('names a GeoNames locality and lies within 10 km of it, inside Australia', () => {
    const problems: string[] = [];
    for (const row of rows) {
      const place = placeIndex.get(`${row.state}|${row.postcode}|${normalizeSearchText(row.city)}`);
      if (!place) {
        problems.push(`${row.title}: ${row.city} ${row.postcode} ${row.state} is not in GeoNames`);
        continue;
      }
      const km = haversineMetres(row, place) / 1000;
      if (km > 10) problems.push(`${row.title}: ${km.toFixed(1)} km from ${place.title}`);
      if (!isInAustralia(row)) problems.push(`${row.title}: outside Australia`);
    }
    expect(problems).toEqual([]);
  });

  it('records where each coordinate came from and how precise it is', () => {
    for (const row of rows) {
      expect(row.coord_source, row.title).toBeTruthy();
      expect(row.coord_precision_m, row.title).toBeGreaterThan(0);
      expect(row.source, row.title).toBeTruthy();
    }
  });

  it('has unique keys and no invented hazard ratings', () => {
    const keys = rows.map((row) => row.key ?? deriveBeachKey(row));
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.filter((row) => row.hazard !== undefined)).toEqual([]);
  });

  it('has a council area, and clubs only on beaches marked patrolled', () => {
    for (const row of rows) {
      expect(row.area.length, row.title).toBeGreaterThan(0);
      if (row.clubs) expect(row.patrol, row.title).toBeGreaterThanOrEqual(1);
    }
  });
});
