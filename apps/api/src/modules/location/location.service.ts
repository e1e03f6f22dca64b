import {
  DEFAULT_COORDINATE,
  LOCATION_LIMITS,
  MAP_BEACHES_LIMIT,
  STATE_DEFAULT_PLACES,
  type LatLng,
  type ListBeach,
  type ListBeachWarnings,
  type LocationBody,
  type LocationResponse,
  type MapBeachesResponse,
  type CurrentObservations,
  type DataSource,
  type MarineWarning,
  type PatrolledToday,
  type RipOutlookSummary,
  type WaterQuality,
} from '@safeshore/domain';
import { validationFailed } from '../../http/errors.ts';
import { ipKey, isPublicIp } from './ip.ts';
import {
  fallbackState,
  headerPostcode,
  parseMapBounds,
  parsePlaceUrl,
  type PlaceTarget,
} from './location.input.ts';
import { presentClosestPostcode, presentListBeach, presentPlace } from './location.presenter.ts';
import type { LocalityPlaceRow, LocationRepository } from './location.repository.ts';
import { boxAround, expandingSearch, type Nearby, type Ranked } from './nearest.ts';

/**
 * A coordinate's place is the nearest locality that has beaches within this distance (someone in
 * Bondi Junction is shown Bondi Beach), else the nearest locality of all.
 */
export const PLACE_BEACH_RADIUS_M = 5_000;
/**
 * Radii of the expanding search boxes; after the last one every row is read. The first radius is
 * enough where beaches are dense; the steps grow ~2.5x so sparse coasts (the Bight, the Kimberley)
 * never scan a much wider latitude band than they need.
 */
const PLACE_RADII_M = [PLACE_BEACH_RADIUS_M, 15_000, 40_000, 100_000, 250_000, 600_000, 1_500_000];
const BEACH_RADII_M = [20_000, 50_000, 120_000, 300_000, 800_000, 2_000_000, 5_000_000];
const POSTCODE_RADII_M = [25_000, 60_000, 150_000, 400_000, 1_000_000, 2_500_000];

export const LOCATION_NOT_FOUND = 'Location not found.';

/**
 * The locality a postcode stands for: the one with the most beaches, then the one with the plain
 * slug (the name's main postcode), then by name (so the choice is stable), then the first imported.
 */
export function mainLocality<
  T extends Pick<LocalityPlaceRow, 'id' | 'slug' | 'title' | 'postcode' | 'beaches_count'>,
>(rows: T[]): T | undefined {
  const suffixed = (row: T) => Number(row.slug.endsWith(`-${row.postcode}`));
  const order = (a: T, b: T) =>
    b.beaches_count - a.beaches_count ||
    suffixed(a) - suffixed(b) ||
    (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) ||
    a.id - b.id;
  // The first in that order (one pass: no sorted copy for the one row wanted).
  let main: T | undefined;
  for (const row of rows) if (main === undefined || order(row, main) < 0) main = row;
  return main;
}

export interface LocationRequest {
  body: LocationBody;
  /** The X-location header as received. */
  xLocation: string | string[] | undefined;
  /** The client's address (request.ip: the socket's, or X-Forwarded-For behind a trusted proxy). */
  ip: string;
}

/** Facts other modules own: patrols today (patrol schedules) and cached observations (conditions). */
export interface LocationFacts {
  /** Of beaches this service has already read (id, state and time zone: no second read). */
  patrolledToday(
    beaches: Array<{ id: number; state: string; timezone: string }>,
    now: Date,
  ): Promise<Map<number, PatrolledToday>>;
  /** From the conditions cache only: never an upstream call on a location request. */
  currentObservations(latitude: number, longitude: number): CurrentObservations | null;
  /** Today's marine warnings at the place (the same feed as beaches); null when not known. */
  marineWarnings?(
    state: string,
    latitude: number,
    longitude: number,
  ): Promise<{ warnings: MarineWarning[]; source: DataSource } | null>;
  /**
   * Each beach's marine warnings in force, compact, by beach id (the same feed and area rule as the
   * beach page); null for a beach whose state's feed is not known (issue 16).
   */
  beachWarnings?(
    beaches: Array<{ id: number; state: string; latitude: number; longitude: number }>,
  ): Promise<Map<number, ListBeachWarnings | null>>;
  /** NSW Beachwatch water quality by beach key, from its cache only (issue 19). */
  waterQuality?(beaches: Array<{ key: string; state: string }>): Map<string, WaterQuality>;
  /** Today's rip outlook level per beach id, from the stored outlooks (issue 29). */
  ripOutlooks?(
    beaches: Array<{ id: number; timezone: string }>,
  ): Promise<Map<number, RipOutlookSummary | null>>;
}

