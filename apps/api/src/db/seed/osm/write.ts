import { indexTerms, slugify, timezoneFor, type Facility } from '@safeshore/domain';
import type { Insertable, Transaction } from 'kysely';
import { markBeachesChanged, markLocalityBeachesChanged } from '../../changes.ts';
import type { DB, Database, NewBeach } from '../../schema.ts';
import { deriveBeachKey } from '../beaches.ts';
import { SHORE_NORMAL_DERIVED } from '../shore-normals.ts';
import { FILLABLE, OSM_MERGE_DISTANCE_M, type Candidate, type Fillable } from './candidates.ts';
import { distanceToGeometry } from './geometry.ts';
import { bumpDataVersion } from '../../data-version.ts';

export const OSM_SOURCE = 'osm';
export const OSM_LICENCE = 'ODbL-1.0';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const OSM_COORDINATE_SOURCE = 'OpenStreetMap geometry centroid';

/** Rows per multi-row insert (well under SQLite's and PostgreSQL's bound-parameter limits). */
const INSERT_ROWS = 100;

type Trx = Transaction<DB>;

export type Outcome = 'added' | 'merged' | 'updated' | 'unchanged';

export interface Touched {
  /** Localities that gained beaches (their counts are refreshed at the end). */
  localities: Set<number>;
  /** Localities whose council becomes known: id -> area_slug. */
  areaSlugs: Map<number, string>;
}

interface KnownBeach {
  id: number;
  latitude: number;
  longitude: number;
}

function urlKey(state: string, areaSlug: string, citySlug: string, slug: string): string {
  return `${state}|${areaSlug}|${citySlug}|${slug}`;
}

/** What the database already holds, loaded once, so that each beach costs only its writes. */
export class KnownBeaches {
  /** OpenStreetMap source id (`way/123`) -> beach id. */
  readonly bySource = new Map<string, number>();
  readonly byName = new Map<string, KnownBeach[]>();
  readonly keys = new Set<string>();
  readonly urls = new Set<string>();
  /** `${state}|${area_slug}` -> the council's display name, as beaches there spell it. */
  readonly areaNames = new Map<string, string>();

  static async load(db: Database): Promise<KnownBeaches> {
    const known = new KnownBeaches();
    const sources = await db
      .selectFrom('beach_sources')
      .select(['source_id', 'beach_id'])
      .where('source', '=', OSM_SOURCE)
      .execute();
    for (const s of sources) if (s.source_id) known.bySource.set(s.source_id, s.beach_id);
    const beaches = await db
      .selectFrom('beaches')
      .select([
        'id',
        'key',
        'search_name',
        'latitude',
        'longitude',
        'state',
        'area',
        'area_slug',
        'city_slug',
        'slug',
      ])
      .execute();
    for (const b of beaches) {
      known.remember(b.id, b.search_name, b);
      known.keys.add(b.key);
      known.urls.add(urlKey(b.state, b.area_slug, b.city_slug, b.slug));
      if (!known.areaNames.has(`${b.state}|${b.area_slug}`))
        known.areaNames.set(`${b.state}|${b.area_slug}`, b.area);
    }
    return known;
  }

  remember(id: number, searchName: string, point: { latitude: number; longitude: number }): void {
    const beach = { id, latitude: point.latitude, longitude: point.longitude };
    const list = this.byName.get(searchName);
    if (list) list.push(beach);
    else this.byName.set(searchName, [beach]);
  }

  /** The nearest same-named beach whose point lies within OSM_MERGE_DISTANCE_M of the geometry. */
  sameBeach(candidate: Candidate): number | null {
    let best: { id: number; distance: number } | null = null;
    for (const beach of this.byName.get(candidate.searchName) ?? []) {
      const distance = distanceToGeometry(beach, candidate.parts);
      if (distance <= OSM_MERGE_DISTANCE_M && (!best || distance < best.distance))
        best = { id: beach.id, distance };
    }
    return best?.id ?? null;
  }
}

