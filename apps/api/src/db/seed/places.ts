import fs from 'node:fs';
import { indexTerms, isStateCode, normalizeSearchText, slugify, timezoneFor } from '@safeshore/domain';
import type { Database, NewLocality } from '../schema.ts';
import { bumpDataVersion } from '../data-version.ts';

export interface PlacesImportReport {
  added: number;
  unchanged: number;
  rejected: Array<{ line: number; reason: string }>;
}

interface GeoNamesRow {
  line: number;
  postcode: string;
  title: string;
  state: string;
  district: string | null;
  latitude: number;
  longitude: number;
  accuracy: number | null;
}

/**
 * Reads the GeoNames AU postal-code dump (tab-separated, no header; columns documented in
 * data/README.md). Rows that cannot be used are reported, not silently dropped.
 */
export function parseGeoNames(text: string): {
  rows: GeoNamesRow[];
  rejected: PlacesImportReport['rejected'];
} {
  const rows: GeoNamesRow[] = [];
  const rejected: PlacesImportReport['rejected'] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const line = index + 1;
    const cols = raw.split('\t');
    const [country, postcode, title, , state, district, , , , lat, lng, accuracy] = cols;
    const latitude = Number(lat);
    const longitude = Number(lng);
    if (country !== 'AU')
      return rejected.push({ line, reason: `country is ${country ?? 'missing'}, not AU` });
    if (!postcode || !/^\d{4}$/.test(postcode))
      return rejected.push({ line, reason: 'postcode is not 4 digits' });
    if (!title?.trim()) return rejected.push({ line, reason: 'place name is empty' });
    if (!state || !isStateCode(state)) return rejected.push({ line, reason: `unknown state ${state ?? ''}` });
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || lat === '' || lng === '') {
      return rejected.push({ line, reason: 'coordinate missing or not a number' });
    }
    rows.push({
      line,
      postcode,
      title: title.trim(),
      state,
      district: district?.trim() || null,
      latitude,
      longitude,
      accuracy: accuracy ? Number(accuracy) : null,
    });
  });
  return { rows, rejected };
}

/**
 * Australia Post ranges used for PO boxes and large-volume receivers rather than street delivery
 * (e.g. NSW 1xxx, VIC 8xxx, QLD 9xxx). A place's main postcode is never one of these.
 */
export function isPoBoxPostcode(postcode: string): boolean {
  const n = Number(postcode);
  return (
    (n >= 200 && n <= 299) ||
    (n >= 900 && n <= 999) ||
    (n >= 1000 && n <= 1999) ||
    (n >= 5800 && n <= 5999) ||
    (n >= 6800 && n <= 6999) ||
    (n >= 7800 && n <= 7999) ||
    (n >= 8000 && n <= 8999) ||
    n >= 9000
  );
}

/**
 * Place slugs are unique per state. A name used by several postcodes keeps the plain slug for its
 * main postcode (the lowest street-delivery one: Sydney 2000, not PO-box 1xxx) and the others get
 * "-{postcode}".
 */
export function assignLocalitySlugs(rows: GeoNamesRow[]): Map<GeoNamesRow, string> {
  const byName = new Map<string, GeoNamesRow[]>();
  for (const row of rows) {
    const key = `${row.state}|${slugify(row.title)}`;
    byName.set(key, [...(byName.get(key) ?? []), row]);
  }
  const slugs = new Map<GeoNamesRow, string>();
  for (const group of byName.values()) {
    group.sort(
      (a, b) =>
        Number(isPoBoxPostcode(a.postcode)) - Number(isPoBoxPostcode(b.postcode)) ||
        a.postcode.localeCompare(b.postcode),
    );
    group.forEach((row, i) =>
      slugs.set(row, i === 0 ? slugify(row.title) : `${slugify(row.title)}-${row.postcode}`),
    );
  }
  return slugs;
}

/** Loads GeoNames places; existing localities (same state and slug) are left as they are. */
export async function importPlaces(db: Database, file: string): Promise<PlacesImportReport> {
  const { rows, rejected } = parseGeoNames(fs.readFileSync(file, 'utf8'));
  const slugs = assignLocalitySlugs(rows);
  let added = 0;
  let unchanged = 0;
  await db.transaction().execute(async (trx) => {
    const existing = new Set(
      (await trx.selectFrom('localities').select(['state', 'slug']).execute()).map(
        (r) => `${r.state}|${r.slug}`,
      ),
    );
    const fresh = rows.filter((row) => !existing.has(`${row.state}|${slugs.get(row)}`));
    unchanged = rows.length - fresh.length;
    const BATCH = 400;
    for (let i = 0; i < fresh.length; i += BATCH) {
      const batch = fresh.slice(i, i + BATCH);
      const values: NewLocality[] = batch.map((row) => ({
        postcode: row.postcode,
        title: row.title,
        slug: slugs.get(row)!,
        state: row.state,
        area_slug: null,
        latitude: row.latitude,
        longitude: row.longitude,
        accuracy: row.accuracy,
        district: row.district,
        timezone: timezoneFor(row.state, row),
        search_name: normalizeSearchText(row.title),
      }));
      const inserted = await trx.insertInto('localities').values(values).returning(['id', 'title']).execute();
      const terms = inserted.flatMap((place) =>
        indexTerms(place.title).map((term) => ({ term, kind: 'place' as const, ref_id: place.id })),
      );
      if (terms.length > 0) await trx.insertInto('search_terms').values(terms).execute();
      added += inserted.length;
    }
    await bumpDataVersion(trx, new Date());
  });
  return { added, unchanged, rejected };
}
