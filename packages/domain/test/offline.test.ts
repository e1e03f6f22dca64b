import { describe, expect, it } from 'vitest';
import {
  LOCATION_LIMITS,
  OFFLINE_ARTICLE_SLUGS,
  REQUIRED_ARTICLE_SLUGS,
  STATE_DEFAULT_COORDINATES,
  STATE_DEFAULT_PLACES,
  closestBeachesOffline,
  closestPostcodesOffline,
  groupBeachesByPostcode,
  isPatrolledBeach,
  matchRankNormalized,
  nearestByRoughDistance,
  normalizeSearchText,
  parseOfflinePlaceUrl,
  rankMatches,
  roughDistanceMetres,
  type PostcodeMember,
} from '../src/index.ts';

const origin = { latitude: -33.9, longitude: 151.2 };

function member(id: number, overrides: Partial<PostcodeMember & { patrol: number | null }> = {}) {
  return {
    id,
    title: `Beach ${id}`,
    latitude: -33.9 - id / 100,
    longitude: 151.2,
    postcode: '2026',
    state: 'NSW',
    city: 'Bondi',
    area: 'Waverley',
    postcode_url: '/nsw/waverley/bondi',
    timezone: 'Australia/Sydney',
    patrol: 0 as number | null,
    ...overrides,
  };
}

describe('nearestByRoughDistance', () => {
  it('keeps the nearest `limit` by the factor-85000 distance, nearest first', () => {
    const items = [5, 1, 9, 3, 7, 2].map((id) => member(id));
    const nearest = nearestByRoughDistance(origin, items, 3);
    expect(nearest.map((entry) => entry.item.id)).toEqual([1, 2, 3]);
    expect(nearest[0]!.distance).toBeCloseTo(0.01 * 85_000, 6);
    expect(nearest[0]!.distance).toBe(roughDistanceMetres(origin, items[1]!));
  });

  it('breaks ties by title then id, and honours the filter', () => {
    const a = member(2, { title: 'B', latitude: -33.91 });
    const b = member(1, { title: 'A', latitude: -33.91 });
    expect(nearestByRoughDistance(origin, [a, b], 2).map((entry) => entry.item.title)).toEqual(['A', 'B']);
    expect(nearestByRoughDistance(origin, [a, b], 2, (item) => item.id !== 1).map((e) => e.item.id)).toEqual([
      2,
    ]);
    expect(nearestByRoughDistance(origin, [a, b], 0)).toEqual([]);
  });

  it('agrees with a full sort on many points', () => {
    const items = Array.from({ length: 500 }, (_, i) =>
      member(i, { latitude: -30 - ((i * 7919) % 1000) / 100, longitude: 150 + ((i * 104729) % 500) / 100 }),
    );
    const expected = items
      .map((item) => ({ item, distance: roughDistanceMetres(origin, item) }))
      .sort(
        (x, y) =>
          x.distance - y.distance || x.item.title.localeCompare(y.item.title) || x.item.id - y.item.id,
      )
      .slice(0, 25);
    expect(nearestByRoughDistance(origin, items, 25).map((e) => e.item.id)).toEqual(
      expected.map((e) => e.item.id),
    );
  });
});