function titleCase(slug: string): string {
  return slug
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/**
 * The council: from the beach's own tags where tagged; else the council known for the nearest
 * locality (spelled as other beaches there spell it); else the locality itself, with the
 * locality's slug, so the beach's area address is the one the locality's page falls back to.
 */
function areaFor(candidate: Candidate, known: KnownBeaches): { area: string; area_slug: string } {
  const { locality } = candidate;
  if (candidate.taggedArea) return { area: candidate.taggedArea, area_slug: slugify(candidate.taggedArea) };
  if (locality.area_slug) {
    const area =
      known.areaNames.get(`${candidate.state}|${locality.area_slug}`) ?? titleCase(locality.area_slug);
    return { area, area_slug: locality.area_slug };
  }
  return { area: locality.title, area_slug: locality.slug };
}

/**
 * A council tagged on a beach becomes its locality's council where none is known yet (as the CSV
 * import does), before any beach is written, so the untagged beaches there share it.
 */
export function adoptTaggedCouncils(candidates: Candidate[], known: KnownBeaches, touched: Touched): void {
  for (const { taggedArea, locality, state } of candidates) {
    if (!taggedArea || locality.area_slug) continue;
    locality.area_slug = slugify(taggedArea);
    const key = `${state}|${locality.area_slug}`;
    if (!known.areaNames.has(key)) known.areaNames.set(key, taggedArea);
    touched.areaSlugs.set(locality.id, locality.area_slug);
  }
}

function sourceRows(beachId: number, sourceIds: string[], now: string) {
  return sourceIds.map((source_id) => ({
    beach_id: beachId,
    source: OSM_SOURCE,
    source_id,
    licence: OSM_LICENCE,
    attribution: OSM_ATTRIBUTION,
    imported_at: now,
  }));
}

async function insertInChunks<T extends 'beach_sources' | 'search_terms'>(
  trx: Trx,
  table: T,
  rows: Array<Insertable<DB[T]>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + INSERT_ROWS))
      .execute();
  }
}

/**
 * The derived key (`{state}-{postcode}-{slug}`) and page slug, unless another beach has either;
 * then "-2", "-3"… after both.
 */
function freeKeyAndSlug(
  candidate: Candidate,
  areaSlug: string,
  known: KnownBeaches,
): { key: string; slug: string } {
  const { locality, state } = candidate;
  for (let n = 1; ; n++) {
    const title = n === 1 ? candidate.name : `${candidate.name} ${n}`;
    const key = deriveBeachKey({ state, postcode: locality.postcode, title });
    const slug = slugify(title);
    if (!known.keys.has(key) && !known.urls.has(urlKey(state, areaSlug, locality.slug, slug)))
      return { key, slug };
  }
}

/** The new beach's row; its key and page address are taken at once. */
function newBeachRow(candidate: Candidate, known: KnownBeaches, now: string): NewBeach {
  const { locality, state } = candidate;
  const { area, area_slug } = areaFor(candidate, known);
  const { key, slug } = freeKeyAndSlug(candidate, area_slug, known);
  known.keys.add(key);
  known.urls.add(urlKey(state, area_slug, locality.slug, slug));
  if (!known.areaNames.has(`${state}|${area_slug}`)) known.areaNames.set(`${state}|${area_slug}`, area);
  return {
    key,
    slug,
    title: candidate.name,
    search_name: candidate.searchName,
    state,
    area,
    area_slug,
    city: locality.title,
    city_slug: locality.slug,
    postcode: locality.postcode,
    locality_id: locality.id,
    latitude: candidate.latitude,
    longitude: candidate.longitude,
    timezone: timezoneFor(state, candidate),
    ...candidate.fields,
    facilities: JSON.stringify(candidate.facilities),
    facilities_source: candidate.facilities.length > 0 ? OSM_SOURCE : null,
    hazard: null,
    patrol: null,
    description: JSON.stringify({}),
    coordinate_source: OSM_COORDINATE_SOURCE,
    coordinate_precision_m: candidate.precisionM,
    data_source: OSM_ATTRIBUTION,
    data_licence: OSM_LICENCE,
    source_id: candidate.features[0]!.sourceId,
    ...shoreNormalColumns(candidate),
    created_at: now,
    updated_at: now,
  };
}

