import { haversineMetres, type LatLng } from '@safeshore/domain';
import type { Box } from './location.repository.ts';

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

/** Rows ordered by exact great-circle distance from `origin` (ties by id, so results are stable). */
export function rankByDistance<T extends LatLng & { id: number }>(origin: LatLng, rows: T[]): Ranked<T>[] {
  return rows
    .map((row) => ({ row, distance: haversineMetres(origin, row) }))
    .sort((a, b) => a.distance - b.distance || a.row.id - b.row.id);
}

/**
 * Nearest-first search on the indexed latitude column with expanding boxes: fetch the rows in the
 * box of each radius in turn and stop as soon as the rows within that radius are `enough`; every
 * row within the radius is in its box, so they are exactly the nearest ones. When no radius is
 * enough the last step reads every row (box null). Returns the rows found, nearest first.
 */
export async function expandingSearch<T extends LatLng & { id: number }>(
  origin: LatLng,
  radii: readonly number[],
  fetch: (box: Box | null) => Promise<T[]>,
  enough: (within: Ranked<T>[]) => boolean,
): Promise<Ranked<T>[]> {
  for (const radius of radii) {
    const ranked = rankByDistance(origin, await fetch(boxAround(origin, radius)));
    const within = ranked.filter((entry) => entry.distance <= radius);
    if (enough(within)) return within;
  }
  return rankByDistance(origin, await fetch(null));
}
