import KDBush from 'kdbush';
import {
  cosLatitude,
  haversineMetresWithCosines,
  localDate,
  type LatLng,
  type PatrolledToday,
} from '@safeshore/domain';
import type { Database } from '../../db/schema.ts';
import { BEFORE_ANY_ID, compactRows, readInChunks, StringPool } from '../read-model/compact.ts';
import type { VersionedBuild } from '../read-model/versioned.ts';
import type { LocationFacts } from './location.service.ts';
import type { Nearby, Ranked } from './nearest.ts';
import {
  LOCALITY_COLUMNS,
  type AnnouncementRow,
  type BeachPoint,
  type Box,
  type ListBeachRow,
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
 *
 * Memory (sized for 50,000 beaches): beach positions are kept in typed arrays (8 bytes a number,
 * no object per beach; a query makes objects only for the beaches in its box), localities as
 * compact rows (read-model/compact.ts).
 */

/** Beach positions and patrols in parallel typed arrays, with their k-d tree. */
class BeachPoints {
  readonly #ids: Float64Array;
  readonly #latitudes: Float64Array;
  readonly #longitudes: Float64Array;
  /** cosLatitude of each latitude, computed once (rankWithin). */
  readonly #cosines: Float64Array;
  /** NaN for a null patrol. */
  readonly #patrols: Float64Array;
  readonly #tree: KDBush | null;

  constructor(columns: { ids: number[]; latitudes: number[]; longitudes: number[]; patrols: number[] }) {
    const n = columns.ids.length;
    this.#ids = Float64Array.from(columns.ids);
    this.#latitudes = Float64Array.from(columns.latitudes);
    this.#longitudes = Float64Array.from(columns.longitudes);
    this.#cosines = this.#latitudes.map(cosLatitude);
    this.#patrols = Float64Array.from(columns.patrols);
    if (n === 0) {
      this.#tree = null;
      return;
    }
    const tree = new KDBush(n, 64, Float64Array);
    for (let i = 0; i < n; i++) tree.add(this.#longitudes[i]!, this.#latitudes[i]!);
    this.#tree = tree.finish();
  }

  get size(): number {
    return this.#ids.length;
  }

  /** The row as SQL gives it (same keys, same order). */
  #row(i: number): BeachPoint {
    const patrol = this.#patrols[i]!;
    return {
      id: this.#ids[i]!,
      latitude: this.#latitudes[i]!,
      longitude: this.#longitudes[i]!,
      patrol: Number.isNaN(patrol) ? null : patrol,
    };
  }

  inBox(box: Box | null): BeachPoint[] {
    if (!box) return Array.from({ length: this.size }, (_, i) => this.#row(i));
    if (!this.#tree) return [];
    return this.#tree.range(box.west, box.south, box.east, box.north).map((i) => this.#row(i));
  }

  /**
   * rankByDistance of inBox(box) within `radius`, at most `limit` (the nearest), from the typed
   * arrays: a row object only for a beach kept (the same haversine, so the same distances to the bit).
   */
  rankWithin(origin: LatLng, box: Box | null, radius: number, limit?: number): Ranked<BeachPoint>[] {
    const { latitude, longitude } = origin;
    const cos = cosLatitude(latitude);
    const latitudes = this.#latitudes;
    const longitudes = this.#longitudes;
    const cosines = this.#cosines;
    const ids = this.#ids;
    const candidates = box ? (this.#tree?.range(box.west, box.south, box.east, box.north) ?? []) : null;
    return nearestIndices(
      candidates,
      this.size,
      (i) => haversineMetresWithCosines(latitude, longitude, cos, latitudes[i]!, longitudes[i]!, cosines[i]!),
      (i) => ids[i]!,
      radius,
      limit,
      (i) => latitudeGapMetres(latitude, latitudes[i]!),
    ).map(([i, distance]) => ({ row: this.#row(i), distance }));
  }
}

class PointIndex<T extends { id: number; latitude: number; longitude: number }> {
  readonly #rows: T[];
  /** cosLatitude of each row's latitude, computed once (rankWithin). */
  readonly #cosines: Float64Array;
  readonly #tree: KDBush | null;

  constructor(rows: T[]) {
    this.#rows = rows;
    this.#cosines = Float64Array.from(rows, (row) => cosLatitude(row.latitude));
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

  /** rankByDistance of inBox(box) within `radius`, at most `limit` (the nearest). */
  rankWithin(origin: LatLng, box: Box | null, radius: number, limit?: number): Ranked<T>[] {
    const { latitude, longitude } = origin;
    const cos = cosLatitude(latitude);
    const rows = this.#rows;
    const cosines = this.#cosines;
    const candidates = box ? (this.#tree?.range(box.west, box.south, box.east, box.north) ?? []) : null;
    return nearestIndices(
      candidates,
      rows.length,
      (i) => {
        const row = rows[i]!;
        return haversineMetresWithCosines(latitude, longitude, cos, row.latitude, row.longitude, cosines[i]!);
      },
      (i) => rows[i]!.id,
      radius,
      limit,
      (i) => latitudeGapMetres(latitude, rows[i]!.latitude),
    ).map(([i, distance]) => ({ row: rows[i]!, distance }));
  }
}

/** Metres per radian on the sphere haversineMetres measures on. */
const EARTH_RADIUS_M = 6_371_008.8;

/**
 * A lower bound of the great-circle distance between two latitudes' points: the meridian arc between
 * the latitudes (no path between them is shorter), less a part in a billion against rounding.
 */
function latitudeGapMetres(a: number, b: number): number {
  return ((Math.abs(b - a) * Math.PI) / 180) * EARTH_RADIUS_M * (1 - 1e-9);
}

/**
 * The candidates (positions in an index; null: all `size` of them) within `radius`, nearest first
 * (ties by id, as byDistanceThenId), at most `limit`: as [position, distance] pairs, so only what is
 * kept becomes an object. With a limit, a sorted list of the kept ones is maintained (a nearest search
 * keeps 1-6 of a box's tens or hundreds), and a candidate whose `lowerBoundOf` is already beyond the
 * last one kept is passed over without measuring it.
 */
export function nearestIndices(
  candidates: ArrayLike<number> | null,
  size: number,
  distanceOf: (i: number) => number,
  idOf: (i: number) => number,
  radius: number,
  limit = Number.POSITIVE_INFINITY,
  lowerBoundOf?: (i: number) => number,
): Array<[number, number]> {
  const count = candidates ? candidates.length : size;
  const kept: Array<[number, number]> = [];
  if (limit <= 0) return kept;
  const before = (d: number, i: number, other: [number, number]) =>
    d < other[1] || (d === other[1] && idOf(i) < idOf(other[0]));
  for (let k = 0; k < count; k++) {
    const i = candidates ? candidates[k]! : k;
    if (lowerBoundOf && kept.length === limit && lowerBoundOf(i) > kept[limit - 1]![1]) continue;
    const d = distanceOf(i);
    if (!(d <= radius)) continue;
    if (limit === Number.POSITIVE_INFINITY) {
      kept.push([i, d]);
      continue;
    }
    if (kept.length === limit) {
      if (!before(d, i, kept[limit - 1]!)) continue;
      kept.pop();
    }
    let at = kept.length;
    while (at > 0 && before(d, i, kept[at - 1]!)) at--;
    kept.splice(at, 0, [i, d]);
  }
  if (limit === Number.POSITIVE_INFINITY) kept.sort((a, b) => a[1] - b[1] || idOf(a[0]) - idOf(b[0]));
  return kept;
}

export interface SpatialIndex {
  beachPointsInBox(box: Box | null): BeachPoint[];
  localitiesInBox(box: Box | null): LocalityPlaceRow[];
  localitiesWithBeachesInBox(box: Box | null): LocalityPlaceRow[];
  localitiesByPostcodes(postcodes: string[]): LocalityPlaceRow[];
  localityBySlug(state: string, slug: string): LocalityPlaceRow | undefined;
  localitiesInArea(state: string, areaSlug: string): LocalityPlaceRow[];
  /** Nearest searches, answered at once (location.service.ts takes this once per answer). */
  nearby: Nearby;
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
  // In chunks, so the build never holds every beach as a database row (read-model/compact.ts).
  const columns = {
    ids: [] as number[],
    latitudes: [] as number[],
    longitudes: [] as number[],
    patrols: [] as number[],
  };
  await readInChunks<BeachPoint>(
    (after, limit) =>
      db
        .selectFrom('beaches')
        .select(['id', 'latitude', 'longitude', 'patrol'])
        .where('id', '>', after?.id ?? BEFORE_ANY_ID)
        .orderBy('id')
        .limit(limit)
        .execute(),
    (rows) => {
      for (const row of rows) {
        columns.ids.push(row.id);
        columns.latitudes.push(row.latitude);
        columns.longitudes.push(row.longitude);
        columns.patrols.push(row.patrol ?? Number.NaN);
      }
    },
  );
  const beachTree = new BeachPoints(columns);
  // The patrolled beaches (patrol >= 1) in a tree of their own, for the patrolled list's search.
  const patrolled = columns.patrols.flatMap((patrol, i) => (patrol >= 1 ? [i] : []));
  const patrolledTree = new BeachPoints({
    ids: patrolled.map((i) => columns.ids[i]!),
    latitudes: patrolled.map((i) => columns.latitudes[i]!),
    longitudes: patrolled.map((i) => columns.longitudes[i]!),
    patrols: patrolled.map((i) => columns.patrols[i]!),
  });
  const pool = new StringPool();
  const localities: LocalityPlaceRow[] = [];
  await readInChunks<LocalityPlaceRow>(
    (after, limit) =>
      db
        .selectFrom('localities')
        .select(LOCALITY_COLUMNS)
        .where('id', '>', after?.id ?? BEFORE_ANY_ID)
        .orderBy('id')
        .limit(limit)
        .execute(),
    (rows) => {
      for (const row of compactRows(rows, ['postcode', 'state', 'area_slug'], pool)) localities.push(row);
    },
  );
  const localityTree = new PointIndex(localities);
  const withBeachesTree = new PointIndex(localities.filter((row) => row.beaches_count > 0));
  const byPostcode = group(localities, (row) => row.postcode);
  const bySlug = new Map(localities.map((row) => [`${row.state}\n${row.slug}`, row]));
  const byArea = group(
    localities.filter((row) => row.area_slug !== null),
    (row) => `${row.state}\n${row.area_slug}`,
  );
  const localitiesByPostcodes = (postcodes: string[]) =>
    postcodes.flatMap((postcode) => byPostcode.get(postcode) ?? []);
  return {
    beachPointsInBox: (box) => beachTree.inBox(box),
    localitiesInBox: (box) => localityTree.inBox(box),
    localitiesWithBeachesInBox: (box) => withBeachesTree.inBox(box),
    localitiesByPostcodes,
    localityBySlug: (state, slug) => bySlug.get(`${state}\n${slug}`),
    localitiesInArea: (state, areaSlug) => [...(byArea.get(`${state}\n${areaSlug}`) ?? [])],
    nearby: {
      beaches: (origin, box, radius, limit) => beachTree.rankWithin(origin, box, radius, limit),
      patrolledBeaches: (origin, box, radius, limit) => patrolledTree.rankWithin(origin, box, radius, limit),
      localities: (origin, box, radius, limit) => localityTree.rankWithin(origin, box, radius, limit),
      localitiesWithBeaches: (origin, box, radius, limit) =>
        withBeachesTree.rankWithin(origin, box, radius, limit),
      localitiesByPostcodes,
    },
    counts: { beaches: beachTree.size, localities: localityTree.size },
  };
}

/** List beach rows kept per data version (location.memory.ts indexedLocationRepository). */
export const LIST_ROWS_MAX = 10_000;
const LIST_ROW_SHARED = [
  'state',
  'area',
  'area_slug',
  'city',
  'city_slug',
  'postcode',
  'timezone',
  'status',
  'covid_status',
] as const;

/** What an active announcement shows (the keys and order of the SQL's answer). */
const presentAnnouncement = ({ id, title, description, button_label, button_url }: AnnouncementRow) => ({
  id,
  title,
  description,
  button_label,
  button_url,
});

/**
 * The repository location answers use: the trees of the current index version, or SQL while they
 * are being built (so an answer is never older than the last write). With `dataVersion`, rows that
 * change with any write (list beaches by id, announcements, area names) are also kept, for the
 * current data version only: a location answer then reads the database only for what it has not
 * seen in this version (and for patrols today, which depend on the day).
 */
export function indexedLocationRepository(
  sqlRepository: LocationRepository,
  index: VersionedBuild<SpatialIndex>,
  options: { dataVersion?: () => Promise<number> } = {},
): LocationRepository {
  const pick = () => index.current();
  const { dataVersion } = options;
  let kept: {
    version: number;
    rows: Map<number, ListBeachRow>;
    announcements: Promise<AnnouncementRow[]> | null;
    areaNames: Map<string, Promise<string | null>>;
  } | null = null;
  const pool = new StringPool();
  /** What is kept for the data version now committed (emptied when it changes). */
  const current = async () => {
    if (!dataVersion) return null;
    const version = await dataVersion();
    if (kept?.version !== version)
      kept = { version, rows: new Map(), announcements: null, areaNames: new Map() };
    return kept;
  };
  return {
    ...sqlRepository,
    async beachesByIds(ids) {
      const cache = await current();
      if (!cache) return sqlRepository.beachesByIds(ids);
      const wanted = [...new Set(ids)];
      const missing = wanted.filter((id) => !cache.rows.has(id));
      const fetched = new Map<number, ListBeachRow>();
      if (missing.length > 0) {
        for (const row of compactRows(await sqlRepository.beachesByIds(missing), LIST_ROW_SHARED, pool))
          fetched.set(row.id, row);
        // Kept only if no write came meanwhile (else these rows may be older than the version).
        if (kept === cache) {
          for (const row of fetched.values()) {
            if (cache.rows.size >= LIST_ROWS_MAX) cache.rows.delete(cache.rows.keys().next().value!);
            cache.rows.set(row.id, row);
          }
        }
      }
      return wanted.flatMap((id) => {
        const row = fetched.get(id) ?? cache.rows.get(id);
        return row ? [row] : [];
      });
    },
    async activeAnnouncements(state, now) {
      const cache = await current();
      if (!cache) return sqlRepository.activeAnnouncements(state, now);
      if (!cache.announcements) {
        const read = sqlRepository.allAnnouncements();
        cache.announcements = read;
        // A failed read is not kept: the next request reads again.
        read.catch(() => {
          if (cache.announcements === read) cache.announcements = null;
        });
      }
      // The SQL's filter: everywhere or in the state, started (or open), not ended (or open).
      return (await cache.announcements)
        .filter(
          (row) =>
            (row.state === null || (!!state && row.state === state)) &&
            (row.starts_at === null || row.starts_at <= now) &&
            (row.ends_at === null || row.ends_at > now),
        )
        .map(presentAnnouncement);
    },
    async areaName(state, areaSlug) {
      const cache = await current();
      if (!cache) return sqlRepository.areaName(state, areaSlug);
      const key = `${state}\n${areaSlug}`;
      let name = cache.areaNames.get(key);
      if (!name) {
        const read = sqlRepository.areaName(state, areaSlug);
        cache.areaNames.set(key, (name = read));
        read.catch(() => {
          if (cache.areaNames.get(key) === read) cache.areaNames.delete(key);
        });
      }
      return name;
    },
    async beachPointsInBox(box) {
      return (await pick())?.beachPointsInBox(box) ?? sqlRepository.beachPointsInBox(box);
    },
    async nearby() {
      return (await pick())?.nearby ?? sqlRepository.nearby();
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

/** Patrols-today answers kept per data version (see patrolledTodayPerVersion). */
export const PATROLLED_TODAY_KEPT_MAX = 20_000;

type PatrolledTodayOf = LocationFacts['patrolledToday'];

/**
 * Patrols today of the listed beaches, kept per data version: a beach's answer depends only on the
 * public data (rosters, holidays, the console's patrol now: every write of them raises the version)
 * and on its local date, so it is kept under (beach, local date) until the version changes, and a
 * location answer asks the patrols module only for beaches it has not seen today in this version.
 */
export function patrolledTodayPerVersion(
  patrolledToday: PatrolledTodayOf,
  dataVersion: () => Promise<number>,
): PatrolledTodayOf {
  /** Answers by local date, then beach id (no key string per beach and request). */
  let kept: { version: number; byDay: Map<string, Map<number, PatrolledToday | null>>; size: number } | null =
    null;
  return async (beaches, now) => {
    const version = await dataVersion();
    if (kept?.version !== version) kept = { version, byDay: new Map(), size: 0 };
    const cache = kept;
    const days = new Map<string, Map<number, PatrolledToday | null>>();
    /** The answers of the beach's local date (one date per zone in this request). */
    const answersOf = (beach: { timezone: string }) => {
      let answers = days.get(beach.timezone);
      if (answers === undefined) {
        const day = localDate(now, beach.timezone);
        answers = cache.byDay.get(day);
        if (answers === undefined) cache.byDay.set(day, (answers = new Map()));
        days.set(beach.timezone, answers);
      }
      return answers;
    };
    const result = new Map<number, PatrolledToday>();
    const missing: typeof beaches = [];
    for (const beach of beaches) {
      const answers = answersOf(beach);
      if (!answers.has(beach.id)) {
        missing.push(beach);
        continue;
      }
      const answer = answers.get(beach.id);
      if (answer) result.set(beach.id, answer);
    }
    if (missing.length === 0) return result;
    const fresh = await patrolledToday(missing, now);
    for (const beach of missing) {
      const answer = fresh.get(beach.id) ?? null;
      if (answer) result.set(beach.id, answer);
      // Kept only if no write came meanwhile; past the bound, everything kept goes (dates pass too).
      if (kept === cache) {
        if (cache.size >= PATROLLED_TODAY_KEPT_MAX) {
          cache.byDay.clear();
          days.clear();
          cache.size = 0;
        }
        const answers = answersOf(beach);
        if (!answers.has(beach.id)) cache.size += 1;
        answers.set(beach.id, answer);
      }
    }
    return result;
  };
}
