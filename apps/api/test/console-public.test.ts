import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALGAL_MESSAGES,
  BeachDetailResponseSchema,
  CONDITIONS_POST_POINT_ID,
  LocationResponseSchema,
  MapBeachesResponseSchema,
  MyBeachesResponseSchema,
  SyncResponseSchema,
  TodayPostSchema,
  liveStatusAt,
} from '@safeshore/domain';
import { startConsoleApp, type ConsoleTestApp } from './console-fixtures.ts';

let c: ConsoleTestApp;
let lordHowe = 0;
beforeAll(async () => {
  c = await startConsoleApp();
  const db = c.t.handle.db;
  // Lord Howe Island keeps its own clock (+10:30 in winter, +11 in summer): a test beach there.
  const bondi = await db
    .selectFrom('beaches')
    .selectAll()
    .where('id', '=', c.beach.bondi)
    .executeTakeFirstOrThrow();
  const { id: _id, sync_seq: _seq, ...copy } = bondi;
  lordHowe = (
    await db
      .insertInto('beaches')
      .values({
        ...copy,
        key: 'nsw-2898-test-lord-howe-beach',
        slug: 'test-lord-howe-beach',
        title: 'Test Lord Howe Beach',
        search_name: 'test lord howe beach',
        latitude: -31.52,
        longitude: 159.06,
        timezone: 'Australia/Lord_Howe',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await c.close();
});

function put(url: string, caller: keyof ConsoleTestApp['auth'], payload: object) {
  return c.t.app.inject({ method: 'PUT', url, payload, headers: { authorization: c.auth[caller] } });
}

async function detail(beach: number) {
  const res = await c.t.app.inject(`/api/v4/beach/${beach}`);
  expect(res.statusCode).toBe(200);
  return BeachDetailResponseSchema.parse(res.json());
}

describe('the status on every public read', () => {
  beforeAll(async () => {
    c.clock.set('2026-11-21T01:00:00Z');
    const res = await put(`/api/v5/beach/${c.beach.bondi}/status`, 'lifesaver', {
      status: 'Closed',
      reason: 'shark_sighting',
      message: null,
      expires_at: null,
    });
    expect(res.statusCode).toBe(200);
  });

  const expected = {
    status: 'Closed',
    status_reason: 'shark_sighting',
    status_set_at: '2026-11-21T01:00:00.000Z',
    status_expires_at: '2026-11-21T13:00:00.000Z',
  };

  it('location lists (the place page of Bondi)', async () => {
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/api/v4/location/',
      payload: { url: '/postcode/2026' },
    });
    const body = LocationResponseSchema.parse(res.json());
    const bondi = body.closestBeaches.find((b) => b.id === c.beach.bondi);
    expect(bondi).toMatchObject(expected);
    const other = body.closestBeaches.find((b) => b.id !== c.beach.bondi)!;
    expect(other).toMatchObject({ status: null, status_reason: null, status_set_at: null });
  });

  it('map bounds', async () => {
    const res = await c.t.app.inject(
      `/api/v4/map/beaches?neCoords=${encodeURIComponent('-33.85,151.30')}&swCoords=${encodeURIComponent('-33.95,151.20')}`,
    );
    const body = MapBeachesResponseSchema.parse(res.json());
    expect(body.data.beaches.find((b) => b.id === c.beach.bondi)).toMatchObject(expected);
  });

  it('My Beaches', async () => {
    const headers = { authorization: c.auth.plain };
    expect(
      (await c.t.app.inject({ method: 'POST', url: `/api/v4/beach/${c.beach.bondi}/follow`, headers }))
        .statusCode,
    ).toBe(200);
    const res = await c.t.app.inject({ url: '/api/v4/my-beaches', headers });
    const body = MyBeachesResponseSchema.parse(res.json());
    expect(body.beaches.find((b) => b.id === c.beach.bondi)).toMatchObject(expected);
  });

  it('the offline sync record, with its expiry so the device can hide it', async () => {
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/api/v4/sync',
      payload: { since: null, limit: 500 },
    });
    const body = SyncResponseSchema.parse(res.json());
    const record = body.beaches_upsert.find((b) => b.id === c.beach.bondi)!;
    expect(record).toMatchObject(expected);
    expect(
      liveStatusAt(
        { ...record, status_message: null, status_set_by: null } as never,
        new Date('2026-11-21T13:00:00Z'),
      ).status,
    ).toBeNull();
  });

  it('the status change reaches offline devices in the next delta', async () => {
    let first = SyncResponseSchema.parse(
      (
        await c.t.app.inject({ method: 'POST', url: '/api/v4/sync', payload: { since: null, limit: 500 } })
      ).json(),
    );
    while (first.has_more) {
      first = SyncResponseSchema.parse(
        (
          await c.t.app.inject({
            method: 'POST',
            url: '/api/v4/sync',
            payload: { since: first.cursor, limit: 500 },
          })
        ).json(),
      );
    }
    expect(
      (
        await put(`/api/v5/beach/${c.beach.bondi}/status`, 'lifesaver', {
          status: 'Closed',
          reason: 'bluebottles',
        })
      ).statusCode,
    ).toBe(200);
    const delta = SyncResponseSchema.parse(
      (
        await c.t.app.inject({ method: 'POST', url: '/api/v4/sync', payload: { since: first.cursor } })
      ).json(),
    );
    expect(delta.beaches_upsert.map((b) => [b.id, b.status_reason])).toEqual([
      [c.beach.bondi, 'bluebottles'],
    ]);
  });

  it('an expired status reads as none everywhere, by itself', async () => {
    c.clock.set('2026-11-21T13:00:00Z');
    const beach = (await detail(c.beach.bondi)).beach;
    expect(beach).toMatchObject({
      status: null,
      status_reason: null,
      status_message: null,
      status_set_at: null,
      status_expires_at: null,
      status_set_by: null,
    });
    const map = MapBeachesResponseSchema.parse(
      (
        await c.t.app.inject(
          `/api/v4/map/beaches?neCoords=${encodeURIComponent('-33.85,151.30')}&swCoords=${encodeURIComponent('-33.95,151.20')}`,
        )
      ).json(),
    );
    expect(map.data.beaches.find((b) => b.id === c.beach.bondi)!.status).toBeNull();
    const mine = MyBeachesResponseSchema.parse(
      (await c.t.app.inject({ url: '/api/v4/my-beaches', headers: { authorization: c.auth.plain } })).json(),
    );
    expect(mine.beaches.find((b) => b.id === c.beach.bondi)!.status).toBeNull();
    c.clock.set('2026-11-21T01:00:00Z');
  });
});

