import { describe, expect, it } from 'vitest';
import {
  matchSites,
  normaliseName,
  type MatchBeach,
  type MatchSite,
} from '../src/modules/water-quality/matching.ts';

// About 111,195 m per degree of latitude: places `metres` north of a point.
const north = (from: { latitude: number; longitude: number }, metres: number) => ({
  latitude: from.latitude + metres / 111_195,
  longitude: from.longitude,
});
const ORIGIN = { latitude: -33.89, longitude: 151.27 };
const site = (id: string, siteName: string, metres = 0): MatchSite => ({
  id,
  siteName,
  ...north(ORIGIN, metres),
});
const beach = (key: string, title: string, metres = 0): MatchBeach => ({
  key,
  title,
  ...north(ORIGIN, metres),
});

describe('normaliseName', () => {
  it('ignores case, accents, punctuation, qualifiers in brackets and the words "beach" and "the"', () => {
    expect(normaliseName('Bondi Beach')).toBe('bondi');
    expect(normaliseName('BONDI')).toBe('bondi');
    expect(normaliseName('Shelly Beach (Manly)')).toBe('shelly');
    expect(normaliseName("St. Kilda's  Béach")).toBe('st kilda s');
    expect(normaliseName('The Entrance')).toBe('entrance');
    expect(normaliseName('Bronte & Clovelly')).toBe('bronte and clovelly');
  });
});

describe('matchSites', () => {
  it('matches the same normalised name within 1 km, even past a nearer beach of another name', () => {
    const result = matchSites(
      [site('s1', 'Bondi Beach')],
      [beach('other', 'North Bondi', 50), beach('bondi', 'Bondi', 900)],
    );
    expect([...result.byBeach.values()]).toEqual([
      { siteId: 's1', beachKey: 'bondi', distanceM: 900, kind: 'name' },
    ]);
    expect(result.unmatchedSites).toEqual([]);
    expect(result.ambiguous).toEqual([]);
  });

  it('does not match a same-named beach beyond 1 km; then takes the nearest beach within 300 m', () => {
    const far = matchSites([site('s1', 'Shelly Beach')], [beach('shelly', 'Shelly', 1_100)]);
    expect(far.byBeach.size).toBe(0);
    expect(far.unmatchedSites).toEqual(['s1']);

    const near = matchSites(
      [site('s1', 'Shelly Beach')],
      [beach('shelly', 'Shelly', 1_100), beach('a', 'Alpha', 290), beach('b', 'Bravo', 250)],
    );
    expect(near.byBeach.get('b')).toEqual({ siteId: 's1', beachKey: 'b', distanceM: 250, kind: 'distance' });
    expect(near.byBeach.has('a')).toBe(false); // one site, one beach, unless the operator says so
    expect(near.ambiguous).toEqual([
      { siteId: 's1', candidates: ['b', 'a'], chosen: 'b', reason: 'several beaches qualify' },
    ]);
  });

  it('leaves a site with nothing within 300 m (and no same-named beach) unmatched', () => {
    const result = matchSites([site('s1', 'Harbour Baths')], [beach('x', 'Somewhere', 310)]);
    expect(result.byBeach.size).toBe(0);
    expect(result.unmatchedSites).toEqual(['s1']);
  });

  it('gives a beach wanted by two sites to the better one (name before distance) and reports the other', () => {
    const result = matchSites(
      [site('near', 'Rock Pool', 20), site('named', 'Bronte Beach', 200)],
      [beach('bronte', 'Bronte Beach', 0)],
    );
    expect(result.byBeach.get('bronte')).toMatchObject({ siteId: 'named', kind: 'name' });
    expect(result.unmatchedSites).toEqual(['near']);
    expect(result.ambiguous).toEqual([
      {
        siteId: 'near',
        candidates: ['named', 'near'],
        chosen: null,
        reason: 'beach wanted by several sites',
      },
    ]);
  });

  it('lets the operator override: a site for several beaches, "none", and unknown keys reported', () => {
    const sites = [site('s1', 'Bondi Beach'), site('s2', 'Tamarama Beach', 800), site('s3', 'Lagoon', 100)];
    const beaches = [
      beach('bondi', 'Bondi', 10),
      beach('north-bondi', 'North Bondi', 600),
      beach('tamarama', 'Tamarama', 820),
    ];
    const result = matchSites(
      sites,
      beaches,
      new Map<string, string[] | 'none'>([
        ['s1', ['bondi', 'north-bondi', 'gone']],
        ['s2', 'none'],
      ]),
    );
    expect(result.byBeach.get('bondi')).toMatchObject({ siteId: 's1', kind: 'operator', distanceM: 10 });
    expect(result.byBeach.get('north-bondi')).toMatchObject({
      siteId: 's1',
      kind: 'operator',
      distanceM: 600,
    });
    // s2 would have matched Tamarama by name; the operator said none.
    expect(result.byBeach.has('tamarama')).toBe(false);
    // s3 is 90 m from Bondi, but Bondi is the operator's: nothing else within 300 m.
    expect(result.unmatchedSites.sort()).toEqual(['s2', 's3']);
    expect(result.unknownBeachKeys).toEqual(['gone']);
  });
});
