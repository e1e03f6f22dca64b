import KDBush from 'kdbush';
import type { Database } from '../../db/schema.ts';
import type { VersionedBuild } from '../read-model/versioned.ts';
import {
  LOCALITY_COLUMNS,
  type BeachPoint,
  type Box,
  type LocalityPlaceRow,
  type LocationRepository,
} from './location.repository.ts';

/**
 * Nearest and map-box queries from memory (issue 20): every beach position and every locality in
 * k-d trees (kdbush), built once per data version. A box query returns exactly the rows the SQL
 * box query returns (kdbush's range is inclusive on all four sides, as the SQL's >= and <=), and
 * every caller orders them itself (by distance, then id), so answers are the same byte for byte
 * (read-model-indexes.test.ts). Rows by id, announcements and IP ranges stay in SQL (one indexed
 * read each).
 */

class PointIndex<T extends { latitude: number; longitude: number }> {
  readonly #rows: T[];
  readonly #tree: KDBush | null;

  constructor(rows: T[]) {
    this.#rows = rows;
    if (rows.length === 0) {
      this.#tree = null;
      return;
    }
    const tree = new KDBush(rows.length, 64, Float64Array);
    for (const row of rows) tree.add(row.longitude, row.latitude);
    this.#tree = tree.finish();
  }

  get size(): number {
    return this.#rows.length;
  }

  inBox(box: Box | null): T[] {
    if (!box) return [...this.#rows];
    if (!this.#tree) return [];
    return this.#tree.range(box.west, box.south, box.east, box.north).map((i) => this.#rows[i]!);
  }
}

export interface SpatialIndex {
  beachPointsInBox(box: Box | null): BeachPoint[];
  localitiesInBox(box: Box | null): LocalityPlaceRow[];
  localitiesWithBeachesInBox(box: Box | null): LocalityPlaceRow[];
  localitiesByPostcodes(postcodes: string[]): LocalityPlaceRow[];
  localityBySlug(state: string, slug: string): LocalityPlaceRow | undefined;
  localitiesInArea(state: string, areaSlug: string): LocalityPlaceRow[];
  counts: { beaches: number; localities: number };
}

const group = <T>(rows: T[], key: (row: T) => string) => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
};

/** Reads beach positions and localities and builds the trees (once per data version). */
export async function buildSpatialIndex(db: Database): Promise<SpatialIndex> {
  const [points, localities] = await Promise.all([
    db.selectFrom('beaches').select(['id', 'latitude', 'longitude', 'patrol']).orderBy('id').execute(),
    db.selectFrom('localities').select(LOCALITY_COLUMNS).orderBy('id').execute(),
  ]);
  const beachTree = new PointIndex(points);
  const localityTree = new PointIndex(localities);
  const withBeachesTree = new PointIndex(localities.filter((row) => row.beaches_count > 0));
  const byPostcode = group(localities, (row) => row.postcode);
  const bySlug = new Map(localities.map((row) => [`${row.state}\n${row.slug}`, row]));
  const byArea = group(
    localities.filter((row) => row.area_slug !== null),
    (row) => `${row.state}\n${row.area_slug}`,
  );
  return {
    beachPointsInBox: (box) => beachTree.inBox(box),
    localitiesInBox: (box) => localityTree.inBox(box),
    localitiesWithBeachesInBox: (box) => withBeachesTree.inBox(box),
    localitiesByPostcodes: (postcodes) => postcodes.flatMap((postcode) => byPostcode.get(postcode) ?? []),
    localityBySlug: (state, slug) => bySlug.get(`${state}\n${slug}`),
    localitiesInArea: (state, areaSlug) => [...(byArea.get(`${state}\n${areaSlug}`) ?? [])],
    counts: { beaches: beachTree.size, localities: localityTree.size },
  };
}

/**
 * The repository location answers use: the trees of the current data version, or SQL while they
 * are being built (so an answer is never older than the last write).
 */
export function indexedLocationRepository(
  sqlRepository: LocationRepository,
  index: VersionedBuild<SpatialIndex>,
): LocationRepository {
  const pick = () => index.current();
  return {
    ...sqlRepository,
    async beachPointsInBox(box) {
      return (await pick())?.beachPointsInBox(box) ?? sqlRepository.beachPointsInBox(box);
    },
    async localitiesInBox(box) {
      return (await pick())?.localitiesInBox(box) ?? sqlRepository.localitiesInBox(box);
    },
    async localitiesWithBeachesInBox(box) {
      return (await pick())?.localitiesWithBeachesInBox(box) ?? sqlRepository.localitiesWithBeachesInBox(box);
    },
    async localitiesByPostcodes(postcodes) {
      return (
        (await pick())?.localitiesByPostcodes(postcodes) ?? sqlRepository.localitiesByPostcodes(postcodes)
      );
    },
    async localityBySlug(state, slug) {
      const index = await pick();
      return index ? index.localityBySlug(state, slug) : sqlRepository.localityBySlug(state, slug);
    },
    async localitiesInArea(state, areaSlug) {
      return (
        (await pick())?.localitiesInArea(state, areaSlug) ?? sqlRepository.localitiesInArea(state, areaSlug)
      );
    },
  };
}