function shoreNormalColumns({ shoreNormal }: Candidate) {
  return {
    shore_normal_deg: shoreNormal.normalDeg,
    shore_normal_source: SHORE_NORMAL_DERIVED,
    shore_normal_confidence: shoreNormal.confidence,
    shore_normal_note: shoreNormal.note,
  };
}

async function addBeaches(
  trx: Trx,
  candidates: Candidate[],
  known: KnownBeaches,
  now: string,
  touched: Touched,
): Promise<void> {
  for (let i = 0; i < candidates.length; i += INSERT_ROWS) {
    const chunk = candidates.slice(i, i + INSERT_ROWS);
    const rows = chunk.map((candidate) => newBeachRow(candidate, known, now));
    const inserted = await trx.insertInto('beaches').values(rows).returning(['id', 'key']).execute();
    await markBeachesChanged(
      trx,
      inserted.map((r) => r.id),
    );
    const ids = new Map(inserted.map((r) => [r.key, r.id]));
    const sources: ReturnType<typeof sourceRows> = [];
    const terms: Array<{ term: string; kind: 'beach'; ref_id: number }> = [];
    chunk.forEach((candidate, j) => {
      const id = ids.get(rows[j]!.key)!;
      const sourceIds = candidate.features.map((f) => f.sourceId);
      sources.push(...sourceRows(id, sourceIds, now));
      for (const term of indexTerms(candidate.name)) terms.push({ term, kind: 'beach', ref_id: id });
      for (const sourceId of sourceIds) known.bySource.set(sourceId, id);
      known.remember(id, candidate.searchName, candidate);
      touched.localities.add(candidate.locality.id);
    });
    await insertInChunks(trx, 'beach_sources', sources);
    await insertInChunks(trx, 'search_terms', terms);
  }
}

/**
 * OpenStreetMap's facility entries added to a beach's list, unless an operator wrote the list (or
 * another source did: a non-empty list nobody claims): then it is left alone. Entries already
 * listed (same type and name) are not repeated. Null when nothing changes.
 */
export function mergeOsmFacilities(
  current: { facilities: string; facilities_source: string | null },
  found: Facility[],
): { facilities: string; facilities_source: string } | null {
  if (found.length === 0 || current.facilities_source === 'import') return null;
  let list: Facility[];
  try {
    list = JSON.parse(current.facilities) as Facility[];
  } catch {
    return null;
  }
  if (current.facilities_source === null && list.length > 0) return null;
  const has = (f: Facility) => list.some((e) => e.type === f.type && e.name === f.name);
  const added = found.filter((f) => !has(f));
  if (added.length === 0) return null;
  return { facilities: JSON.stringify([...list, ...added]), facilities_source: OSM_SOURCE };
}

/**
 * Beaches that are already there (linked by an earlier import, or the same beach by name and
 * place): fills only their empty fields, never an operator's, and adds the missing source rows.
 * Returns, per target, whether anything changed.
 */
