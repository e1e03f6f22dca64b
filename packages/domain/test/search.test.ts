import { describe, expect, it } from 'vitest';
import {
  candidateTerm,
  matchRank,
  normalizeSearchText,
  postcodePrefix,
  rankMatches,
  slugify,
} from '../src/index.ts';

describe('normalizeSearchText', () => {
  it('is diacritic- and case-insensitive', () => {
    expect(normalizeSearchText('MÃNLY  Beach!')).toBe('manly beach');
    expect(normalizeSearchText("Lady Bay's Côte")).toBe('lady bays cote');
    expect(slugify('Bondi Beach (North)')).toBe('bondi-beach-north');
  });
});

describe('matchRank', () => {
  it('orders exact < prefix < word prefix < all words', () => {
    expect(matchRank('Bondi', 'bondi')).toBe(0);
    expect(matchRank('Bondi Beach', 'BONDI')).toBe(1);
    expect(matchRank('North Bondi', 'bondi')).toBe(2);
    expect(matchRank('Bondi Beach', 'beach bon')).toBe(3);
    expect(matchRank('Tamarama', 'bondi')).toBeNull();
    expect(matchRank('Bondi', 'ondi')).toBeNull();
  });
  it('matches across diacritics', () => {
    expect(matchRank('Île Beach', 'ile')).toBe(1);
  });
});

describe('rankMatches', () => {
  const origin = { latitude: -33.89, longitude: 151.27 };
  const items = [
    { title: 'North Bondi', latitude: -33.885, longitude: 151.28 },
    { title: 'Bondi Beach', latitude: -33.891, longitude: 151.277 },
    { title: 'Bondi Beach', latitude: -27.0, longitude: 153.0, boost: 0 },
    { title: 'Bondi', latitude: -20, longitude: 140 },
    { title: 'Tamarama Beach', latitude: -33.9, longitude: 151.27 },
  ];
  it('ranks by match, then distance, and drops non-matches', () => {
    const ranked = rankMatches(items, 'bondi', origin, 10);
    expect(ranked.map((r) => r.item.title)).toEqual(['Bondi', 'Bondi Beach', 'Bondi Beach', 'North Bondi']);
    expect(ranked[1]!.item.latitude).toBe(-33.891);
  });
  it('lets a boost win among equal matches and respects the limit', () => {
    const boosted = [
      { title: 'Surf Beach', boost: 0 },
      { title: 'Surf Beach', boost: 1, latitude: 1, longitude: 1 },
    ];
    expect(rankMatches(boosted, 'surf', null, 1)[0]!.item.boost).toBe(1);
  });
  it('matches a postcode query by postcode, the postcode itself before postcodes starting with it', () => {
    const places = [
      { title: 'Bronte', postcode: '2024' },
      { title: 'Bondi', postcode: '2026' },
      { title: 'Tamarama', postcode: '2026' },
      { title: 'Manly', postcode: '2095' },
      { title: 'Kingscliff', postcode: null },
    ];
    expect(rankMatches(places, '2026', null, 10).map((r) => r.item.title)).toEqual(['Bondi', 'Tamarama']);
    const byPrefix = rankMatches(places, ' 202 ', null, 10);
    expect(byPrefix.map((r) => [r.item.title, r.rank])).toEqual([
      ['Bondi', 1],
      ['Bronte', 1],
      ['Tamarama', 1],
    ]);
    expect(postcodePrefix('3228')).toBe('3228');
    // One digit is too short to search; five is not a postcode; words are names.
    for (const q of ['3', '32281', 'bondi 2026', '2o26']) expect(postcodePrefix(q)).toBeNull();
  });
  it('uses the longest word as the candidate term', () => {
    expect(candidateTerm('st kilda')).toBe('kilda');
    expect(candidateTerm('  ')).toBeNull();
  });
});

describe('searchResultPath (spec section 2)', () => {
  const result = { id: 7, url: '/nsw/waverley/bondi-beach/bondi-beach', postcode: '2026' };
  it('links each group to its target', async () => {
    const { searchResultPath } = await import('../src/index.ts');
    expect(searchResultPath('beaches', result)).toBe('/beach/nsw/waverley/bondi-beach/bondi-beach');
    expect(searchResultPath('locations', { ...result, url: '/nsw/waverley/bondi-beach' })).toBe(
      '/nsw/waverley/bondi-beach',
    );
    expect(searchResultPath('clubs', result)).toBe('/beach/nsw/waverley/bondi-beach/bondi-beach');
    expect(searchResultPath('articles', { ...result, url: 'ripcurrents' })).toBe('/surf-safety/ripcurrents');
  });
  it('uses ids and postcodes offline', async () => {
    const { searchResultPath } = await import('../src/index.ts');
    expect(searchResultPath('beaches', result, true)).toBe('/beach/7');
    expect(searchResultPath('locations', result, true)).toBe('/postcode/2026');
  });
});
