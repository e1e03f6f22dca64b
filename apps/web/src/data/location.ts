import * as z from 'zod/mini';
import { queryOptions } from '@tanstack/react-query';
import {
  DEFAULT_COORDINATE,
  LocationResponseSchema,
  MapBeachesResponseSchema,
  OFFLINE_LOCATION_ALERT,
  type LatLng,
  type ListBeach,
  type LocationResponse,
  type Place,
} from '@safeshore/domain';
import { getCurrentPosition, GeolocationError, type GeolocationFailure } from '../platform/geolocation.ts';
import { ApiError, request } from './api.ts';
import { getOpenedPlace, setCurrentPostcode, setKnownPosition, setOpenedPlace } from './current-postcode.ts';
import { FRESHNESS_MS } from './queries.ts';
import { currentDataMode, dataSource, networkModeFor, type DataMode } from './source.ts';

/** A location lookup either finds a place or says why not (and, maybe, the state to fall back to). */
export type LocationLookup =
  { found: true; data: LocationResponse } | { found: false; message: string; state: string | null };

const LocationErrorBodySchema = z.object({
  error: z.string(),
  state: z.optional(z.nullable(z.string())),
});

/**
 * POST /api/v4/location/: by coordinates, by a place url ("/nsw/waverley/bondi-beach",
 * "/postcode/2026"), or with no body at all (the server looks up the caller's address, else uses the
 * default coordinate). An unknown place comes back as `{found: false}`, whether the server says so
 * in a 200 answer carrying `error` or in a 404/422 one; other failures throw.
 */
export async function fetchLocation(
  query: { latitude: number; longitude: number } | { url: string } | null,
  signal?: AbortSignal,
): Promise<LocationLookup> {
  let answer: unknown;
  try {
    answer = await request('/api/v4/location/', z.unknown(), {
      method: 'POST',
      signal,
      ...(query && { json: query }),
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      const parsed = z.safeParse(LocationErrorBodySchema, error.body);
      return parsed.success
        ? { found: false, message: parsed.data.error, state: parsed.data.state ?? null }
        : { found: false, message: error.message, state: null };
    }
    throw error;
  }
  const unknownPlace = z.safeParse(LocationErrorBodySchema, answer);
  if (unknownPlace.success) {
    return { found: false, message: unknownPlace.data.error, state: unknownPlace.data.state ?? null };
  }
  const parsed = z.safeParse(LocationResponseSchema, answer);
  if (!parsed.success) {
    throw new ApiError(200, 'SafeShore sent data this version of the app does not understand.');
  }
  return { found: true, data: parsed.data };
}

/** Home's location and where it came from. */
export interface HomeLocation {
  response: LocationResponse;
  /** The device's position when the browser gave one (the map centres there). */
  position: LatLng | null;
  /** Why the browser gave no position (the server then looked the caller up). */
  geolocationFailure: GeolocationFailure | null;
  /**
   * Found by the server while rendering the page, from the caller's address, before the browser
   * was asked for its position (issue 23): Home asks it once hydrated (features/home).
   */
  fromServer?: boolean;
  /** Asked for the place page the user opened last (no device position): Home says so. */
  openedPlace?: boolean;
}

/**
 * Home: the browser's position, else (denied, unavailable, unsupported) the place page the user
 * opened last, else the server's lookup of the caller. Offline there is no server to ask: the
 * spec's alert says so and the default coordinate is used (section 8). An unknown place is an error
 * here: Home always needs one. A place found from the device is remembered (X-location postcode,
 * position); one the server guessed from the address or its default is not, as nobody gave it
 * (issue 30: the next Home called it "the place you looked at last", and search measured distances
 * from it). Failure clears what is remembered.
 */
export async function fetchHomeLocation(
  signal?: AbortSignal,
  mode: DataMode = currentDataMode(),
): Promise<HomeLocation> {
  let position: LatLng | null = null;
  let geolocationFailure: GeolocationFailure | null = null;
  try {
    position = await getCurrentPosition();
  } catch (error) {
    geolocationFailure = error instanceof GeolocationError ? error.reason : 'unavailable';
  }
  const opened = !position && mode === 'online' ? getOpenedPlace() : null;
  let query: LatLng | { url: string } | null = position ?? (opened ? { url: opened } : null);
  if (!position && mode === 'offline') {
    window.alert(OFFLINE_LOCATION_ALERT);
    query = { ...DEFAULT_COORDINATE };
  }
  try {
    const lookup = await dataSource(mode).location(query, signal);
    if (!lookup.found) throw new ApiError(404, lookup.message);
    const { place } = lookup.data;
    if (position) {
      setCurrentPostcode(place?.postcode ?? null);
      setKnownPosition(position.latitude, position.longitude, true);
      // The device's place is now the latest: a later Home without a position falls back on it.
      setOpenedPlace(null);
    }
    return { response: lookup.data, position, geolocationFailure, openedPlace: opened !== null };
  } catch (error) {
    setCurrentPostcode(null);
    setOpenedPlace(null);
    throw error;
  }
}

export const LOCATION_QUERY_KEY = ['location'] as const;

/** A place page the user opened: its postcode (X-location), its url (for Home) and its position. */
export function rememberOpenedPlace(response: LocationResponse): void {
  const { place } = response;
  if (!place) return;
  setCurrentPostcode(place.postcode);
  setOpenedPlace(place.url);
  setKnownPosition(place.latitude, place.longitude);
}

/**
 * Reloaded when the tab becomes visible and the data is older than 600 s (spec section 4). The
 * key carries the data mode, so Home reloads when the data source's online status changes.
 */
export const homeLocationQuery = (mode: DataMode = currentDataMode()) =>
  queryOptions({
    queryKey: [...LOCATION_QUERY_KEY, mode, 'home'],
    queryFn: ({ signal }) => fetchHomeLocation(signal, mode),
    networkMode: networkModeFor(mode),
    staleTime: FRESHNESS_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });

/** A place page: the place named by the route path. */
export const placeLocationQuery = (pathname: string, mode: DataMode = currentDataMode()) =>
  queryOptions({
    queryKey: [...LOCATION_QUERY_KEY, mode, 'url', pathname.toLowerCase()],
    networkMode: networkModeFor(mode),
    queryFn: async ({ signal }) => {
      const lookup = await dataSource(mode).location({ url: pathname }, signal);
      if (lookup.found) rememberOpenedPlace(lookup.data);
      return lookup;
    },
    staleTime: FRESHNESS_MS,
  });

/** A box on the map, in degrees. */
export interface MapBounds {
  north: number;
  east: number;
  south: number;
  west: number;
}

export interface MapBeaches {
  beaches: ListBeach[];
  place: Place | null;
  truncated: boolean;
}

const coordinate = (value: number) => Number(value.toFixed(6));

/** GET /api/v4/map/beaches for a box: neCoords and swCoords as "lat,lng". */
export async function fetchMapBeaches(bounds: MapBounds, signal?: AbortSignal): Promise<MapBeaches> {
  const ne = `${coordinate(bounds.north)},${coordinate(bounds.east)}`;
  const sw = `${coordinate(bounds.south)},${coordinate(bounds.west)}`;
  const { data } = await request(
    `/api/v4/map/beaches?neCoords=${encodeURIComponent(ne)}&swCoords=${encodeURIComponent(sw)}`,
    MapBeachesResponseSchema,
    { signal },
  );
  return data;
}
