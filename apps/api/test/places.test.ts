import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assignLocalitySlugs, isPoBoxPostcode, parseGeoNames } from '../src/db/seed/places.ts';
import { DATA_DIR } from './helpers.ts';

const { rows, rejected } = parseGeoNames(
  fs.readFileSync(path.join(DATA_DIR, 'places', 'geonames-AU-postcodes.txt'), 'utf8'),
);
const slugs = assignLocalitySlugs(rows);
const slugOf = (state: string, title: string, postcode: string) =>
  slugs.get(rows.find((r) => r.state === state && r.title === title && r.postcode === postcode)!);

describe('GeoNames places', () => {
  it('reads every row of the bundled file', () => {
    expect(rows.length).toBe(16_873);
    expect(rejected).toEqual([]);
  });

  it('gives the plain slug to the main street-delivery postcode, not a PO box range', () => {
    expect(isPoBoxPostcode('1655')).toBe(true);
    expect(isPoBoxPostcode('2095')).toBe(false);
    expect(isPoBoxPostcode('0800')).toBe(false);
    expect(slugOf('NSW', 'Sydney', '2000')).toBe('sydney');
    expect(slugOf('NSW', 'Manly', '2095')).toBe('manly');
    expect(slugOf('NSW', 'Manly', '1655')).toBe('manly-1655');
  });

  it('keeps slugs unique per state', () => {
    const keys = rows.map((r) => `${r.state}|${slugs.get(r)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('reports unusable rows instead of dropping them silently', () => {
    const result = parseGeoNames(
      'AU\t20A6\tX\tNew South Wales\tNSW\t\t\t\t\t-33\t151\t4\nNZ\t1010\tAuckland\t\tAUK\t\t\t\t\t-36\t174\t4\n',
    );
    expect(result.rows).toEqual([]);
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'postcode is not 4 digits',
      'country is NZ, not AU',
    ]);
  });
});
