export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_008.8;

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function haversineMetres(a: LatLng, b: LatLng): number {
  return haversineMetresBetween(a.latitude, a.longitude, b.latitude, b.longitude);
}

/** haversineMetres of two points given as numbers (no objects: for loops over typed arrays). */
export function haversineMetresBetween(
  aLatitude: number,
  aLongitude: number,
  bLatitude: number,
  bLongitude: number,
): number {
  return haversineMetresWithCosines(
    aLatitude,
    aLongitude,
    cosLatitude(aLatitude),
    bLatitude,
    bLongitude,
    cosLatitude(bLatitude),
  );
}

/** The cosine of a latitude, as haversineMetres computes it (for haversineMetresWithCosines). */
export function cosLatitude(latitude: number): number {
  return Math.cos(toRad(latitude));
}

/**
 * haversineMetres with both latitudes' cosines given (cosLatitude): the same operations in the same
 * order, so the same result to the bit, for an origin measured against many stored points.
 */
export function haversineMetresWithCosines(
  aLatitude: number,
  aLongitude: number,
  aCos: number,
  bLatitude: number,
  bLongitude: number,
  bCos: number,
): number {
  const dLat = toRad(bLatitude - aLatitude);
  const dLng = toRad(bLongitude - aLongitude);
  const h = Math.sin(dLat / 2) ** 2 + aCos * bCos * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The spec's rough offline distance (section 7): euclidean degrees scaled by 85000. */
export const OFFLINE_DISTANCE_FACTOR = 85_000;
export function roughDistanceMetres(a: LatLng, b: LatLng): number {
  return Math.hypot(a.latitude - b.latitude, a.longitude - b.longitude) * OFFLINE_DISTANCE_FACTOR;
}

/** Mainland, Tasmania, islands and the Coral Sea coast; external territories are handled separately. */
export const AUSTRALIA_BOUNDS = { south: -44.0, north: -9.0, west: 112.0, east: 154.0 } as const;

export function isInAustralia(point: LatLng): boolean {
  return (
    point.latitude >= AUSTRALIA_BOUNDS.south &&
    point.latitude <= AUSTRALIA_BOUNDS.north &&
    point.longitude >= AUSTRALIA_BOUNDS.west &&
    point.longitude <= AUSTRALIA_BOUNDS.east
  );
}

/** Degrees of latitude/longitude that cover `metres` around a point (for bounding-box prefilters). */
export function degreesAround(point: LatLng, metres: number): { dLat: number; dLng: number } {
  const dLat = metres / 111_320;
  const dLng = metres / (111_320 * Math.max(0.01, Math.cos((point.latitude * Math.PI) / 180)));
  return { dLat, dLng };
}

/** "2.35 km" — distances are shown in km with 2 decimals (spec section 9). */
export function formatDistanceKm(metres: number): string {
  return `${(metres / 1000).toFixed(2)} km`;
}

/** An imported beach must lie this close to the locality it names (catches swapped or mistyped coordinates). */
export const MAX_BEACH_LOCALITY_DISTANCE_M = 25_000;
