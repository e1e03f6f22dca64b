import type { StateCode } from './states.ts';

/**
 * Search/location routes /{state}/{area?}/{location?} (spec section 2). Each route prefix has a
 * default place: its capital (or, for the territories, the one settlement SafeShore knows), kept
 * as the GeoNames postcode and locality slug so the API can find it in `localities`.
 */
export interface StateDefaultPlace {
  /** The state code the locality has in our data (GeoNames files Norfolk Island under NSW). */
  state: StateCode;
  postcode: string;
  /** Locality slug, also used as the area segment of the short path. */
  slug: string;
  title: string;
}

export const STATE_DEFAULT_PLACES: Readonly<Record<string, StateDefaultPlace>> = {
  nsw: { state: 'NSW', postcode: '2000', slug: 'sydney', title: 'Sydney' },
  vic: { state: 'VIC', postcode: '3000', slug: 'melbourne', title: 'Melbourne' },
  qld: { state: 'QLD', postcode: '4000', slug: 'brisbane', title: 'Brisbane' },
  sa: { state: 'SA', postcode: '5000', slug: 'adelaide', title: 'Adelaide' },
  wa: { state: 'WA', postcode: '6000', slug: 'perth', title: 'Perth' },
  tas: { state: 'TAS', postcode: '7000', slug: 'hobart', title: 'Hobart' },
  nt: { state: 'NT', postcode: '0800', slug: 'darwin', title: 'Darwin' },
  act: { state: 'ACT', postcode: '2600', slug: 'canberra', title: 'Canberra' },
  'external-territory': { state: 'NSW', postcode: '2899', slug: 'norfolk-island', title: 'Norfolk Island' },
  'jervis-bay-territory': { state: 'ACT', postcode: '2540', slug: 'hmas-creswell', title: 'HMAS Creswell' },
  'australian-antarctic-territory': { state: 'TAS', postcode: '7151', slug: 'casey', title: 'Casey' },
};

/**
 * Where a bare state path or a state plus its capital redirects: "/nsw" and "/nsw/sydney" go to
 * "/nsw/sydney/sydney". Any other path returns null (it is a place page of its own).
 */
export function stateRedirect(pathname: string): string | null {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const prefix = segments[0];
  if (!prefix || segments.length > 2) return null;
  const place = STATE_DEFAULT_PLACES[prefix];
  if (!place) return null;
  if (segments.length === 2 && segments[1] !== place.slug) return null;
  return `/${prefix}/${place.slug}/${place.slug}`;
}
