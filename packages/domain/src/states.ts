export const STATE_CODES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'] as const;
export type StateCode = (typeof STATE_CODES)[number];

export const STATE_NAMES: Record<StateCode, string> = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  SA: 'South Australia',
  WA: 'Western Australia',
  TAS: 'Tasmania',
  NT: 'Northern Territory',
  ACT: 'Australian Capital Territory',
};

/** First path segments that the Search route accepts (spec section 2). */
export const SEARCH_STATE_PREFIXES = [
  'wa',
  'act',
  'nsw',
  'nt',
  'qld',
  'sa',
  'tas',
  'vic',
  'jervis-bay-territory',
  'external-territory',
  'australian-antarctic-territory',
] as const;

export function isStateCode(value: string): value is StateCode {
  return (STATE_CODES as readonly string[]).includes(value);
}

const STATE_TIMEZONES: Record<StateCode, string> = {
  NSW: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  NT: 'Australia/Darwin',
  ACT: 'Australia/Sydney',
};

/** Spec section 9: the default zone when nothing better is known. */
export const DEFAULT_TIMEZONE = 'Australia/Perth';

/**
 * IANA time zone of a place in Australia. The state decides, with the two NSW exceptions that
 * keep their own clocks: Lord Howe Island (+10:30, half-hour daylight saving) and the Far West
 * around Broken Hill (South Australian time); and Norfolk Island, which our places data files
 * under NSW.
 */
export function timezoneFor(state: string, point: { latitude: number; longitude: number }): string {
  if (!isStateCode(state)) return DEFAULT_TIMEZONE;
  if (state === 'NSW') {
    // GeoNames files Norfolk Island (external territory, its own clock) under NSW.
    if (point.longitude > 165) return 'Pacific/Norfolk';
    if (point.longitude > 158) return 'Australia/Lord_Howe';
    if (point.longitude < 141.6 && point.latitude > -33.5) return 'Australia/Broken_Hill';
  }
  return STATE_TIMEZONES[state];
}