/**
 * How long a location answer waits for the marine warnings feed. The feed is cached for 10 minutes,
 * so this only matters on a cold cache with a slow upstream: then the place says the warnings are not
 * available (never "none"), and the fetch carries on, warming the cache for the next visit.
 */
export const PLACE_WARNINGS_WAIT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

export function createLocationService(
  repo: LocationRepository,
  clock: () => Date = () => new Date(),
  facts?: LocationFacts,
) {
  /** The place for a coordinate (see PLACE_BEACH_RADIUS_M). */
  async function placeNear(point: LatLng, nearby: Nearby): Promise<LocalityPlaceRow | null> {
    // The nearest locality with beaches within the radius, when there is one: looked up among the
    // localities with beaches only (a few, against every locality of a town within 5 km).
    const box = boxAround(point, PLACE_BEACH_RADIUS_M);
    const ranked = nearby.localitiesWithBeaches(point, box, PLACE_BEACH_RADIUS_M, 1);
    const withBeaches = Array.isArray(ranked) ? ranked : await ranked;
    if (withBeaches.length > 0) return withBeaches[0]!.row;
    // Else the nearest locality of all.
    const found = await expandingSearch(
      point,
      PLACE_RADII_M,
      nearby.localities,
      (within) => within.length > 0,
      1,
    );
    return found[0]?.row ?? null;
  }

  async function placeForPostcode(postcode: string): Promise<LocalityPlaceRow | null> {
    return mainLocality(await repo.localitiesByPostcodes([postcode])) ?? null;
  }

  async function placeForTarget(target: PlaceTarget): Promise<LocalityPlaceRow | null> {
    switch (target.kind) {
      case 'postcode':
        return placeForPostcode(target.postcode);
      case 'state': {
        const fallback = STATE_DEFAULT_PLACES[target.prefix]!;
        return (await repo.localityBySlug(fallback.state, fallback.slug)) ?? null;
      }
      case 'area': {
        // "/nsw/waverley": the council area's main place; a place without a council uses its own slug.
        const state = STATE_DEFAULT_PLACES[target.prefix]!.state;
        const inArea = mainLocality(await repo.localitiesInArea(state, target.area));
        return inArea ?? (await repo.localityBySlug(state, target.area)) ?? null;
      }
      case 'place': {
        // The location slug is unique in its state, so an outdated area segment (the council
        // became known after the link was made) still finds the place; `place.url` is the current one.
        const state = STATE_DEFAULT_PLACES[target.prefix]!.state;
        return (await repo.localityBySlug(state, target.location)) ?? null;
      }
      default:
        return null;
    }
  }

  /**
   * The nearest patrolled (patrol >= 1) beaches and the nearest beaches of every kind (the nearest
   * beach is never left out of "Closest" for being patrolled), measured from `origin`: two nearest
   * searches (the patrolled ones among patrolled beaches only, so a coast with few patrols does not
   * rank every beach of a wide box), positions first, then only the rows kept.
   */
  async function closestBeaches(origin: LatLng, nearby: Nearby) {
    const [patrolled, closest] = await Promise.all([
      expandingSearch(
        origin,
        BEACH_RADII_M,
        nearby.patrolledBeaches,
        (within) => within.length >= LOCATION_LIMITS.patrolled,
        LOCATION_LIMITS.patrolled,
      ),
      expandingSearch(
        origin,
        BEACH_RADII_M,
        nearby.beaches,
        (within) => within.length >= LOCATION_LIMITS.closest,
        LOCATION_LIMITS.closest,
      ),
    ]);
    return loadListBeaches([
      patrolled.slice(0, LOCATION_LIMITS.patrolled),
      closest.slice(0, LOCATION_LIMITS.closest),
    ]);
  }

  /**
   * The nearest other postcodes that have beaches (by their localities with beaches), each shown as
   * its main locality with the postcode's number of beaches.
   */
  async function closestPostcodes(origin: LatLng, own: string, nearby: Nearby) {
    /** The first LOCATION_LIMITS.postcodes other postcodes, nearest first. */
    const distinct = (entries: Ranked<LocalityPlaceRow>[]) => {
      const postcodes = new Set<string>();
      for (const { row } of entries) {
        if (row.postcode !== own) postcodes.add(row.postcode);
        if (postcodes.size === LOCATION_LIMITS.postcodes) break;
      }
      return [...postcodes];
    };
    const found = await expandingSearch(
      origin,
      POSTCODE_RADII_M,
      nearby.localitiesWithBeaches,
      (within) => distinct(within).length >= LOCATION_LIMITS.postcodes,
    );
    const postcodes = distinct(found);
    const byPostcodes = nearby.localitiesByPostcodes(postcodes);
    const localities = Array.isArray(byPostcodes) ? byPostcodes : await byPostcodes;
    return postcodes.flatMap((postcode) => {
      const rows = localities.filter((row) => row.postcode === postcode);
      const main = mainLocality(rows);
      const count = rows.reduce((sum, row) => sum + row.beaches_count, 0);
      return main ? [presentClosestPostcode(main, count)] : [];
    });
  }

  /** Full list beaches for ranked positions, in the same order. */
  async function loadListBeaches(lists: Ranked<{ id: number }>[][]): Promise<ListBeach[][]> {
    const ids = lists.flat().map((entry) => entry.row.id);
    const rows = await repo.beachesByIds(ids);
    const now = clock();
    // Warnings are added here, after the rows (memory index or SQL alike), from the cached feed;
    // a cold feed is waited for no longer than a place's warnings, then the rows say "not known".
    // Rows carry every field the facts read (no per-fact copies of them).
    const warnings =
      facts?.beachWarnings && rows.length > 0
        ? within(
            facts.beachWarnings(rows),
            PLACE_WARNINGS_WAIT_MS,
            new Map<number, ListBeachWarnings | null>(),
          )
        : undefined;
    const rip = facts?.ripOutlooks && rows.length > 0 ? facts.ripOutlooks(rows) : undefined;
    const today = facts && rows.length > 0 ? await facts.patrolledToday(rows, now) : undefined;
    const ripById = await rip;
    const warningsById = await warnings;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const water = facts?.waterQuality?.(rows);
    // A beach in both lists is one object (same origin, same distance): presented once.
    const presented = new Map<number, ListBeach>();
    const present = (id: number, distance: number): ListBeach | undefined => {
      const known = presented.get(id);
      if (known) return known;
      const full = byId.get(id);
      if (!full) return undefined;
      const beach = presentListBeach(full, distance, now);
      beach.is_patrolled_today = today?.get(id) ?? null;
      const quality = water?.get(full.key);
      if (quality) beach.water_quality = quality;
      if (warningsById) beach.marine_warnings = warningsById.get(id) ?? null;
      if (ripById) beach.rip_outlook = ripById.get(id) ?? null;
      presented.set(id, beach);
      return beach;
    };
    return lists.map((list) =>
      list.flatMap(({ row, distance }) => {
        const beach = present(row.id, distance);
        return beach ? [beach] : [];
      }),
    );
  }

  /** The place; with its marine warnings for location answers (the map's centre place needs none). */
  async function placeDetails(locality: LocalityPlaceRow, withWarnings = true) {
    const warnings =
      withWarnings && facts?.marineWarnings
        ? within(
            facts.marineWarnings(locality.state, locality.latitude, locality.longitude),
            PLACE_WARNINGS_WAIT_MS,
            null,
          )
        : Promise.resolve(null);
    const region3 = locality.area_slug ? await repo.areaName(locality.state, locality.area_slug) : null;
    const place = presentPlace(locality, region3);
    const marine = await warnings;
    return {
      ...place,
      current_observations: facts?.currentObservations(place.latitude, place.longitude) ?? null,
      todays_marine_warnings: marine?.warnings ?? [],
      marine_warnings_source: marine?.source ?? null,
    };
  }

  function notFoundResponse(
    resolvedBy: LocationResponse['resolved_by'],
    state: string | null,
  ): LocationResponse {
    return {
      place: null,
      patrolledBeaches: [],
      closestBeaches: [],
      closestPostcodes: [],
      announcements: [],
      show_algal_bloom_warning: false,
      resolved_by: resolvedBy,
      error: LOCATION_NOT_FOUND,
      state,
    };
  }

  /** The location details of a place, with lists measured from `origin`. */
  async function respond(
    locality: LocalityPlaceRow | null,
    origin: LatLng,
    resolvedBy: LocationResponse['resolved_by'],
    given?: Nearby,
  ): Promise<LocationResponse> {
    if (!locality) return notFoundResponse(resolvedBy, null);
    const nearby = given ?? (await repo.nearby());
    const [place, [patrolledBeaches, closest], postcodes, announcements] = await Promise.all([
      placeDetails(locality),
      closestBeaches(origin, nearby),
      closestPostcodes(origin, locality.postcode, nearby),
      repo.activeAnnouncements(locality.state, clock().toISOString()),
    ]);
    return {
      place,
      patrolledBeaches: patrolledBeaches!,
      closestBeaches: closest!,
      closestPostcodes: postcodes,
      announcements,
      show_algal_bloom_warning: locality.state === 'SA',
      resolved_by: resolvedBy,
    };
  }

  /** The postcode of the caller's address in our ip_ranges table; null for private or unknown addresses. */
  async function postcodeForAddress(ip: string): Promise<string | null> {
    const key = ipKey(ip);
    return key && isPublicIp(key) ? repo.postcodeForIp(key.hex) : null;
  }

  return {
    /**
     * What `locate` with no body and no X-location header falls back on: the postcode of the
     * caller's address, or null (then the default coordinate). The answer depends on nothing else,
     * so it keys a server-rendered Home (web/pages.ts) without keying it by the address itself.
     */
    postcodeForAddress,

    /**
     * POST /api/v4/location/. In order: coordinates (both or neither), a place url, the X-location
     * header's postcode, the caller's IP address through our own ip_ranges table, and the default
     * coordinate. A coordinate outside Australia still gets the nearest place, with distances
     * measured honestly from where the caller is.
     */
    async locate({ body, xLocation, ip }: LocationRequest): Promise<LocationResponse> {
      const { latitude, longitude, url } = body;
      if (latitude !== undefined || longitude !== undefined) {
        if (latitude === undefined)
          throw validationFailed({ latitude: ['The latitude field is required when longitude is present.'] });
        if (longitude === undefined)
          throw validationFailed({
            longitude: ['The longitude field is required when latitude is present.'],
          });
        const origin = { latitude, longitude };
        const nearby = await repo.nearby();
        return respond(await placeNear(origin, nearby), origin, 'coordinates', nearby);
      }

      if (url !== undefined && url !== '') {
        const target = parsePlaceUrl(url);
        if (target.kind !== 'none') {
          const locality = await placeForTarget(target);
          if (!locality) return notFoundResponse('url', fallbackState(target));
          return respond(locality, locality, 'url');
        }
      }

      // X-location is the postcode the client is showing, so it names a place just as the url
      // "/postcode/{postcode}" does: it counts as 'url'. 'ip' is kept for the address lookup.
      const postcode = headerPostcode(xLocation);
      const fromHeader = postcode ? await placeForPostcode(postcode) : null;
      if (fromHeader) return respond(fromHeader, fromHeader, 'url');

      const ipPostcode = await postcodeForAddress(ip);
      const fromIp = ipPostcode ? await placeForPostcode(ipPostcode) : null;
      if (fromIp) return respond(fromIp, fromIp, 'ip');

      const nearby = await repo.nearby();
      return respond(await placeNear(DEFAULT_COORDINATE, nearby), DEFAULT_COORDINATE, 'default', nearby);
    },

    /**
     * GET /api/v4/map/beaches: the beaches inside the box, closest to its centre first, at most
     * MAP_BEACHES_LIMIT; the place is the one a coordinate at the centre would get.
     */
    async mapBeaches(query: unknown): Promise<MapBeachesResponse> {
      const { ne, sw } = parseMapBounds(query);
      const centre = {
        latitude: (ne.latitude + sw.latitude) / 2,
        longitude: (ne.longitude + sw.longitude) / 2,
      };
      const nearby = await repo.nearby();
      const box = { south: sw.latitude, north: ne.latitude, west: sw.longitude, east: ne.longitude };
      const [inBox, locality] = await Promise.all([
        nearby.beaches(centre, box, Number.POSITIVE_INFINITY),
        placeNear(centre, nearby),
      ]);
      const ranked = inBox.slice(0, MAP_BEACHES_LIMIT);
      const [[beaches], place] = await Promise.all([
        loadListBeaches([ranked]),
        locality ? placeDetails(locality, false) : null,
      ]);
      return { data: { beaches: beaches!, place, truncated: inBox.length > MAP_BEACHES_LIMIT } };
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