describe('patrol now on the lists', () => {
  it('the console’s patrol is the list rows’ is_patrolled_today', async () => {
    c.clock.set('2026-11-21T01:00:00Z');
    expect(
      (await put(`/api/v5/beach/${c.beach.tamarama}/patrol`, 'operator', { on_duty: true, until: '18:00' }))
        .statusCode,
    ).toBe(200);
    const map = MapBeachesResponseSchema.parse(
      (
        await c.t.app.inject(
          `/api/v4/map/beaches?neCoords=${encodeURIComponent('-33.85,151.30')}&swCoords=${encodeURIComponent('-33.95,151.20')}`,
        )
      ).json(),
    );
    expect(map.data.beaches.find((b) => b.id === c.beach.tamarama)!.is_patrolled_today).toEqual({
      flag: 1,
      start: '12:00',
      end: '18:00',
      is_sample: false,
    });
  });
});

describe('expiry at the end of the beach’s patrol day', () => {
  it('uses the roster’s patrol end today when no console patrol is set', async () => {
    const db = c.t.handle.db;
    c.clock.set('2026-11-21T01:00:00Z'); // Saturday noon in Sydney
    const club = await db.selectFrom('clubs').select('id').orderBy('id').executeTakeFirstOrThrow();
    const season = await db
      .insertInto('patrol_seasons')
      .values({
        beach_id: c.beach.manly,
        club_id: club.id,
        starts_on: '2026-09-26',
        ends_on: '2027-04-25',
        source: 'Test roster',
        created_at: c.clock.date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('patrol_hours')
      .values({ season_id: season.id, weekday: 6, start_time: '09:00', end_time: '17:00' })
      .execute();
    const res = await put(`/api/v5/beach/${c.beach.manly}/status`, 'operator', {
      status: 'Inclement',
      reason: 'lightning',
    });
    expect(res.json().status_expires_at).toBe('2026-11-21T06:00:00.000Z');
    // After the patrol has ended it lasts to the beach's midnight.
    c.clock.set('2026-11-21T07:00:00Z');
    const late = await put(`/api/v5/beach/${c.beach.manly}/status`, 'operator', {
      status: 'Inclement',
      reason: 'lightning',
    });
    expect(late.json().status_expires_at).toBe('2026-11-21T13:00:00.000Z');
    c.clock.set('2026-11-21T01:00:00Z');
  });

  it.each([
    // Daylight saving starts in Sydney on Sunday 4 October 2026 (2 am → 3 am): midnight is AEDT.
    ['2026-10-03T23:00:00Z', 'bondi', '2026-10-04T13:00:00.000Z'],
    // It ends on Sunday 5 April 2026 (3 am → 2 am): a 25-hour day, midnight is AEST.
    ['2026-04-05T00:00:00Z', 'bondi', '2026-04-05T14:00:00.000Z'],
    // Lord Howe in winter is +10:30: its midnight is half an hour before Sydney's.
    ['2026-07-01T01:00:00Z', 'lordHowe', '2026-07-01T13:30:00.000Z'],
    // Lord Howe in summer is +11 (a half-hour daylight saving).
    ['2026-11-21T01:00:00Z', 'lordHowe', '2026-11-21T13:00:00.000Z'],
  ])('set at %s on %s, it expires at %s', async (at, beach, expires) => {
    c.clock.set(at);
    const id = beach === 'lordHowe' ? lordHowe : c.beach.bondi;
    const res = await put(`/api/v5/beach/${id}/status`, 'operator', { status: 'Open' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_expires_at).toBe(expires);
    c.clock.set('2026-11-21T01:00:00Z');
  });

  it('reads "until" on the beach’s own clock (Lord Howe is 30 minutes ahead of Sydney in winter)', async () => {
    c.clock.set('2026-07-01T01:00:00Z'); // 11:00 in Sydney, 11:30 on Lord Howe
    const early = await put(`/api/v5/beach/${lordHowe}/patrol`, 'operator', {
      on_duty: true,
      until: '11:15',
    });
    expect(early.statusCode).toBe(422);
    const ok = await put(`/api/v5/beach/${lordHowe}/patrol`, 'operator', { on_duty: true, until: '16:00' });
    expect(ok.json().is_patrolled_today).toEqual({ flag: 1, start: '11:30', end: '16:00', is_sample: false });
    c.clock.set('2026-11-21T01:00:00Z');
  });
});

describe('POST /api/v5/beach/{beachId}/posts', () => {
  function form(fields: { photo?: Buffer; text?: string }): FormData {
    const data = new FormData();
    if (fields.text !== undefined) data.append('text', fields.text);
    if (fields.photo)
      data.append('photo', new Blob([new Uint8Array(fields.photo)], { type: 'image/jpeg' }), 'p.jpg');
    return data;
  }
  const post = (
    body: FormData,
    caller: keyof ConsoleTestApp['auth'] = 'lifesaver',
    beach = c.beach.bondi,
    key?: string,
  ) =>
    c.t.app.inject({
      method: 'POST',
      url: `/api/v5/beach/${beach}/posts`,
      payload: body,
      headers: { authorization: c.auth[caller], ...(key ? { 'idempotency-key': key } : {}) },
    });
  function storedFiles(): string[] {
    const dir = path.join(c.uploadsDir, 'posts');
    if (!fs.existsSync(dir)) return [];
    return (fs.readdirSync(dir, { recursive: true }) as string[])
      .map((name) => path.join(dir, name))
      .filter((file) => fs.statSync(file).isFile());
  }
  let camera: Buffer;
  beforeAll(async () => {
    camera = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3080a0' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 53/1 0/1' } })
      .toBuffer();
  });

  it('stores the photo re-encoded without metadata and lists the post on the beach page', async () => {
    c.clock.set('2026-11-21T01:00:00Z');
    const res = await post(form({ photo: camera, text: 'Flags between the towers; small swell' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = TodayPostSchema.parse(res.json());
    expect(created).toMatchObject({
      point_id: CONDITIONS_POST_POINT_ID,
      local_timestamp: '2026-11-21T12:00:00',
      meta: { label: 'Flags between the towers; small swell' },
    });
    const files = storedFiles();
    expect(files).toHaveLength(2);
    for (const file of files) {
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(fs.readFileSync(file).includes(Buffer.from('TestCam'))).toBe(false);
    }
    const image = await c.t.app.inject(created.meta.image_url!);
    expect(image.statusCode).toBe(200);
    const { todayPosts } = await detail(c.beach.bondi);
    expect(todayPosts).toContainEqual(created);
  });

  it('a replay with the same key stores nothing new', async () => {
    const before = storedFiles().length;
    const body = () => form({ photo: camera, text: 'Replayed post' });
    const first = await post(body(), 'lifesaver', c.beach.bondi, 'post-key-1');
    const again = await post(body(), 'lifesaver', c.beach.bondi, 'post-key-1');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(storedFiles()).toHaveLength(before + 2);
    const posts = (await detail(c.beach.bondi)).todayPosts.filter((p) => p.meta.label === 'Replayed post');
    expect(posts).toHaveLength(1);
  });

  it('refuses a file that is not an image, a missing photo or text, and out of scope, storing nothing', async () => {
    const before = storedFiles().length;
    const fake = await post(form({ photo: Buffer.from('GIF89a not really'), text: 'x' }));
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.photo).toEqual([ALGAL_MESSAGES.photoInvalid]);
    const missing = await post(form({}));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['photo', 'text']);
    const long = await post(form({ photo: camera, text: 'x'.repeat(281) }));
    expect(long.statusCode).toBe(422);
    expect((await post(form({ photo: camera, text: 'Manly' }), 'lifesaver', c.beach.manly)).statusCode).toBe(
      403,
    );
    expect((await post(form({ photo: camera, text: 'No role' }), 'plain')).statusCode).toBe(403);
    expect(storedFiles()).toHaveLength(before);
  });
});
