import {
  MAP_MAX_SPAN_DEGREES,
  SEARCH_STATE_PREFIXES,
  STATE_DEFAULT_PLACES,
  type LatLng,
} from '@safeshore/domain';
import { validationFailed } from '../../http/errors.ts';

/** Reading the location and map inputs: place urls, the X-location header and map bounds. */

const URL_MESSAGE = 'The url field must be a path such as /nsw/waverley/bondi-beach or /postcode/2026.';
const PATH = /^\/[a-z0-9_/-]*$/i;
const POSTCODE = /^\d{4}$/;

/** What a place url names (spec section 2 routes /postcode/{postcode} and /{state}/{area?}/{location?}). */
export type PlaceTarget =
  | { kind: 'none' }
  | { kind: 'postcode'; postcode: string }
  | { kind: 'state'; prefix: string }
  | { kind: 'area'; prefix: string; area: string }
  | { kind: 'place'; prefix: string; area: string; location: string }
  | { kind: 'unknown'; prefix: string | null };

/**
 * Reads a place url; a query string or fragment is ignored. Anything that is not a path of
 * letters, digits, "-", "_" and "/" is a 422. "/" names no place (the caller's address decides).
 */
export function parsePlaceUrl(url: string): PlaceTarget {
  const path = url.replace(/[?#].*$/s, '');
  if (!PATH.test(path)) throw validationFailed({ url: [URL_MESSAGE] });
  const segments = path.toLowerCase().split('/').filter(Boolean);
  const [first, second, third] = segments;
  if (!first) return { kind: 'none' };
  if (first === 'postcode') {
    return segments.length === 2 && POSTCODE.test(second!)
      ? { kind: 'postcode', postcode: second! }
      : { kind: 'unknown', prefix: null };
  }
  if (!(SEARCH_STATE_PREFIXES as readonly string[]).includes(first)) return { kind: 'unknown', prefix: null };
  if (segments.length === 1) return { kind: 'state', prefix: first };
  if (segments.length === 2) {
    return second === STATE_DEFAULT_PLACES[first]!.slug
      ? { kind: 'state', prefix: first }
      : { kind: 'area', prefix: first, area: second! };
  }
  if (segments.length === 3) return { kind: 'place', prefix: first, area: second!, location: third! };
  return { kind: 'unknown', prefix: first };
}

/**
 * The state prefix a client falls back to when a url names no known place: the url's own prefix,
 * unless the url already is that prefix's default page (its place is missing from the data, as
 * Casey is from GeoNames), where sending the client there again would loop.
 */
export function fallbackState(target: PlaceTarget): string | null {
  if (!('prefix' in target) || target.prefix === null) return null;
  const fallback = STATE_DEFAULT_PLACES[target.prefix]!;
  const isDefaultPage =
    target.kind === 'state' || (target.kind === 'place' && target.location === fallback.slug);
  return isDefaultPage ? null : target.prefix;
}

/** The X-location header: a 4-digit postcode, or nothing (any other value is ignored, never an error). */
export function headerPostcode(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  const postcode = text?.trim();
  return postcode && POSTCODE.test(postcode) ? postcode : null;
}

const COORDS = /^\s*(-?\d{1,3}(?:\.\d{1,20})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,20})?)\s*$/;

function parseCorner(value: unknown, field: string, errors: Record<string, string[]>): LatLng | null {
  if (value === undefined || value === '') {
    errors[field] = [`The ${field} field is required.`];
    return null;
  }
  const match = typeof value === 'string' ? COORDS.exec(value) : null;
  if (!match) {
    errors[field] = [`The ${field} field must be "latitude,longitude" in decimal degrees.`];
    return null;
  }
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    errors[field] = [
      `The ${field} field must have a latitude between -90 and 90 and a longitude between -180 and 180.`,
    ];
    return null;
  }
  return { latitude, longitude };
}

/** The map's query: the north-east and south-west corners of the visible box. */
export function parseMapBounds(query: unknown): { ne: LatLng; sw: LatLng } {
  const input = (query ?? {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const ne = parseCorner(input.neCoords, 'neCoords', errors);
  const sw = parseCorner(input.swCoords, 'swCoords', errors);
  if (!ne || !sw) throw validationFailed(errors);
  const problems: string[] = [];
  if (ne.latitude < sw.latitude) problems.push('The neCoords field must not be south of swCoords.');
  if (ne.longitude < sw.longitude) problems.push('The neCoords field must not be west of swCoords.');
  if (
    ne.latitude - sw.latitude > MAP_MAX_SPAN_DEGREES ||
    ne.longitude - sw.longitude > MAP_MAX_SPAN_DEGREES
  ) {
    problems.push(`The map box must not be more than ${MAP_MAX_SPAN_DEGREES} degrees wide or tall.`);
  }
  if (problems.length > 0) throw validationFailed({ neCoords: problems });
  return { ne, sw };
}
