import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTOCOMPLETE_LIMITS,
  AutocompleteResponseSchema,
  ValidationErrorSchema,
  rankMatches,
} from '@safeshore/domain';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function search(query: string) {
  const res = await t.app.inject(`/api/v4/autocomplete?${query}`);
  expect(res.statusCode, await res.body).toBe(200);
  return AutocompleteResponseSchema.parse(res.json());
}

describe('GET /api/v4/autocomplete', () => {
  it('returns the four groups in the spec order', async () => {
    const res = await t.app.inject('/api/v4/autocomplete?q=bondi');
    expect(Object.keys(res.json())).toEqual(['beaches', 'locations', 'clubs', 'articles']);
  });

  it('finds beaches, locations and clubs with their link urls', async () => {
    const body = await search('q=bondi');
    expect(body.beaches[0]).toMatchObject({
      title: 'Bondi Beach',
      url: '/nsw/waverley/bondi-beach/bondi-beach',
      postcode: '2026',
    });
    expect(body.locations.map((l) => l.title)).toEqual(
      expect.arrayContaining(['Bondi', 'Bondi Beach', 'North Bondi']),
    );
    expect(body.locations.find((l) => l.title === 'Bondi Beach')?.url).toBe('/nsw/waverley/bondi-beach');
    expect(body.clubs[0]?.url).toBe('/nsw/waverley/bondi-beach/bondi-beach');
  });

  it('is case- and diacritic-insensitive', async () => {
    const plain = await search('q=bondi');
    for (const q of ['BONDI', 'Bóndí', ' bOnDi ']) {
      const body = await search(`q=${encodeURIComponent(q)}`);
      expect(body.beaches.map((b) => b.id)).toEqual(plain.beaches.map((b) => b.id));
    }
  });

  it('ranks exact and prefix matches before word matches', async () => {
    const body = await search('q=manly');
    const titles = body.beaches.map((b) => b.title);
    expect(titles[0]).toMatch(/^Manly/);
    const firstWordMatch = titles.findIndex((title) => !title.toLowerCase().startsWith('manly'));
    if (firstWordMatch !== -1) {
      expect(titles.slice(firstWordMatch).every((title) => !title.toLowerCase().startsWith('manly'))).toBe(
        true,
      );
    }
  });

  it('orders equal matches by distance from the searcher when lat and lng are given', async () => {
    const nearSydney = await search('q=main%20beach&lat=-33.87&lng=151.2');
    const nearGoldCoast = await search('q=main%20beach&lat=-27.96&lng=153.43');
    const states = (body: typeof nearSydney) => body.beaches.map((b) => b.state);
    expect(nearGoldCoast.beaches.length).toBeGreaterThan(1);
    expect(states(nearGoldCoast)[0]).toBe('QLD');
    expect(states(nearSydney)[0]).toBe('NSW');
    expect(nearGoldCoast.beaches[0]!.distance!).toBeLessThan(nearSydney.beaches[0]!.distance!);
  });

  it('matches several words in any order', async () => {
    const body = await search('q=beach%20bon');
    expect(body.beaches.map((b) => b.title)).toContain('Bondi Beach');
  });

  it('returns empty groups when nothing matches', async () => {
    expect(await search('q=zzqxv')).toEqual({ beaches: [], locations: [], clubs: [], articles: [] });
  });

  // Issue 30: the box offers postcode search, and a postcode answered four empty groups.
  it.each([
    ['2026', 'NSW', ['Bondi Beach', 'Tamarama Beach'], ['Bondi', 'Bondi Beach', 'North Bondi']],
    ['6011', 'WA', ['Cottesloe Beach', 'North Cottesloe Beach'], ['Cottesloe']],
    ['3228', 'VIC', ['Bells Beach'], ['Bells Beach', 'Torquay']],
  ])('finds the beaches, places and clubs of postcode %s', async (postcode, state, beaches, places) => {
    const body = await search(`q=${postcode}`);
    expect(body.beaches.map((b) => b.title)).toEqual(expect.arrayContaining(beaches));
    expect(body.locations.map((l) => l.title)).toEqual(expect.arrayContaining(places));
    for (const result of [...body.beaches, ...body.locations, ...body.clubs]) {
      expect(result).toMatchObject({ postcode, state });
    }
  });

  it('ranks the postcode itself before postcodes that start with the query', async () => {
    const body = await search('q=202&lat=-33.89&lng=151.27');
    const postcodes = body.locations.map((l) => l.postcode);
    expect(postcodes.length).toBeGreaterThan(1);
    expect(postcodes.every((p) => p?.startsWith('202'))).toBe(true);
    // No place's postcode is 202: every match is a prefix match, nearest (then busiest) first.
    const exact = await search('q=2026');
    expect(exact.locations.every((l) => l.postcode === '2026')).toBe(true);
  });

  it.each([
    ['', 'q'],
    ['q=b', 'q'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['q=bondi&lat=abc&lng=151', 'lat'],
    ['q=bondi&lat=-33&lng=999', 'lng'],
  ])('rejects %s with 422 and a field error', async (query, field) => {
    const res = await t.app.inject(`/api/v4/autocomplete?${query}`);
    expect(res.statusCode).toBe(422);
    expect(ValidationErrorSchema.parse(res.json()).errors[field]?.length).toBeGreaterThan(0);
  });

  it.each(['bo', 'be', 'main beach', 'beach bon', 'st k', 'po', 'north', '2026', '20', '3228'])(
    'agrees with the domain ranking of every beach for "%s" (SQL only pre-ranks)',
    async (q) => {
      const origin = { latitude: -33.87, longitude: 151.2 };
      const all = await t.handle.db
        .selectFrom('beaches')
        .select(['id', 'title', 'latitude', 'longitude', 'patrol', 'postcode'])
        .execute();
      const expected = rankMatches(
        all.map((b) => ({ ...b, boost: b.patrol !== null && b.patrol > 0 ? 1 : 0 })),
        q,
        origin,
        AUTOCOMPLETE_LIMITS.beaches,
      ).map((r) => r.item.id);
      const body = await search(`q=${encodeURIComponent(q)}&lat=${origin.latitude}&lng=${origin.longitude}`);
      expect(body.beaches.map((b) => b.id)).toEqual(expected);
    },
  );
});
