import { LOCATION_LIMITS } from './location.ts';

/**
 * Home's beach filter row (spec sections 2 and 5): filters keep beaches whose flag equals 1; "Dogs
 * allowed" accepts dogs allowed or dogs on a leash. An unknown flag (null) never passes: we do not
 * know the beach has a toilet, so we must not list it as having one.
 */
export const BEACH_FILTERS = [
  { key: 'toilet', label: 'Has toilet' },
  { key: 'parking', label: 'Has parking' },
  { key: 'dogs', label: 'Dogs allowed' },
] as const;

export type BeachFilterKey = (typeof BEACH_FILTERS)[number]['key'];

/** Spec section 2: the text of a filter row with nothing left to show. */
export const NO_MATCHING_BEACHES = 'There are no beaches matching your results!';

type Flag = 0 | 1 | null | undefined;

export interface FilterableBeach {
  has_toilet: Flag;
  has_parking: Flag;
  has_dogs_allowed: Flag;
  has_dogs_allowed_on_leash: Flag;
}

export function passesBeachFilter(beach: FilterableBeach, filter: BeachFilterKey): boolean {
  switch (filter) {
    case 'toilet':
      return beach.has_toilet === 1;
    case 'parking':
      return beach.has_parking === 1;
    case 'dogs':
      return beach.has_dogs_allowed === 1 || beach.has_dogs_allowed_on_leash === 1;
  }
}

/**
 * The filters worth offering for these beaches: those at least one beach has a known flag for. A
 * filter no beach has data for could only empty the lists (and imply the beaches lack the facility).
 */
export function knownBeachFilters(beaches: readonly FilterableBeach[]): BeachFilterKey[] {
  const known = (filter: BeachFilterKey) =>
    beaches.some((beach) =>
      filter === 'toilet'
        ? beach.has_toilet != null
        : filter === 'parking'
          ? beach.has_parking != null
          : beach.has_dogs_allowed != null || beach.has_dogs_allowed_on_leash != null,
    );
  return BEACH_FILTERS.map((filter) => filter.key).filter(known);
}

/** The beaches passing every active filter, in their order, at most `limit` (6 by default). */
export function filterBeaches<T extends FilterableBeach>(
  beaches: readonly T[],
  active: Iterable<BeachFilterKey>,
  limit: number = LOCATION_LIMITS.filterRow,
): T[] {
  const filters = [...new Set(active)];
  return beaches
    .filter((beach) => filters.every((filter) => passesBeachFilter(beach, filter)))
    .slice(0, limit);
}
