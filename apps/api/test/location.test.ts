import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_COORDINATE,
  LocationResponseSchema,
  ValidationErrorSchema,
  haversineMetres,
  type LatLng,
  type LocationResponse,
} from '@safeshore/domain';
import { buildApp } from '../src/app.ts';
import { boxAround } from '../src/modules/location/nearest.ts';
import { importAnnouncements } from '../src/db/seed/announcements.ts';
import { importIpRanges } from '../src/db/seed/ip-ranges.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { addBeach, addLocality, type FixtureBeach, type FixtureLocality } from './location-fixtures.ts';

const NOW = '2030-01-15T00:00:00.000Z';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-location-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type App = TestApp['app'];
async function locate(
  app: App,
  payload?: unknown,
  options: { headers?: Record<string, string>; remoteAddress?: string; url?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: options.url ?? '/api/v4/location/',
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: options.headers ?? {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return res;
}
async function located(app: App, ...args: Parameters<typeof locate> extends [App, ...infer R] ? R : never) {
  const res = await locate(app, ...args);
  expect(res.statusCode, res.body).toBe(200);
  return LocationResponseSchema.parse(res.json());
}
const round = (from: LatLng, to: LatLng) => Math.round(haversineMetres(from, to));

describe('nearest search boxes', () => {
  it('hold every point within the radius, anywhere on the globe', () => {
    const toRad = (deg: number) => (deg * Math.PI) / 180;
    const toDeg = (rad: number) => (rad * 180) / Math.PI;
    fc.assert(
      fc.property(
        fc.double({ min: -89.9, max: 89.9, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 1, max: 15_000_000, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        // Points on the circle itself are the ones that reach furthest out.
        fc.oneof(fc.constant(0.999_999), fc.double({ min: 0, max: 1, noNaN: true })),
        (lat, lng, radius, bearing, fraction) => {
          // The point `fraction * radius` away from the origin along `bearing` (spherical destination formula).
          const angle = (radius * fraction) / 6_371_008.8;
          const φ1 = toRad(lat);
          const φ2 = Math.asin(
            Math.sin(φ1) * Math.cos(angle) + Math.cos(φ1) * Math.sin(angle) * Math.cos(bearing),
          );
          const λ2 =
            toRad(lng) +
            Math.atan2(
              Math.sin(bearing) * Math.sin(angle) * Math.cos(φ1),
              Math.cos(angle) - Math.sin(φ1) * Math.sin(φ2),
            );
          const point = { latitude: toDeg(φ2), longitude: ((toDeg(λ2) + 540) % 360) - 180 };
          const origin = { latitude: lat, longitude: lng };
          if (haversineMetres(origin, point) > radius) return;
          const box = boxAround(origin, radius);
          expect(point.latitude).toBeGreaterThanOrEqual(box.south);
          expect(point.latitude).toBeLessThanOrEqual(box.north);
          expect(point.longitude).toBeGreaterThanOrEqual(box.west);
          expect(point.longitude).toBeLessThanOrEqual(box.east);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('POST /api/v4/location/ on hand-made places', () => {
  let t: TestApp;
  const A = { latitude: -30, longitude: 153.2 };
  let alpha: FixtureLocality;
  let patrolled: FixtureBeach[];
  let unpatrolled: FixtureBeach[];
  let beachy: FixtureLocality;
  let other: FixtureLocality;
  let surfPoint: FixtureLocality;
  let lonely: FixtureLocality;
  let salty: FixtureLocality;
  const postcodes: Record<string, FixtureLocality> = {};

  beforeAll(async () => {
    t = await startTestApp({ seed: false, clock: () => new Date(NOW) });
    const db = t.handle.db;

    // Group A: 8 patrolled beaches north and 8 others (patrol 0 or unknown) south of A, 1.1 km apart.
    alpha = await addLocality(db, { title: 'Alpha Bay', postcode: '2450', ...A, areaSlug: 'alpha-coast' });
    patrolled = [];
    unpatrolled = [];
    for (let i = 1; i <= 8; i++) {
      patrolled.push(
        await addBeach(db, alpha, {
          title: `Patrolled ${i}`,
          latitude: A.latitude + i * 0.01,
          longitude: A.longitude,
          patrol: i % 2 === 0 ? 2 : 1,
          area: 'Alpha Coast Council',
        }),
      );
      unpatrolled.push(
        await addBeach(db, alpha, {
          title: `Unpatrolled ${i}`,
          latitude: A.latitude - i * 0.01 - 0.005,
          longitude: A.longitude,
          patrol: i <= 4 ? 0 : null,
          isSample: i === 1,
          area: 'Alpha Coast Council',
        }),
      );
    }

    // Two images for the nearest patrolled beach: lists carry the first by sort.
    await db
      .insertInto('beach_images')
      .values([
        {
          beach_id: patrolled[0]!.id,
          url: '/media/second.jpg',
          caption: null,
          credit: null,
          licence: null,
          sort: 2,
        },
        {
          beach_id: patrolled[0]!.id,
          url: '/media/first.jpg',
          caption: null,
          credit: null,
          licence: null,
          sort: 1,
        },
      ])
      .execute();

    // Group B: which locality a coordinate gets.
    await addLocality(db, { title: 'Inland Junction', postcode: '2430', latitude: -32, longitude: 152.5 });
    surfPoint = await addLocality(db, {
      title: 'Surf Point',
      postcode: '2431',
      latitude: -32.027,
      longitude: 152.5,
    });
    await addBeach(db, surfPoint, { title: 'Surf Point Beach', latitude: -32.028, longitude: 152.501 });
    lonely = await addLocality(db, {
      title: 'Lonely Town',
      postcode: '2433',
      latitude: -32.15,
      longitude: 152.2,
    });
    const far = await addLocality(db, {
      title: 'Far Beach',
      postcode: '2432',
      latitude: -32.3,
      longitude: 152.2,
    });
    await addBeach(db, far, { title: 'Far Beach', latitude: -32.3, longitude: 152.201 });

    // Group C: closest postcodes around Home Cove (2701).
    const C = { latitude: -35.5, longitude: 150.0 };
    const home = await addLocality(db, { title: 'Home Cove', postcode: '2701', ...C });
    await addBeach(db, home, { title: 'Home Cove Beach', ...C });
    const ownOther = await addLocality(db, {
      title: 'Home Heights',
      postcode: '2701',
      latitude: -35.51,
      longitude: 150,
    });
    await addBeach(db, ownOther, { title: 'Home Heights Beach', latitude: -35.51, longitude: 150.001 });
    await addLocality(db, { title: 'No Beach Hill', postcode: '2707', latitude: -35.505, longitude: 150 });
    const at = (km: number) => ({ latitude: C.latitude - km / 111.2, longitude: C.longitude });
    for (const [postcode, title, km, beaches] of [
      ['2702', 'Five Km', 5, 1],
      ['2703', 'Tiny Sands', 10, 1],
      ['2703', 'Big Sands', 11, 3],
      ['2704', 'Fifteen Km', 15, 1],
      ['2705', 'Twenty Km', 20, 2],
      ['2706', 'Twenty Five Km', 25, 1],
    ] as const) {
      const place = await addLocality(db, { title, postcode, ...at(km) });
      postcodes[title] = place;
      for (let b = 0; b < beaches; b++)
        await addBeach(db, place, { title: `${title} Beach ${b}`, ...at(km + b * 0.01) });
    }

    // Group D: a postcode's main locality.
    await addLocality(db, { title: 'Plainville', postcode: '2800', latitude: -36.5, longitude: 150.1 });
    beachy = await addLocality(db, {
      title: 'Beachy',
      postcode: '2800',
      latitude: -36.52,
      longitude: 150.1,
      areaSlug: 'beachy-shire',
    });
    for (const n of [1, 2])
      await addBeach(db, beachy, {
        title: `Beachy ${n}`,
        latitude: -36.52,
        longitude: 150.1 + n * 0.002,
        area: 'Beachy Shire',
      });
    const twin = await addLocality(db, {
      title: 'Twin',
      slug: 'twin-2801',
      postcode: '2801',
      latitude: -36.6,
      longitude: 150.1,
    });
    await addBeach(db, twin, { title: 'Twin Beach', latitude: -36.6, longitude: 150.101 });
    other = await addLocality(db, { title: 'Zeta', postcode: '2801', latitude: -36.61, longitude: 150.1 });
    await addBeach(db, other, { title: 'Zeta Beach', latitude: -36.61, longitude: 150.101 });

    // Group E: South Australia, and the announcements.
    salty = await addLocality(db, {
      title: 'Salty',
      postcode: '5999',
      state: 'SA',
      latitude: -35,
      longitude: 138.5,
    });
    await addBeach(db, salty, { title: 'Salty Beach', latitude: -35, longitude: 138.501 });
    const file = path.join(tmp, 'announcements.yaml');
    fs.writeFileSync(
      file,
      [
        { key: 'everywhere', title: 'Everywhere', description: 'd', sort: 5 },
        { key: 'nsw-only', title: 'NSW only', description: 'd', state: 'nsw', sort: 1 },
        { key: 'sa-only', title: 'SA only', description: 'd', state: 'SA', sort: 1 },
        { key: 'past', title: 'Past', description: 'd', ends_at: '2030-01-14T00:00:00Z' },
        { key: 'future', title: 'Future', description: 'd', starts_at: '2030-01-16T00:00:00Z' },
        {
          key: 'starts-now',
          title: 'Starts now',
          description: 'd',
          starts_at: '2030-01-15T10:00:00+10:00',
          sort: 5,
        },
        { key: 'ends-now', title: 'Ends now', description: 'd', ends_at: NOW },
        {
          key: 'window',
          title: 'In its window',
          description: 'd',
          starts_at: '2030-01-01T00:00:00Z',
          ends_at: '2030-02-01T00:00:00Z',
          button_label: 'More',
          button_url: '/about',
          sort: 9,
        },
      ]
        .map((row) => `- ${JSON.stringify(row)}`)
        .join('\n'),
    );
    const report = await importAnnouncements(db, file);
    expect(report.rejected).toEqual([]);

    // IP ranges to two of the places.
    const ranges = path.join(tmp, 'ranges.csv');
    fs.writeFileSync(
      ranges,
      'start_ip,end_ip,postcode\n203.0.113.0,203.0.113.255,2800\n2001:db8::,2001:db8:ffff:ffff:ffff:ffff:ffff:ffff,2450\n',
    );
    expect((await importIpRanges(db, ranges)).rejected).toEqual([]);
  });
  afterAll(async () => t.close());

  it('lists the 6 closest patrolled and the 6 closest of every kind, with exact distances from the coordinate', async () => {
    const origin = { latitude: A.latitude + 0.0001, longitude: A.longitude + 0.0001 };
    const body = await located(t.app, origin);
    expect(body.resolved_by).toBe('coordinates');
    expect(body.place?.title).toBe('Alpha Bay');
    expect(body.patrolledBeaches.map((b) => b.title)).toEqual(patrolled.slice(0, 6).map((b) => b.title));
    // Closest is every kind, nearest first: the patrolled beaches north interleave with the others south.
    expect(body.closestBeaches.map((b) => b.title)).toEqual(
      [0, 1, 2].flatMap((i) => [patrolled[i]!.title, unpatrolled[i]!.title]),
    );
    for (const list of [body.patrolledBeaches, body.closestBeaches]) {
      for (const beach of list) expect(beach.distance).toBe(round(origin, beach));
    }
    expect(body.patrolledBeaches.every((b) => b.patrol !== null && b.patrol >= 1)).toBe(true);
    expect(body.closestBeaches.map((b) => b.patrol)).toEqual([1, 0, 2, 0, 1, 0]);
    expect(body.closestBeaches[1]).toMatchObject({ is_sample: true, is_patrolled_today: null });
    expect(body.closestBeaches[0]!.is_sample).toBe(false);
    expect(body.patrolledBeaches.map((b) => b.image)).toEqual([
      '/media/first.jpg',
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(body.place).toMatchObject({
      postcode: '2450',
      state: 'NSW',
      region3: 'Alpha Coast Council',
      url: '/nsw/alpha-coast/alpha-bay',
      timezone: 'Australia/Sydney',
      beaches_count: 16,
      current_observations: null,
      current_point_place_forecasts: null,
      // Conditions providers are off in this app: the warnings are not known (never "none").
      todays_marine_warnings: [],
      marine_warnings_source: null,
    });
    expect(body.show_algal_bloom_warning).toBe(false);
    expect(body.error).toBeUndefined();
  });

  it('never lists a beach twice in a list, never hides the nearest, and measures from the place for a url', async () => {
    const body = await located(t.app, { url: '/postcode/2450' });
    for (const list of [body.patrolledBeaches, body.closestBeaches]) {
      expect(new Set(list.map((b) => b.id)).size).toBe(list.length);
    }
    // The nearest beach is patrolled: it heads both lists.
    expect(body.closestBeaches[0]!.id).toBe(body.patrolledBeaches[0]!.id);
    expect(body.patrolledBeaches).toHaveLength(6);
    expect(body.closestBeaches).toHaveLength(6);
    expect(body.patrolledBeaches[0]!.distance).toBe(round(alpha, patrolled[0]!));
  });

  it('prefers a place with beaches within 5 km, else the nearest place', async () => {
    const nearBeaches = await located(t.app, { latitude: -32.0001, longitude: 152.5 });
    expect(nearBeaches.place?.title).toBe('Surf Point');
    const alone = await located(t.app, { latitude: lonely.latitude, longitude: lonely.longitude });
    expect(alone.place?.title).toBe('Lonely Town');
    expect(alone.place?.region3).toBeNull();
    expect(alone.place?.url).toBe('/nsw/lonely-town/lonely-town');
    expect(alone.place?.beaches_count).toBe(0);
    expect(alone.closestBeaches[0]!.title).toBe('Far Beach');
  });

  it('lists the 4 nearest other postcodes with beaches, each as its main locality with the postcode total', async () => {
    const body = await located(t.app, { url: '/postcode/2701' });
    expect(body.place?.title).toBe('Home Cove');
    expect(body.closestPostcodes.map((p) => p.postcode)).toEqual(['2702', '2703', '2704', '2705']);
    const sands = body.closestPostcodes[1]!;
    expect(sands).toMatchObject({
      title: 'Big Sands',
      beaches_count: 4,
      url: `/nsw/${postcodes['Big Sands']!.area_slug ?? 'big-sands'}/big-sands`,
      state: 'NSW',
      latitude: postcodes['Big Sands']!.latitude,
      longitude: postcodes['Big Sands']!.longitude,
    });
  });

  it('resolves /postcode/{postcode} to the locality with most beaches, then the plain slug', async () => {
    const most = await located(t.app, { url: '/postcode/2800' });
    expect(most.resolved_by).toBe('url');
    expect(most.place).toMatchObject({
      title: 'Beachy',
      region3: 'Beachy Shire',
      url: '/nsw/beachy-shire/beachy',
    });
    const plain = await located(t.app, { url: '/postcode/2801' });
    expect(plain.place?.title).toBe('Zeta');
    // Lists are measured from the place itself.
    expect(
      most.patrolledBeaches.concat(most.closestBeaches).every((b) => b.distance === round(beachy, b)),
    ).toBe(true);
  });

  it('resolves a place url by its location slug, even with an outdated area segment', async () => {
    for (const url of [
      '/nsw/beachy-shire/beachy',
      '/NSW/old-area/Beachy/',
      '/nsw/beachy-shire/beachy?from=x#top',
    ]) {
      const body = await located(t.app, { url });
      expect(body.place?.url).toBe('/nsw/beachy-shire/beachy');
    }
    const area = await located(t.app, { url: '/nsw/beachy-shire' });
    expect(area.place?.title).toBe('Beachy');
  });

  it('answers an unknown place with place null, empty lists, the error and the state to fall back to', async () => {
    const cases: Array<[string, string | null]> = [
      ['/nsw/nowhere/no-such-place', 'nsw'],
      ['/external-territory/somewhere/else', 'external-territory'],
      ['/qld/unknown-area', 'qld'],
      ['/nsw/a/b/c', 'nsw'],
      ['/postcode/9999', null],
      ['/postcode/abc', null],
      ['/narnia/x/y', null],
      ['/beach/nsw/waverley/bondi-beach/bondi-beach', null],
      // A state's own default page missing from the data must not send the client back to it.
      ['/nsw', null],
      ['/nsw/sydney/sydney', null],
      ['/australian-antarctic-territory', null],
    ];
    for (const [url, state] of cases) {
      const body = await located(t.app, { url });
      expect(body, url).toMatchObject({
        place: null,
        patrolledBeaches: [],
        closestBeaches: [],
        closestPostcodes: [],
        announcements: [],
        show_algal_bloom_warning: false,
        resolved_by: 'url',
        error: 'Location not found.',
        state,
      });
    }
  });

  it('uses the X-location postcode when the body names nothing, and ignores a bad one', async () => {
    const fromHeader = await located(t.app, {}, { headers: { 'x-location': '2801' } });
    expect(fromHeader).toMatchObject({ resolved_by: 'url', place: { title: 'Zeta' } });
    for (const value of [
      'abc',
      '99999',
      '0000',
      "2801'; drop table localities; --",
      '🏖️',
      ' ',
      '2801,2800',
    ]) {
      const body = await located(t.app, {}, { headers: { 'x-location': value } });
      expect(body.resolved_by, value).toBe('default');
    }
    // The body wins over the header.
    const body = await located(t.app, { url: '/postcode/2800' }, { headers: { 'x-location': '2801' } });
    expect(body.place?.title).toBe('Beachy');
  });

  it('looks the caller up in the imported IP ranges (IPv4 and IPv6); private addresses skip it', async () => {
    const v4 = await located(t.app, undefined, { remoteAddress: '203.0.113.77' });
    expect(v4).toMatchObject({ resolved_by: 'ip', place: { title: 'Beachy' } });
    const mapped = await located(t.app, undefined, { remoteAddress: '::ffff:203.0.113.1' });
    expect(mapped.place?.title).toBe('Beachy');
    const v6 = await located(t.app, {}, { remoteAddress: '2001:db8::42' });
    expect(v6).toMatchObject({ resolved_by: 'ip', place: { title: 'Alpha Bay' } });
    for (const address of ['198.51.100.1', '127.0.0.1', '10.1.2.3', '192.168.0.5', '::1', 'fe80::1']) {
      const body = await located(t.app, undefined, { remoteAddress: address });
      expect(body.resolved_by, address).toBe('default');
    }
    // The header decides before the address.
    const header = await located(t.app, undefined, {
      remoteAddress: '203.0.113.77',
      headers: { 'x-location': '2801' },
    });
    expect(header.place?.title).toBe('Zeta');
  });

  it('takes the client address from X-Forwarded-For only behind a trusted proxy', async () => {
    const behindProxy = await buildApp({
      config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: tmp, CONTENT_DIR: tmp, TRUST_PROXY: '127.0.0.1' },
      db: t.handle.db,
    });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.9' };
      const trusted = await located(behindProxy, undefined, { headers });
      expect(trusted.resolved_by).toBe('ip');
      const direct = await located(t.app, undefined, { headers });
      expect(direct.resolved_by).toBe('default');
    } finally {
      await behindProxy.close();
    }
  });

  it('falls back to the default coordinate, measuring from it', async () => {
    const body = await located(t.app);
    expect(body.resolved_by).toBe('default');
    expect(body.place).not.toBeNull();
    for (const beach of [...body.patrolledBeaches, ...body.closestBeaches])
      expect(beach.distance).toBe(round(DEFAULT_COORDINATE, beach));
    // An empty JSON body is "no body".
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v4/location',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().resolved_by).toBe('default');
  });

  it('shows active announcements for everywhere and the place state, by sort then id', async () => {
    const nsw = await located(t.app, { url: '/postcode/2800' });
    expect(nsw.announcements.map((a) => a.title)).toEqual([
      'NSW only',
      'Everywhere',
      'Starts now',
      'In its window',
    ]);
    expect(nsw.announcements.at(-1)).toMatchObject({
      button_label: 'More',
      button_url: '/about',
      description: 'd',
    });
    const sa = await located(t.app, { url: '/postcode/5999' });
    expect(sa.announcements.map((a) => a.title)).toEqual([
      'SA only',
      'Everywhere',
      'Starts now',
      'In its window',
    ]);
  });

  it('turns the algal bloom warning on for places in South Australia only', async () => {
    const sa = await located(t.app, { latitude: salty.latitude, longitude: salty.longitude });
    expect(sa.place?.state).toBe('SA');
    expect(sa.place?.timezone).toBe('Australia/Adelaide');
    expect(sa.show_algal_bloom_warning).toBe(true);
    expect((await located(t.app, { url: '/postcode/2800' })).show_algal_bloom_warning).toBe(false);
  });

  it('answers on an empty database without failing', async () => {
    const empty = await startTestApp({ seed: false });
    try {
      for (const payload of [{}, { latitude: -33, longitude: 151 }]) {
        const body = await located(empty.app, payload);
        expect(body).toMatchObject({
          place: null,
          patrolledBeaches: [],
          error: 'Location not found.',
          state: null,
        });
      }
    } finally {
      await empty.close();
    }
  });
});

describe('POST /api/v4/location/ with the starter data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('gives Bondi Beach first, with its distance, for a coordinate at Bondi', async () => {
    const origin = { latitude: -33.8915, longitude: 151.2767 };
    for (const url of ['/api/v4/location/', '/api/v4/location']) {
      const body = await located(t.app, origin, { url });
      expect(body.place).toMatchObject({
        title: 'Bondi Beach',
        postcode: '2026',
        url: '/nsw/waverley/bondi-beach',
        region3: 'Waverley',
      });
      const bondi = body.patrolledBeaches[0]!;
      expect(bondi).toMatchObject({
        title: 'Bondi Beach',
        url: '/nsw/waverley/bondi-beach/bondi-beach',
        is_sample: false,
      });
      expect(bondi.distance).toBe(round(origin, bondi));
      expect(bondi.distance).toBeLessThan(200);
      expect(body.closestPostcodes).toHaveLength(4);
      expect(body.closestPostcodes.map((p) => p.postcode)).not.toContain('2026');
      expect(new Set(body.closestPostcodes.map((p) => p.postcode)).size).toBe(4);
      expect(body.announcements.map((a) => a.title)).toContain('SafeShore is in preview');
    }
  });

  it('resolves state paths, a state and its capital, and the territories to their default places', async () => {
    const cases: Array<[string, string, string]> = [
      ['/nsw', 'Sydney', '/nsw/sydney/sydney'],
      ['/nsw/sydney', 'Sydney', '/nsw/sydney/sydney'],
      ['/nsw/sydney/sydney', 'Sydney', '/nsw/sydney/sydney'],
      ['/vic', 'Melbourne', '/vic/melbourne/melbourne'],
      ['/sa/adelaide', 'Adelaide', '/sa/adelaide/adelaide'],
      ['/nt', 'Darwin', '/nt/darwin/darwin'],
      ['/external-territory', 'Norfolk Island', '/nsw/norfolk-island/norfolk-island'],
      ['/external-territory/norfolk-island', 'Norfolk Island', '/nsw/norfolk-island/norfolk-island'],
      ['/jervis-bay-territory', 'Hmas Creswell', '/act/hmas-creswell/hmas-creswell'],
    ];
    for (const [url, title, placeUrl] of cases) {
      const body = await located(t.app, { url });
      expect(body.place, url).toMatchObject({ title, url: placeUrl });
      expect(body.resolved_by).toBe('url');
    }
    const sa = await located(t.app, { url: '/sa' });
    expect(sa.show_algal_bloom_warning).toBe(true);
  });

  it('uses X-location with the real places', async () => {
    const body = await located(t.app, undefined, { headers: { 'x-location': '2026' } });
    expect(body.place?.postcode).toBe('2026');
  });

  it('answers a coordinate outside Australia with the nearest place and honest distances', async () => {
    const london = { latitude: 51.5, longitude: -0.12 };
    const body = await located(t.app, london);
    expect(body.place).not.toBeNull();
    expect(body.patrolledBeaches.length).toBeGreaterThan(0);
    for (const beach of body.patrolledBeaches) expect(beach.distance).toBe(round(london, beach));
    expect(body.patrolledBeaches[0]!.distance).toBeGreaterThan(10_000_000);
  });

  it('requires latitude and longitude together', async () => {
    for (const [payload, field] of [
      [{ latitude: -33.9 }, 'longitude'],
      [{ longitude: 151.2 }, 'latitude'],
    ] as const) {
      const res = await locate(t.app, payload);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(ValidationErrorSchema.parse(res.json()).errors)).toEqual([field]);
    }
  });

  it('answers 422 for malformed urls and coordinates, never 500', async () => {
    const cases: Array<[unknown, string]> = [
      [{ url: 'nsw/sydney' }, 'url'],
      [{ url: 'https://example.com/nsw' }, 'url'],
      [{ url: '/nsw/<script>' }, 'url'],
      [{ url: "/nsw/'; drop table localities; --" }, 'url'],
      [{ url: '/nsw/sydney\u0000' }, 'url'],
      [{ url: `/${'a'.repeat(600)}` }, 'url'],
      [{ url: '/nsw/🏖️' }, 'url'],
      [{ url: '/nsw/caf\u00e9' }, 'url'],
      [{ url: 123 }, 'url'],
      [{ url: ['/nsw'] }, 'url'],
      [{ url: { path: '/nsw' } }, 'url'],
      [{ latitude: 'abc', longitude: 151 }, 'latitude'],
      [{ latitude: -33, longitude: '151' }, 'longitude'],
      [{ latitude: 1e308, longitude: 151 }, 'latitude'],
      [{ latitude: -33, longitude: -1e308 }, 'longitude'],
      [{ latitude: [-33], longitude: 151 }, 'latitude'],
      [{ latitude: null, longitude: 151 }, 'latitude'],
      [[1, 2], '_'],
      ['just a string', '_'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v4/location/',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(ValidationErrorSchema.parse(res.json()).errors[field], JSON.stringify(payload)).toBeDefined();
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v4/location/',
      payload: 'url=/nsw',
      headers: { 'content-type': 'text/plain' },
    });
    // Fastify reads text/plain as a string, which is not an object: 422 like any other non-object body.
    expect(text.statusCode).toBe(422);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v4/location/',
      payload: '{"url":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/v4/location/',
      payload: '{"__proto__":{"url":"/nsw"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('fuzz: any JSON body, url or X-location gives 200 or 422 (a 200 in the contract shape)', async () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom(
        '/nsw',
        '/postcode/2026',
        '/nsw/waverley/bondi-beach',
        "/'; drop table beaches; --",
        '/%00',
        '🏖️',
      ),
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({ url: text }, { requiredKeys: [] }),
      fc.record({
        latitude: fc.oneof(fc.double(), fc.jsonValue()),
        longitude: fc.oneof(fc.double(), fc.jsonValue()),
      }),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.option(text), async (payload, header) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v4/location/',
          payload: JSON.stringify(payload) ?? '',
          headers: {
            'content-type': 'application/json',
            ...(header === null ? {} : { 'x-location': encodeURIComponent(header) }),
          },
        });
        // A "__proto__" or "constructor" key is refused by the JSON parser itself (prototype
        // poisoning guard): a 400 saying so, before any of our code runs.
        const poisoned = /"(__proto__|constructor)"/.test(JSON.stringify(payload) ?? '');
        expect(poisoned ? [200, 400, 422] : [200, 422], res.body).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().message).toMatch(/not valid JSON/);
        if (res.statusCode === 200) LocationResponseSchema.parse(res.json());
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a body with a prototype-poisoning key with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/location/',
      payload: '[{"__proto__":null}]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(/not valid JSON/) });
  });

  it('treats url "/" and "" as naming no place', async () => {
    for (const url of ['/', '']) {
      const body: LocationResponse = await located(t.app, { url });
      expect(body.resolved_by).toBe('default');
      expect(body.place?.title).toBe('Bondi Beach');
    }
  });
});
