import { roughDistanceMetres, type LatLng } from './geo.ts';
import { LOCATION_LIMITS } from './location.ts';
import { SEARCH_STATE_PREFIXES } from './states.ts';

/**
 * Rules of the offline data source (spec sections 4 and 7): the app answers location lookups from
 * its local beach database, measuring with the rough distance (factor 85000) and keeping the
 * spec's list sizes. The local database holds beaches only, so places are postcode groups of
 * beaches.
 */

export interface Measured<T> {
  item: T;
  /** Rough distance from the origin in metres. */
  distance: number;
}

interface Positioned extends LatLng {
  id: number;
  title: string;
}

const TITLE_ORDER = new Intl.Collator('en-AU');

function closer<T extends Positioned>(a: Measured<T>, b: Measured<T>): number {
  return a.distance - b.distance || TITLE_ORDER.compare(a.item.title, b.item.title) || a.item.id - b.item.id;
}

/**
 * The `limit` items nearest to `origin` by the rough offline distance, nearest first (ties by
 * title, then id, so the order is stable). Keeps a sorted window of `limit` entries instead of
 * sorting every item: 12,000 beaches cost one pass.
 */
export function nearestByRoughDistance<T extends Positioned>(
  origin: LatLng,
  items: Iterable<T>,
  limit: number,
  keep: (item: T) => boolean = () => true,
): Measured<T>[] {
  const nearest: Measured<T>[] = [];
  if (limit <= 0) return nearest;
  for (const item of items) {
    if (!keep(item)) continue;
    const entry = { item, distance: roughDistanceMetres(origin, item) };
    if (nearest.length === limit && closer(entry, nearest[limit - 1]!) >= 0) continue;
    let low = 0;
    let high = nearest.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (closer(nearest[middle]!, entry) <= 0) low = middle + 1;
      else high = middle;
    }
    nearest.splice(low, 0, entry);
    if (nearest.length > limit) nearest.pop();
  }
  return nearest;
}

/** Spec section 3: patrol 0 (or unknown) is unpatrolled, 1 or more patrolled. */
export function isPatrolledBeach(beach: { patrol: number | null }): boolean {
  return (beach.patrol ?? 0) >= 1;
}

/**
 * Home's two lists offline, as online (LOCATION_LIMITS): the 6 closest patrolled beaches and the 6
 * closest beaches of every kind (patrolled ones included: the nearest beach is never hidden).
 */
export function closestBeachesOffline<T extends Positioned & { patrol: number | null }>(
  origin: LatLng,
  beaches: Iterable<T>,
): { patrolled: Measured<T>[]; closest: Measured<T>[] } {
  const list = Array.isArray(beaches) ? (beaches as T[]) : [...beaches];
  return {
    patrolled: nearestByRoughDistance(origin, list, LOCATION_LIMITS.patrolled, isPatrolledBeach),
    closest: nearestByRoughDistance(origin, list, LOCATION_LIMITS.closest),
  };
}

/** The fields of a local beach that place its postcode. */
export interface PostcodeMember extends Positioned {
  postcode: string;
  state: string;
  city: string;
  area: string;
  /** The beach's place page ("/nsw/waverley/bondi-beach"). */
  postcode_url: string;
  timezone: string;
}

/** A postcode as the offline database knows it: the beaches that carry it. */
export interface PostcodeGroup<T extends PostcodeMember = PostcodeMember> {
  postcode: string;
  /** The postcode's main place: the city with the most beaches in it (ties alphabetical). */
  title: string;
  state: string;
  area: string;
  url: string;
  timezone: string;
  /** The centre of the postcode's beaches (not a surveyed point). */
  latitude: number;
  longitude: number;
  beaches: T[];
}