async function fillExisting(
  trx: Trx,
  targets: Array<{ candidate: Candidate; beachId: number }>,
  known: KnownBeaches,
  now: string,
): Promise<boolean[]> {
  if (targets.length === 0) return [];
  const rows = await trx
    .selectFrom('beaches')
    .select(['id', 'facilities', 'facilities_source', 'shore_normal_source', ...FILLABLE])
    .where('id', 'in', [...new Set(targets.map((t) => t.beachId))])
    .execute();
  const current = new Map(rows.map((row) => [row.id, row]));
  const sources: ReturnType<typeof sourceRows> = [];
  const changed: boolean[] = [];
  const filled = new Set<number>();
  for (const { candidate, beachId } of targets) {
    const row = current.get(beachId)!;
    const fill: Partial<Fillable> &
      Partial<ReturnType<typeof shoreNormalColumns>> & { facilities?: string; facilities_source?: string } =
      {};
    for (const field of FILLABLE) {
      const value = candidate.fields[field];
      if (row[field] === null && value !== null) Object.assign(fill, { [field]: value });
    }
    const facilities = mergeOsmFacilities(row, candidate.facilities);
    if (facilities) Object.assign(fill, facilities);
    // A shore normal nobody has derived or imported yet, when the extract's coastline gives one.
    if (row.shore_normal_source === null && candidate.shoreNormal.normalDeg !== null)
      Object.assign(fill, shoreNormalColumns(candidate));
    if (Object.keys(fill).length > 0) {
      await trx
        .updateTable('beaches')
        .set({ ...fill, updated_at: now })
        .where('id', '=', beachId)
        .execute();
      Object.assign(row, fill);
      filled.add(beachId);
    }
    const missing = candidate.features.map((f) => f.sourceId).filter((id) => !known.bySource.has(id));
    sources.push(...sourceRows(beachId, missing, now));
    for (const id of missing) known.bySource.set(id, beachId);
    changed.push(Object.keys(fill).length > 0 || missing.length > 0);
  }
  await insertInChunks(trx, 'beach_sources', sources);
  await markBeachesChanged(trx, filled);
  return changed;
}

/**
 * Writes a batch of beaches in the caller's transaction, a few multi-row statements at a time:
 * a beach linked by an earlier import is filled; one the database has under the same name within
 * OSM_MERGE_DISTANCE_M is merged; any other is added.
 */
export async function writeBatch(
  trx: Trx,
  batch: Candidate[],
  known: KnownBeaches,
  now: string,
  touched: Touched,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const existing: Array<{ candidate: Candidate; beachId: number; index: number; merged: boolean }> = [];
  let fresh: Candidate[] = [];
  for (const [index, candidate] of batch.entries()) {
    const linked = candidate.features
      .map((f) => known.bySource.get(f.sourceId))
      .find((id) => id !== undefined);
    if (linked !== undefined) {
      existing.push({ candidate, beachId: linked, index, merged: false });
      continue;
    }
    // A same-named beach waiting to be added may be this one: add the waiting ones first.
    if (fresh.some((f) => f.searchName === candidate.searchName)) {
      await addBeaches(trx, fresh, known, now, touched);
      fresh = [];
    }
    const same = known.sameBeach(candidate);
    if (same !== null) existing.push({ candidate, beachId: same, index, merged: true });
    else {
      fresh.push(candidate);
      outcomes[index] = 'added';
    }
  }
  await addBeaches(trx, fresh, known, now, touched);
  const changed = await fillExisting(trx, existing, known, now);
  existing.forEach(({ index, merged }, i) => {
    outcomes[index] = merged ? 'merged' : changed[i] ? 'updated' : 'unchanged';
  });
  return outcomes;
}

/** Councils learnt from tags, and beach counts of the localities that gained beaches. */
export async function refreshLocalities(db: Database, touched: Touched): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const councilsLearnt: number[] = [];
    for (const [id, areaSlug] of touched.areaSlugs) {
      const result = await trx
        .updateTable('localities')
        .set({ area_slug: areaSlug })
        .where('id', '=', id)
        .where('area_slug', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) councilsLearnt.push(id);
    }
    // Their pages move, so their beaches' postcode_url changes.
    await markLocalityBeachesChanged(trx, councilsLearnt);
    const ids = [...touched.localities];
    for (let i = 0; i < ids.length; i += 500) {
      const counts = await trx
        .selectFrom('beaches')
        .select(['locality_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('locality_id', 'in', ids.slice(i, i + 500))
        .groupBy('locality_id')
        .execute();
      for (const { locality_id, count } of counts) {
        if (locality_id === null) continue;
        await trx
          .updateTable('localities')
          .set({ beaches_count: Number(count) })
          .where('id', '=', locality_id)
          .execute();
      }
    }
    await bumpDataVersion(trx, new Date());
  });
}
