import { haversineMetres, type LatLng } from '@safeshore/domain';
import type { BeachPoint, Box, LocalityPlaceRow } from './location.repository.ts';

/** The sphere haversineMetres measures on. */
const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/**
 * The smallest latitude/longitude box that holds every point within `metres` of `origin` on the
 * sphere (the spherical cap's bounding box, widened by 0.1% against rounding). A cap reaching a
 * pole, or a box crossing the antimeridian, covers every longitude.
 */
export function boxAround(origin: LatLng, metres: number): Box {
  const angle = (metres / EARTH_RADIUS_M) * 1.001;
  const lat = toRad(origin.latitude);
  const south = lat - angle;
  const north = lat + angle;
  if (south <= -Math.PI / 2 || north >= Math.PI / 2 || angle >= Math.PI / 2) {
    return { south: Math.max(-90, toDeg(south)), north: Math.min(90, toDeg(north)), west: -180, east: 180 };
  }
  const dLng = toDeg(Math.asin(Math.min(1, Math.sin(angle) / Math.cos(lat))));
  const west = origin.longitude - dLng;
  const east = origin.longitude + dLng;
  const wraps = west < -180 || east > 180 || dLng >= 90;
  return {
    south: toDeg(south),
    north: toDeg(north),
    west: wraps ? -180 : west,
    east: wraps ? 180 : east,
  };
}

export interface Ranked<T> {
  row: T;
  distance: number;
}

/** Nearest first, ties by id (so results are stable). */
export const byDistanceThenId = <T extends { id: number }>(a: Ranked<T>, b: Ranked<T>) =>
  a.distance - b.distance || a.row.id - b.row.id;

/**
 * Rows ordered by exact great-circle distance from `origin` (ties by id, so results are stable);
 * with `radius`, only the rows within it (measured before sorting, so the corners of a search box
 * are never sorted only to be dropped).
 */
export function rankByDistance<T extends LatLng & { id: number }>(
  origin: LatLng,
  rows: T[],
  radius = Number.POSITIVE_INFINITY,
): Ranked<T>[] {
  const ranked: Ranked<T>[] = [];
  for (const row of rows) {
    const distance = haversineMetres(origin, row);
    if (distance <= radius) ranked.push({ row, distance });
  }
  return ranked.sort(byDistanceThenId);
}

/**
 * The rows within `radius` of `origin`, nearest first (rankByDistance), looked up in `box` (the
 * radius's bounding box; null with an infinite radius: every row); with `limit`, only the first
 * `limit` of them (the nearest; an answer may hold all, the callers take their first `limit`). In
 * memory it answers at once; from SQL it is a promise.
 */
export type RankWithin<T> = (
  origin: LatLng,
  box: Box | null,
  radius: number,
  limit?: number,
) => Ranked<T>[] | Promise<Ranked<T>[]>;

/**
 * Nearest-first search with expanding boxes: rank the rows in the box of each radius in turn and
 * stop as soon as the rows within that radius are `enough`; every row within the radius is in its
 * box, so they are exactly the nearest ones. When no radius is enough the last step ranks every row
 * (box null). Returns the rows found, nearest first.
 */
export async function expandingSearch<T>(
  origin: LatLng,
  radii: readonly number[],
  rankWithin: RankWithin<T>,
  enough: (within: Ranked<T>[]) => boolean,
  limit?: number,
): Promise<Ranked<T>[]> {
  for (const radius of radii) {
    const found = rankWithin(origin, boxAround(origin, radius), radius, limit);
    // Awaited only when it is a promise (SQL): an answer from memory costs no extra turn.
    const within = Array.isArray(found) ? found : await found;
    if (enough(within)) return within;
  }
  return rankWithin(origin, null, Number.POSITIVE_INFINITY, limit);
}

/** A RankWithin over a box query (SQL): the rows in the box, ranked here. */
export function rankFetched<T extends LatLng & { id: number }>(
  fetch: (box: Box | null) => Promise<T[]>,
): RankWithin<T> {
  return async (origin, box, radius) => rankByDistance(origin, await fetch(box), radius);
}

/**
 * What nearest searches read, taken once per answer: from memory (the spatial index of the version
 * now committed, answering at once) or from SQL while it is being built.
 */
export interface Nearby {
  beaches: RankWithin<BeachPoint>;
  /** Beaches with patrol >= 1 only. */
  patrolledBeaches: RankWithin<BeachPoint>;
  localities: RankWithin<LocalityPlaceRow>;
  localitiesWithBeaches: RankWithin<LocalityPlaceRow>;
  localitiesByPostcodes(postcodes: string[]): LocalityPlaceRow[] | Promise<LocalityPlaceRow[]>;
}