/** Groups beaches by postcode; the groups come out in postcode order. */
export function groupBeachesByPostcode<T extends PostcodeMember>(beaches: Iterable<T>): PostcodeGroup<T>[] {
  const byPostcode = new Map<string, T[]>();
  for (const beach of beaches) {
    const list = byPostcode.get(beach.postcode);
    if (list) list.push(beach);
    else byPostcode.set(beach.postcode, [beach]);
  }
  const groups: PostcodeGroup<T>[] = [];
  for (const [postcode, members] of byPostcode) {
    const perCity = new Map<string, T[]>();
    let latitude = 0;
    let longitude = 0;
    for (const beach of members) {
      latitude += beach.latitude;
      longitude += beach.longitude;
      const key = `${beach.state}|${beach.city}`;
      const list = perCity.get(key);
      if (list) list.push(beach);
      else perCity.set(key, [beach]);
    }
    const main = [...perCity.values()].sort(
      (a, b) => b.length - a.length || TITLE_ORDER.compare(a[0]!.city, b[0]!.city),
    )[0]![0]!;
    groups.push({
      postcode,
      title: main.city,
      state: main.state,
      area: main.area,
      url: main.postcode_url,
      timezone: main.timezone,
      latitude: latitude / members.length,
      longitude: longitude / members.length,
      beaches: members,
    });
  }
  return groups.sort((a, b) => (a.postcode < b.postcode ? -1 : a.postcode > b.postcode ? 1 : 0));
}

/** The closest other postcodes (4) to `origin`, measured to each postcode's centre. */
export function closestPostcodesOffline<T extends PostcodeMember>(
  origin: LatLng,
  groups: readonly PostcodeGroup<T>[],
  exceptPostcode: string | null,
): Measured<PostcodeGroup<T>>[] {
  return nearestByRoughDistance(
    origin,
    groups.map((group, index) => ({ ...group, id: index, title: group.title, group })),
    LOCATION_LIMITS.postcodes,
    (entry) => entry.postcode !== exceptPostcode,
  ).map(({ item, distance }) => ({ item: item.group, distance }));
}

/**
 * Each route prefix's default place as a coordinate (the STATE_DEFAULT_PLACES locality's
 * position in the bundled GeoNames file), so the offline source can find the beaches nearest to
 * it without the server's place table.
 */
export const STATE_DEFAULT_COORDINATES: Readonly<Record<string, LatLng>> = {
  nsw: { latitude: -33.8718, longitude: 151.2002 },
  vic: { latitude: -37.813, longitude: 144.9611 },
  qld: { latitude: -27.4679, longitude: 153.0281 },
  sa: { latitude: -34.928, longitude: 138.601 },
  wa: { latitude: -31.9543, longitude: 115.8587 },
  tas: { latitude: -42.8848, longitude: 147.3328 },
  nt: { latitude: -12.4611, longitude: 130.8418 },
  act: { latitude: -35.2835, longitude: 149.1281 },
  'external-territory': { latitude: -29.0364, longitude: 167.9596 },
  'jervis-bay-territory': { latitude: -35.028, longitude: 150.5501 },
  'australian-antarctic-territory': { latitude: -42.7167, longitude: 146.9167 },
};

/** What a place url names, for the offline lookup. */
export type OfflinePlaceTarget =
  | { kind: 'postcode'; postcode: string }
  | { kind: 'state'; prefix: string }
  | { kind: 'area'; prefix: string; area: string }
  | { kind: 'place'; prefix: string; area: string; location: string }
  | { kind: 'none' };

/** "/postcode/2026", "/nsw", "/nsw/waverley", "/nsw/waverley/bondi-beach"; anything else is none. */
export function parseOfflinePlaceUrl(url: string): OfflinePlaceTarget {
  const segments = url.toLowerCase().split(/[?#]/)[0]!.split('/').filter(Boolean);
  const [first, second, third] = segments;
  if (first === 'postcode') {
    return segments.length === 2 && /^\d{3,4}$/.test(second!)
      ? { kind: 'postcode', postcode: second!.padStart(4, '0') }
      : { kind: 'none' };
  }
  if (!first || !(SEARCH_STATE_PREFIXES as readonly string[]).includes(first) || segments.length > 3) {
    return { kind: 'none' };
  }
  if (second === undefined) return { kind: 'state', prefix: first };
  if (third === undefined) return { kind: 'area', prefix: first, area: second };
  return { kind: 'place', prefix: first, area: second, location: third };
}
