import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALGAL_MESSAGES,
  AlgalListResponseSchema,
  BeachDetailResponseSchema,
  MetricResponseSchema,
} from '@safeshore/domain';
import { startTestApp, type TestApp } from './helpers.ts';

const MAX_BYTES = 300_000;
let t: TestApp;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-uploads-'));
let algal = '';
let plain = '';
let beachId = 0;
let outsideId = 0;

beforeAll(async () => {
  t = await startTestApp({ config: { UPLOADS_DIR: uploadsDir, ALGAL_PHOTO_MAX_BYTES: MAX_BYTES } });
  const a = await t.accounts.createUser({
    email: 'algal@example.com',
    first_name: 'Alga',
    last_name: 'Watcher',
    password: 'algal-password-2024',
  });
  await t.accounts.setRole(a.user.email, 'algal', true);
  algal = `Bearer ${await t.accounts.issueTokenFor(a.user.id, 'test')}`;
  const p = await t.accounts.createUser({
    email: 'plain@example.com',
    first_name: 'Plain',
    last_name: 'User',
    password: 'plain-password-2024',
  });
  plain = `Bearer ${await t.accounts.issueTokenFor(p.user.id, 'test')}`;
  const beaches = await t.handle.db.selectFrom('beaches').select('id').orderBy('id').limit(2).execute();
  beachId = beaches[0]!.id;
  outsideId = beaches[1]!.id;
  await t.handle.db
    .insertInto('algal_programme_beaches')
    .values({ beach_id: beachId, created_at: t.clock().toISOString() })
    .execute();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

/** Every file under the uploads directory. */
function storedFiles(): string[] {
  if (!fs.existsSync(uploadsDir)) return [];
  return (fs.readdirSync(uploadsDir, { recursive: true }) as string[])
    .map((name) => path.join(uploadsDir, name))
    .filter((file) => fs.statSync(file).isFile());
}

function form(file: Buffer, name: string, type: string, extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(extra)) data.append(key, value);
  data.append('photo', new Blob([new Uint8Array(file)], { type }), name);
  return data;
}

const upload = (body: FormData, id = beachId, auth = algal) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v5/beach/${id}/photo-of-day`,
    headers: { authorization: auth },
    payload: body,
  });

const png = () =>
  sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#2080c0' } })
    .png()
    .toBuffer();

const list = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v5/algal-bloom-metrics',
    headers: { authorization: algal },
  });
  expect(res.statusCode).toBe(200);
  return z.parse(AlgalListResponseSchema, res.json());
};

describe('algal bloom access', () => {
  const routes = () => [
    { method: 'GET' as const, url: '/api/v5/algal-bloom-metrics' },
    {
      method: 'POST' as const,
      url: `/api/v5/beach/${beachId}/algal-bloom-metrics`,
      payload: { water_discolour: true, beach_foam: true, clean_rating: true },
    },
    { method: 'POST' as const, url: `/api/v5/beach/${beachId}/photo-of-day`, payload: {} },
    { method: 'DELETE' as const, url: '/api/v5/beach-post/1/photo-of-day' },
  ];

  it('answers 401 signed out and 403 without the algal role on every endpoint', async () => {
    for (const route of routes()) {
      const guest = await t.app.inject(route);
      expect(guest.statusCode, route.url).toBe(401);
      const user = await t.app.inject({ ...route, headers: { authorization: plain } });
      expect(user.statusCode, route.url).toBe(403);
      expect(user.json().message).toBe(ALGAL_MESSAGES.noPermission);
    }
  });

  it('answers 404 for a beach not in the programme', async () => {
    const metric = await t.app.inject({
      method: 'POST',
      url: `/api/v5/beach/${outsideId}/algal-bloom-metrics`,
      headers: { authorization: algal },
      payload: { water_discolour: true, beach_foam: false, clean_rating: true },
    });
    expect(metric.statusCode).toBe(404);
    const photo = await upload(form(await png(), 'a.png', 'image/png'), outsideId);
    expect(photo.statusCode).toBe(404);
    expect(storedFiles()).toEqual([]);
  });
});

describe('algal bloom metrics', () => {
  it('lists the programme beaches, without metrics at first', async () => {
    const body = await list();
    expect(body.beaches.map((beach) => beach.id)).toEqual([beachId]);
    expect(body.beaches[0]).toMatchObject({ photo_of_today: null, latest_algal_bloom_metric: null });
  });

  it('rejects missing or non-boolean answers with field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v5/beach/${beachId}/algal-bloom-metrics`,
      headers: { authorization: algal },
      payload: { water_discolour: 'yes', beach_foam: true },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['clean_rating', 'water_discolour']);
  });

  it('records concurrent saves, and the latest one shows in the list and on the beach page', async () => {
    const before = await t.handle.db.selectFrom('algal_metrics').select('id').execute();
    const answers = Array.from({ length: 8 }, (_, i) => ({
      water_discolour: i % 2 === 0,
      beach_foam: i % 3 === 0,
      clean_rating: true,
    }));
    const results = await Promise.all(
      answers.map((payload) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v5/beach/${beachId}/algal-bloom-metrics`,
          headers: { authorization: algal },
          payload,
        }),
      ),
    );
    for (const res of results) {
      expect(res.statusCode).toBe(200);
      z.parse(MetricResponseSchema, res.json());
    }
    const after = await t.handle.db.selectFrom('algal_metrics').select('id').execute();
    expect(after.length - before.length).toBe(8);

    const last = await t.app.inject({
      method: 'POST',
      url: `/api/v5/beach/${beachId}/algal-bloom-metrics`,
      headers: { authorization: algal },
      payload: { water_discolour: true, beach_foam: false, clean_rating: false },
    });
    expect(last.statusCode).toBe(200);
    const item = (await list()).beaches[0]!;
    expect(item.latest_algal_bloom_metric).toMatchObject({
      water_discolour: true,
      beach_foam: false,
      clean_rating: false,
      user: { first_name: 'Alga', last_name: 'Watcher' },
    });

    const detail = await t.app.inject({ method: 'GET', url: `/api/v4/beach/${beachId}` });
    const parsed = z.parse(BeachDetailResponseSchema, detail.json());
    expect(parsed.beach.show_algal_bloom_widget).toBe(true);
    expect(parsed.beach.algal_bloom).toMatchObject({
      water_discolour: true,
      beach_foam: false,
      clean_rating: false,
    });
    const other = z.parse(
      BeachDetailResponseSchema,
      (await t.app.inject({ method: 'GET', url: `/api/v4/beach/${outsideId}` })).json(),
    );
    expect(other.beach).toMatchObject({ show_algal_bloom_widget: false, algal_bloom: null });
  });
});

describe('photo of the day', () => {
  it('decides the type by content: a PNG named .jpg is accepted and re-encoded', async () => {
    const res = await upload(form(await png(), 'holiday.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ALGAL_MESSAGES.photoUploaded);
    const files = storedFiles();
    expect(files).toHaveLength(2);
    const sizes = await Promise.all(files.map((file) => sharp(file).metadata()));
    expect(sizes.map((m) => m.format)).toEqual(['webp', 'webp']);
    expect(sizes.map((m) => Math.max(m.width, m.height)).sort((a, b) => a - b)).toEqual([400, 1600]);

    const photo = (await list()).beaches[0]!.photo_of_today;
    expect(photo).not.toBeNull();
    const served = await t.app.inject({ method: 'GET', url: photo!.meta.image_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('max-age=31536000');

    const detail = z.parse(
      BeachDetailResponseSchema,
      (await t.app.inject({ method: 'GET', url: `/api/v4/beach/${beachId}` })).json(),
    );
    expect(detail.todayPosts).toEqual([
      expect.objectContaining({
        point_id: 1,
        meta: expect.objectContaining({ image_url: photo!.meta.image_url }),
      }),
    ]);
  });

  it('rejects a text file named .png (422) and stores nothing', async () => {
    const before = storedFiles();
    const res = await upload(form(Buffer.from('hello, not an image\n'), 'photo.png', 'image/png'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.photo).toEqual([ALGAL_MESSAGES.photoInvalid]);
    expect(storedFiles()).toEqual(before);
  });

  it('rejects a file over the size limit (413) and stores nothing', async () => {
    const before = storedFiles();
    const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const big = Buffer.concat([header, Buffer.alloc(MAX_BYTES + 10_000, 7)]);
    const res = await upload(form(big, 'big.png', 'image/png'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(ALGAL_MESSAGES.photoTooLarge(MAX_BYTES));
    expect(storedFiles()).toEqual(before);
  });

  it('replacing and removing leave no orphan files', async () => {
    const first = (await list()).beaches[0]!.photo_of_today!;
    const replaced = await upload(
      form(await png(), 'again.png', 'image/png', { replace_existing_photo_id: String(first.id) }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(2);
    const second = (await list()).beaches[0]!.photo_of_today!;
    expect(second.id).not.toBe(first.id);
    expect(
      storedFiles()
        .map((file) => path.basename(file))
        .sort(),
    ).toEqual([second.meta.image_url, second.meta.thumbnail_url].map((url) => path.basename(url)).sort());
    const gone = await t.app.inject({ method: 'GET', url: first.meta.image_url });
    expect(gone.statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v5/beach-post/${second.id}/photo-of-day`,
      headers: { authorization: algal },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(ALGAL_MESSAGES.photoRemoved);
    expect(storedFiles()).toEqual([]);
    expect((await list()).beaches[0]!.photo_of_today).toBeNull();
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v5/beach-post/${second.id}/photo-of-day`,
      headers: { authorization: algal },
    });
    expect(again.statusCode).toBe(404);
  });

  it('strips metadata, including EXIF GPS, from stored photos', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'SafeShore test', Make: 'TestCam' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 53/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '151/1 12/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(form(jpeg, 'camera.jpeg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const files = storedFiles();
    expect(files).toHaveLength(2);
    for (const file of files) {
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(fs.readFileSync(file).includes(Buffer.from('TestCam'))).toBe(false);
    }
  });
});
