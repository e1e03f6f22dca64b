import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BeachDetailResponseSchema, ValidationErrorSchema } from '@safeshore/domain';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const BONDI = '/api/v4/beach/nsw/waverley/bondi-beach/bondi-beach';

describe('GET /api/v4/beach/{beach}', () => {
  it('returns a beach by url path in the contract shape', async () => {
    const res = await t.app.inject(BONDI);
    expect(res.statusCode).toBe(200);
    const body = BeachDetailResponseSchema.parse(res.json());
    expect(body.beach).toMatchObject({
      title: 'Bondi Beach',
      state: 'NSW',
      area: 'Waverley',
      city: 'Bondi Beach',
      postcode: '2026',
      url: '/nsw/waverley/bondi-beach/bondi-beach',
      postcode_url: '/nsw/waverley/bondi-beach',
      timezone: 'Australia/Sydney',
      key: 'nsw-2026-bondi-beach',
    });
    expect(body.beach.clubs.map((c) => c.title)).toContain("Bondi Surf Bathers' Life Saving Club");
    // Rendered now on the app's clock (the shared test clock: 21 November 2026), not the real date.
    expect(Math.abs(Date.parse(body.beach.rendered_at) - t.clock().getTime())).toBeLessThan(60_000);
  });

  it('never invents safety facts for a real beach', async () => {
    const { beach } = BeachDetailResponseSchema.parse((await t.app.inject(BONDI)).json());
    expect(beach.hazard).toBeNull();
    expect(beach.is_patrolled_today).toBeNull();
    expect(beach.status).toBeNull();
    expect(beach.todays_marine_warnings).toEqual([]);
    expect(beach.is_sample).toBe(false);
    expect(beach.source.coordinate_source).toMatch(/GeoNames/);
  });

  it('returns the same beach by id', async () => {
    const byUrl = BeachDetailResponseSchema.parse((await t.app.inject(BONDI)).json());
    const res = await t.app.inject(`/api/v4/beach/${byUrl.beach.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().beach.key).toBe('nsw-2026-bondi-beach');
  });

  it('computes nearby beaches from coordinates, closest first, without the beach itself', async () => {
    const body = BeachDetailResponseSchema.parse((await t.app.inject(BONDI)).json());
    expect(body.nearBy.length).toBeGreaterThanOrEqual(3);
    expect(body.nearBy.map((b) => b.id)).not.toContain(body.beach.id);
    const distances = body.nearBy.map((b) => b.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.nearBy[0]!.title).toBe('Tamarama Beach');
    expect(distances[0]).toBeLessThan(2000);
  });

  it('relates beaches of the same council area', async () => {
    const body = BeachDetailResponseSchema.parse((await t.app.inject(BONDI)).json());
    expect(body.relatedBeaches.length).toBeGreaterThan(0);
    for (const beach of body.relatedBeaches) expect(beach.area).toBe('Waverley');
  });

  it('answers 404 JSON for an unknown beach', async () => {
    for (const path of ['/api/v4/beach/nsw/waverley/bondi-beach/no-such-beach', '/api/v4/beach/999999']) {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: 'Beach not found.' });
    }
  });

  it('answers 422 with field errors for a malformed beach reference', async () => {
    for (const path of [
      '/api/v4/beach/nsw/bondi',
      '/api/v4/beach/nsw/a/b/c/d/e',
      '/api/v4/beach/nsw/w%20x/y/z',
      '/api/v4/beach/',
    ]) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(422);
      const body = ValidationErrorSchema.parse(res.json());
      expect(body.errors.beach?.[0]).toMatch(/numeric id or a path/);
    }
  });
});

describe('health and docs', () => {
  it('GET /healthz answers 200 when the database is reachable', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('serves the OpenAPI document generated from the contract schemas', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v4/beach/{beach}',
        '/api/v4/autocomplete',
        '/api/v4/notfound',
        '/api/v4/location/',
        '/api/v4/map/beaches',
        '/api/v4/beach/{beachId}/patrols',
        '/api/v4/beach/{beachId}/weather',
      ]),
    );
    const beachSchema =
      doc.paths['/api/v4/beach/{beach}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(beachSchema.properties)).toEqual([
      'beach',
      'nearBy',
      'relatedBeaches',
      'images',
      'todayPosts',
    ]);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.app.inject('/api/v4/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});
