import { describe, expect, it } from 'vitest';
import {
  BEACH_FILTERS,
  NO_MATCHING_BEACHES,
  filterBeaches,
  passesBeachFilter,
  type FilterableBeach,
} from '../src/index.ts';

type Beach = FilterableBeach & { id: number };

const beach = (id: number, flags: Partial<FilterableBeach> = {}): Beach => ({
  id,
  has_toilet: null,
  has_parking: null,
  has_dogs_allowed: null,
  has_dogs_allowed_on_leash: null,
  ...flags,
});

describe('beach filters (spec section 5)', () => {
  it('are the three of the Home filter row, with the spec labels and empty text', () => {
    expect(BEACH_FILTERS.map((f) => f.label)).toEqual(['Has toilet', 'Has parking', 'Dogs allowed']);
    expect(NO_MATCHING_BEACHES).toBe('There are no beaches matching your results!');
  });

  it('keep a beach only when its flag equals 1 (0 and unknown do not pass)', () => {
    expect(passesBeachFilter(beach(1, { has_toilet: 1 }), 'toilet')).toBe(true);
    expect(passesBeachFilter(beach(1, { has_toilet: 0 }), 'toilet')).toBe(false);
    expect(passesBeachFilter(beach(1), 'toilet')).toBe(false);
    expect(passesBeachFilter(beach(1, { has_parking: 1 }), 'parking')).toBe(true);
    expect(passesBeachFilter(beach(1, { has_parking: 0, has_toilet: 1 }), 'parking')).toBe(false);
  });

  it('accept dogs allowed or dogs on a leash', () => {
    expect(passesBeachFilter(beach(1, { has_dogs_allowed: 1 }), 'dogs')).toBe(true);
    expect(passesBeachFilter(beach(1, { has_dogs_allowed: 0, has_dogs_allowed_on_leash: 1 }), 'dogs')).toBe(
      true,
    );
    expect(passesBeachFilter(beach(1, { has_dogs_allowed: 0, has_dogs_allowed_on_leash: 0 }), 'dogs')).toBe(
      false,
    );
    expect(passesBeachFilter(beach(1), 'dogs')).toBe(false);
  });

  it('combine active filters with AND and keep the order', () => {
    const beaches = [
      beach(1, { has_toilet: 1 }),
      beach(2, { has_toilet: 1, has_parking: 1 }),
      beach(3, { has_parking: 1, has_dogs_allowed_on_leash: 1 }),
      beach(4, { has_toilet: 1, has_parking: 1, has_dogs_allowed: 1 }),
    ];
    const ids = (active: Parameters<typeof filterBeaches>[1]) =>
      filterBeaches(beaches, active).map((b) => b.id);
    expect(ids([])).toEqual([1, 2, 3, 4]);
    expect(ids(['toilet'])).toEqual([1, 2, 4]);
    expect(ids(['toilet', 'parking'])).toEqual([2, 4]);
    expect(ids(new Set(['parking', 'dogs'] as const))).toEqual([3, 4]);
    expect(ids(['toilet', 'parking', 'dogs'])).toEqual([4]);
    expect(filterBeaches([beach(5, { has_toilet: 0 })], ['toilet'])).toEqual([]);
  });

  it('show at most 6 beaches', () => {
    const many = Array.from({ length: 9 }, (_, i) => beach(i + 1, { has_parking: 1 }));
    expect(filterBeaches(many, []).map((b) => b.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(filterBeaches(many, ['parking'])).toHaveLength(6);
    expect(filterBeaches(many, ['parking'], 2)).toHaveLength(2);
  });
});
