import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAP_BEACHES_LIMIT,
  MapBeachesResponseSchema,
  ValidationErrorSchema,
  haversineMetres,
} from '@safeshore/domain';
import { startTestApp, type TestApp } from './helpers.ts';
import { addBeach, addLocality, type FixtureBeach } from './location-fixtures.ts';

const map = (ne: string, sw: string) =>
  `/api/v4/map/beaches?neCoords=${encodeURIComponent(ne)}&swCoords=${encodeURIComponent(sw)}`;

describe('GET /api/v4/map/beaches on hand-made beaches', () => {
  let t: TestApp;
  const grid: FixtureBeach[] = [];
  const small: FixtureBeach[] = [];

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const db = t.handle.db;
    // A dense grid of 23 x 23 = 529 beaches in 0.22 x 0.22 degrees (more than the limit).
    const town = await addLocality(db, {
      title: 'Grid Town',
      postcode: '6700',
      state: 'WA',
      latitude: -20,
      longitude: 118,
    });
    const rows = [];
    for (let i = 0; i < 23; i++)
      for (let j = 0; j < 23; j++)
        rows.push({ title: `Grid ${i}-${j}`, latitude: -20.11 + i * 0.01, longitude: 117.89 + j * 0.01 });
    for (const [index, row] of rows.entries())
      grid.push(await addBeach(db, town, { ...row, patrol: index % 2 === 0 ? 1 : null }));

    // Three beaches in a box and one just outside it.
    const cove = await addLocality(db, {
      title: 'Map Cove',
      postcode: '2460',
      latitude: -29.5,
      longitude: 153.3,
      areaSlug: 'map-shire',
    });
    await addLocality(db, { title: 'Far Town', postcode: '2461', latitude: -29.9, longitude: 153.3 });
    for (const [title, latitude, longitude] of [
      ['Middle', -29.5, 153.3],
      ['North', -29.45, 153.31],
      ['West', -29.52, 153.22],
      ['Outside', -29.39, 153.3],
    ] as const) {
      small.push(await addBeach(db, cove, { title, latitude, longitude, patrol: 1, area: 'Map Shire' }));
    }
  });
  afterAll(async () => t.close());

  it('returns the beaches inside the box, closest to its centre first, and the place nearest the centre', async () => {
    const res = await t.app.inject(map('-29.4,153.4', '-29.6,153.2'));
    expect(res.statusCode).toBe(200);
    const { data } = MapBeachesResponseSchema.parse(res.json());
    expect(data.beaches.map((b) => b.title)).toEqual(['Middle', 'North', 'West']);
    const centre = { latitude: -29.5, longitude: 153.3 };
    for (const beach of data.beaches) expect(beach.distance).toBe(Math.round(haversineMetres(centre, beach)));
    expect(data.truncated).toBe(false);
    expect(data.place).toMatchObject({
      title: 'Map Cove',
      region3: 'Map Shire',
      url: '/nsw/map-shire/map-cove',
    });
    expect(data.beaches[0]).toMatchObject({
      patrol: 1,
      is_patrolled_today: null,
      is_sample: false,
      state: 'NSW',
    });
  });

  it('includes beaches on the edge of the box', async () => {
    const { data } = MapBeachesResponseSchema.parse(
      (await t.app.inject(map('-29.45,153.31', '-29.5,153.3'))).json(),
    );
    expect(data.beaches.map((b) => b.title).sort()).toEqual(['Middle', 'North']);
  });

  it('sends at most the limit, the closest to the centre, and says it truncated', async () => {
    const res = await t.app.inject(map('-19.85,118.15', '-20.15,117.85'));
    const { data } = MapBeachesResponseSchema.parse(res.json());
    expect(grid.length).toBeGreaterThan(MAP_BEACHES_LIMIT);
    expect(data.beaches).toHaveLength(MAP_BEACHES_LIMIT);
    expect(data.truncated).toBe(true);
    const centre = { latitude: -20, longitude: 118 };
    const sent = new Set(data.beaches.map((b) => b.id));
    const farthestSent = Math.max(...data.beaches.map((b) => haversineMetres(centre, b)));
    const closestLeft = Math.min(
      ...grid.filter((b) => !sent.has(b.id)).map((b) => haversineMetres(centre, b)),
    );
    expect(farthestSent).toBeLessThanOrEqual(closestLeft);
    const distances = data.beaches.map((b) => b.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(data.place?.title).toBe('Grid Town');
  });

  it('answers an empty box with no beaches', async () => {
    const { data } = MapBeachesResponseSchema.parse(
      (await t.app.inject(map('-40,120', '-40.3,119.7'))).json(),
    );
    expect(data).toMatchObject({ beaches: [], truncated: false });
  });

  it('answers 422 on the right field for missing, malformed, inverted and oversized boxes', async () => {
    const cases: Array<[string, string[]]> = [
      ['/api/v4/map/beaches', ['neCoords', 'swCoords']],
      ['/api/v4/map/beaches?swCoords=-34,151', ['neCoords']],
      ['/api/v4/map/beaches?neCoords=-33,151', ['swCoords']],
      ['/api/v4/map/beaches?neCoords=&swCoords=-34,151', ['neCoords']],
      [map('abc', '-34,151'), ['neCoords']],
      [map('-33,151', 'abc'), ['swCoords']],
      [map('1,2,3', '-34,151'), ['neCoords']],
      [map('-33', '-34,151'), ['neCoords']],
      [map('NaN,151', '-34,151'), ['neCoords']],
      [map('-33,Infinity', '-34,151'), ['neCoords']],
      [map('-33,151', '-Infinity,151'), ['swCoords']],
      [map('1e2,151', '-34,151'), ['neCoords']],
      [map('-33,0x10', '-34,151'), ['neCoords']],
      [map('91,151', '89,151'), ['neCoords']],
      [map('-33,181', '-34,179'), ['neCoords']],
      [map('-33,151', '-91,151'), ['swCoords']],
      [map('-33,151', '-34,-181'), ['swCoords']],
      [map('-34,151', '-33,150'), ['neCoords']],
      [map('-33,150', '-34,151'), ['neCoords']],
      [map('-10,151', '-30.5,150'), ['neCoords']],
      [map('-33,151', '-34,130.9'), ['neCoords']],
      [map('-33;151', '-34,150'), ['neCoords']],
      [map("-33,151'; drop table beaches; --", '-34,150'), ['neCoords']],
      [map('-33,151🏖️', '-34,150'), ['neCoords']],
      [map(`-33.${'1'.repeat(5000)},151`, '-34,150'), ['neCoords']],
      ['/api/v4/map/beaches?neCoords=-33,151&neCoords=-32,152&swCoords=-34,150', ['neCoords']],
      ['/api/v4/map/beaches?neCoords[lat]=-33&swCoords=-34,150', ['neCoords']],
    ];
    for (const [url, fields] of cases) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(422);
      const body = ValidationErrorSchema.parse(res.json());
      expect(Object.keys(body.errors).sort(), url).toEqual(fields);
    }
  });

  it('fuzz: any query gives 200 or 422, never a 500', async () => {
    const corner = fc.oneof(
      fc.string(),
      fc.tuple(fc.double(), fc.double()).map(([a, b]) => `${a},${b}`),
      fc
        .tuple(fc.double({ min: -40, max: -10 }), fc.double({ min: 110, max: 155 }))
        .map(([a, b]) => `${a},${b}`),
    );
    await fc.assert(
      fc.asyncProperty(fc.option(corner), fc.option(corner), async (ne, sw) => {
        const params = new URLSearchParams();
        if (ne !== null) params.set('neCoords', ne);
        if (sw !== null) params.set('swCoords', sw);
        const res = await t.app.inject(`/api/v4/map/beaches?${params.toString()}`);
        expect([200, 422], res.body).toContain(res.statusCode);
        if (res.statusCode === 200) MapBeachesResponseSchema.parse(res.json());
      }),
      { numRuns: 200 },
    );
  });

  it('accepts the widest box allowed and spaces around the numbers', async () => {
    const res = await t.app.inject(map(' -10 , 128 ', '-30,108'));
    expect(res.statusCode).toBe(200);
    const { data } = MapBeachesResponseSchema.parse(res.json());
    expect(data.beaches.length).toBe(MAP_BEACHES_LIMIT);
  });
});

describe('GET /api/v4/map/beaches with the starter data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('shows Bondi and its neighbours around Bondi', async () => {
    const { data } = MapBeachesResponseSchema.parse(
      (await t.app.inject(map('-33.85,151.32', '-33.93,151.24'))).json(),
    );
    expect(data.beaches[0]!.title).toBe('Bondi Beach');
    expect(data.beaches.map((b) => b.title)).toEqual(
      expect.arrayContaining(['Tamarama Beach', 'Bronte Beach']),
    );
    expect(data.place?.postcode).toBe('2026');
  });
});