describe('closestBeachesOffline', () => {
  it('lists the 6 closest patrolled (patrol >= 1) and the 6 closest of every kind, the nearest first', () => {
    const beaches = Array.from({ length: 30 }, (_, i) =>
      member(i + 1, { patrol: i % 3 === 0 ? 2 : i % 3 === 1 ? 0 : null }),
    );
    const { patrolled, closest } = closestBeachesOffline(origin, beaches);
    expect(patrolled).toHaveLength(LOCATION_LIMITS.patrolled);
    expect(closest).toHaveLength(LOCATION_LIMITS.closest);
    expect(patrolled.map((e) => e.item.id)).toEqual([1, 4, 7, 10, 13, 16]);
    // The nearest beach (1) is patrolled: it is in Closest too, never hidden.
    expect(closest.map((e) => e.item.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(isPatrolledBeach({ patrol: 1 })).toBe(true);
    expect(isPatrolledBeach({ patrol: 0 })).toBe(false);
    expect(isPatrolledBeach({ patrol: null })).toBe(false);
  });
});

describe('postcode groups', () => {
  const beaches = [
    member(1, { postcode: '2026', city: 'Bondi', latitude: -33.89, longitude: 151.27 }),
    member(2, {
      postcode: '2026',
      city: 'Tamarama',
      postcode_url: '/nsw/waverley/tamarama',
      latitude: -33.9,
      longitude: 151.27,
    }),
    member(3, {
      postcode: '2026',
      city: 'Tamarama',
      postcode_url: '/nsw/waverley/tamarama',
      latitude: -33.91,
      longitude: 151.28,
    }),
    member(4, { postcode: '2031', city: 'Clovelly', latitude: -33.91, longitude: 151.26 }),
    member(5, { postcode: '2034', city: 'Coogee', latitude: -33.92, longitude: 151.26 }),
  ];

  it('names a postcode after its city with the most beaches and centres it on them', () => {
    const groups = groupBeachesByPostcode(beaches);
    expect(groups.map((g) => g.postcode)).toEqual(['2026', '2031', '2034']);
    expect(groups[0]).toMatchObject({ title: 'Tamarama', url: '/nsw/waverley/tamarama', state: 'NSW' });
    expect(groups[0]!.beaches).toHaveLength(3);
    expect(groups[0]!.latitude).toBeCloseTo(-33.9, 9);
    expect(groups[0]!.longitude).toBeCloseTo((151.27 * 2 + 151.28) / 3, 9);
  });

  it('lists the closest other postcodes, nearest first, up to 4', () => {
    const many = [
      ...beaches,
      ...[2035, 2036, 2037].map((postcode, i) =>
        member(10 + i, { postcode: String(postcode), latitude: -34 - i / 10, longitude: 151.25 }),
      ),
    ];
    const closest = closestPostcodesOffline(
      { latitude: -33.9, longitude: 151.27 },
      groupBeachesByPostcode(many),
      '2026',
    );
    expect(closest.map((entry) => entry.item.postcode)).toEqual(['2031', '2034', '2035', '2036']);
    expect(closest).toHaveLength(LOCATION_LIMITS.postcodes);
  });
});

describe('parseOfflinePlaceUrl', () => {
  it('reads postcode and state place urls', () => {
    expect(parseOfflinePlaceUrl('/postcode/2026')).toEqual({ kind: 'postcode', postcode: '2026' });
    expect(parseOfflinePlaceUrl('/postcode/800')).toEqual({ kind: 'postcode', postcode: '0800' });
    expect(parseOfflinePlaceUrl('/NSW')).toEqual({ kind: 'state', prefix: 'nsw' });
    expect(parseOfflinePlaceUrl('/nsw/waverley')).toEqual({ kind: 'area', prefix: 'nsw', area: 'waverley' });
    expect(parseOfflinePlaceUrl('/nsw/waverley/bondi?x=1')).toEqual({
      kind: 'place',
      prefix: 'nsw',
      area: 'waverley',
      location: 'bondi',
    });
    for (const bad of ['/postcode/abc', '/postcode/2026/x', '/narnia/x', '/nsw/a/b/c', '/']) {
      expect(parseOfflinePlaceUrl(bad)).toEqual({ kind: 'none' });
    }
  });

  it('has a default coordinate for every state prefix', () => {
    expect(Object.keys(STATE_DEFAULT_COORDINATES).sort()).toEqual(Object.keys(STATE_DEFAULT_PLACES).sort());
  });
});

describe('offline articles', () => {
  it('keeps every required article except the online-only ones', () => {
    expect(OFFLINE_ARTICLE_SLUGS).not.toContain('multilingual');
    expect(OFFLINE_ARTICLE_SLUGS).not.toContain('apps');
    expect(OFFLINE_ARTICLE_SLUGS).toContain('ripcurrents');
    expect(OFFLINE_ARTICLE_SLUGS).toHaveLength(REQUIRED_ARTICLE_SLUGS.length - 2);
  });
});

describe('rankMatches over many items', () => {
  it('gives the same first results as sorting every match', () => {
    const words = ['north', 'south', 'bondi', 'beach', 'bay', 'little', 'red'];
    const items = Array.from({ length: 3000 }, (_, i) => {
      const title = `${words[i % 7]} ${words[(i * 3) % 7]} ${i % 11 === 0 ? '' : words[(i * 5) % 7]}`.trim();
      return { title, search_name: normalizeSearchText(title), boost: i % 4 === 0 ? 1 : 0 };
    });
    for (const query of ['bo', 'beach', 'north b', 'red bay', 'zz']) {
      const expected = items
        .map((item, order) => ({
          item,
          order,
          rank: matchRankNormalized(item.search_name, normalizeSearchText(query)),
        }))
        .filter((entry) => entry.rank !== null)
        .sort(
          (a, b) =>
            a.rank! - b.rank! ||
            b.item.boost - a.item.boost ||
            a.item.title.length - b.item.title.length ||
            new Intl.Collator('en-AU').compare(a.item.title, b.item.title) ||
            a.order - b.order,
        )
        .slice(0, 100)
        .map((entry) => entry.item);
      expect(rankMatches(items, query, null, 100).map((r) => r.item)).toEqual(expected);
    }
  });
});
