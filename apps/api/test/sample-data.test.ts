import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BeachDetailResponseSchema, PatrolsResponseSchema } from '@safeshore/domain';
import { loadConfig, sampleDataEnabled } from '../src/config.ts';
import { importAttendance } from '../src/db/seed/attendance.ts';
import { HOLIDAYS_FILE, importHolidays } from '../src/db/seed/holidays.ts';
import { importPatrols } from '../src/db/seed/patrols.ts';
import { SAMPLE_META_KEY, loadSampleData, removeSampleData, syncSampleData } from '../src/db/seed/sample.ts';
import { createLocalStorage } from '../src/modules/algal/storage.ts';
import { CONTENT_DIR, DATA_DIR, startTestApp, type TestApp } from './helpers.ts';

// 12:00 UTC: evening everywhere in Australia (Perth 8 pm, Sydney 11 pm), so every sample hour has happened.
let now = new Date('2026-11-21T12:00:00Z');
let t: TestApp;
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-sample-uploads-'));
const storage = createLocalStorage(uploads);
const options = () => ({ dataDir: DATA_DIR, storage, now });

const count = async (table: 'patrol_seasons' | 'attendance_records' | 'beach_posts', sample: 0 | 1) =>
  Number(
    (
      await t.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('is_sample', '=', sample)
        .executeTakeFirstOrThrow()
    ).n,
  );

const idOf = async (key: string) =>
  (await t.handle.db.selectFrom('beaches').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await startTestApp({ clock: () => now, config: { UPLOADS_DIR: uploads } });
  await importHolidays(t.handle.db, path.join(DATA_DIR, HOLIDAYS_FILE));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe('the shipped sample data', () => {
  it('loads for the starter beaches without a rejected or skipped row', async () => {
    const started = performance.now();
    const report = await loadSampleData(t.handle.db, options());
    const seconds = (performance.now() - started) / 1000;
    for (const part of [report.patrols, report.attendance, report.posts]) {
      expect(part.rejected, part.file).toEqual([]);
      expect(part.skipped, part.file).toEqual([]);
      expect(part.written).toBe(true);
    }
    expect(report.patrols.added).toBeGreaterThan(600);
    expect(report.attendance.added).toBeGreaterThan(300);
    expect(report.media).toEqual(['sample/photo-of-the-day.webp']);
    expect(seconds).toBeLessThan(30);
    expect(await count('patrol_seasons', 0)).toBe(0);
  });

  it('only touches beaches that have surf life saving clubs in the starter data', async () => {
    const orphans = await t.handle.db
      .selectFrom('patrol_seasons as s')
      .leftJoin('beach_clubs as bc', (join) =>
        join.onRef('bc.beach_id', '=', 's.beach_id').onRef('bc.club_id', '=', 's.club_id'),
      )
      .select('s.id')
      .where('bc.beach_id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('is flagged as sample data in every response that carries it', async () => {
    const bondi = await idOf('nsw-2026-bondi-beach');
    const patrols = PatrolsResponseSchema.parse(
      (await t.app.inject(`/api/v4/beach/${bondi}/patrols`)).json(),
    );
    expect(patrols.is_sample).toBe(true);
    expect(patrols.source).toBe('Sample data');
    expect(Object.keys(patrols.patrols)).toHaveLength(2);
    // Saturday 21 November 2026: the sample weekends patrol.
    expect(Object.values(patrols.patrols)[0]!.days[0]).toMatchObject({ date: '2026-11-21', is_patrol: 1 });

    const { beach, todayPosts } = BeachDetailResponseSchema.parse(
      (await t.app.inject(`/api/v4/beach/${bondi}`)).json(),
    );
    expect(beach.is_patrolled_today).toEqual({ flag: 1, start: '08:00', end: '17:00', is_sample: true });
    expect(beach.attendance_is_sample).toBe(true);
    const days = Object.keys(beach.attendances);
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toBe('Sat, 21 Nov'); // today at Bondi: the demo shows today
    expect(beach.attendances['Sat, 21 Nov']!.map((r) => r.hour)).toEqual([
      6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    expect(todayPosts.map((p) => p.point_id)).toEqual([1, 2, 3]);
    for (const post of todayPosts) {
      expect(post.meta.sample).toBe(true);
      expect(post.local_timestamp.startsWith('2026-11-21T')).toBe(true);
    }
    expect(todayPosts.filter((p) => p.meta.link).map((p) => p.meta.link)).toEqual([
      '/surf-safety/ripcurrents',
      '/surf-safety/flags-and-signs',
    ]);
    // The beach itself stays a real beach with no invented facts.
    expect(beach.is_sample).toBe(false);
    expect(beach.hazard).toBeNull();
  });

  it("serves the photo of the day it points at, and the tiles' images exist", async () => {
    const bondi = await idOf('nsw-2026-bondi-beach');
    const { todayPosts } = BeachDetailResponseSchema.parse(
      (await t.app.inject(`/api/v4/beach/${bondi}`)).json(),
    );
    const photo = todayPosts.find((p) => p.point_id === 1)!;
    expect(photo.meta.image_url).toBe('/uploads/sample/photo-of-the-day.webp');
    const res = await t.app.inject(photo.meta.image_url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    for (const post of todayPosts.filter((p) => p.point_id !== 1)) {
      const file = post.meta.image_url!.replace(/^\/media\//, '');
      expect(fs.existsSync(path.join(CONTENT_DIR, 'media', file))).toBe(true);
      expect((await t.app.inject(post.meta.image_url!)).statusCode).toBe(200);
    }
  });

  it('does not show attendance hours that have not happened yet at the beach', async () => {
    const earlier = new Date('2026-11-20T23:10:00Z'); // 10:10 am in Sydney, 7:10 am in Perth
    await removeSampleData(t.handle.db, options());
    const report = await loadSampleData(t.handle.db, { ...options(), now: earlier });
    expect(report.attendance.rejected).toEqual([]);
    expect(report.attendance.skipped.length).toBeGreaterThan(0);
    for (const s of report.attendance.skipped) expect(s.reason).toMatch(/has not happened yet/);
    const cottesloe = await t.handle.db
      .selectFrom('attendance_records')
      .select((eb) => eb.fn.max('hour').as('hour'))
      .where('beach_id', '=', await idOf('wa-6011-cottesloe-beach'))
      .where('local_date', '=', '2026-11-21')
      .executeTakeFirstOrThrow();
    expect(Number(cottesloe.hour)).toBe(7);
    // A sample post timed later than now is shown as added now.
    const photo = await t.handle.db
      .selectFrom('beach_posts')
      .select('local_timestamp')
      .where('beach_id', '=', await idOf('wa-6011-cottesloe-beach'))
      .where('point_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(photo.local_timestamp).toBe('2026-11-21T07:10:00');
    await removeSampleData(t.handle.db, options());
    await loadSampleData(t.handle.db, options());
  });

  it('loads again without changes (idempotent)', async () => {
    const report = await loadSampleData(t.handle.db, options());
    expect(report.patrols.added + report.patrols.updated).toBe(0);
    expect(report.attendance.added + report.attendance.updated).toBe(0);
    expect(report.posts.added + report.posts.updated).toBe(0);
    expect(report.patrols.unchanged).toBeGreaterThan(600);
  });

  it('gives way to real data, and remove-sample deletes only sample rows', async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-real-'));
    const manly = path.join(files, 'manly.csv');
    fs.writeFileSync(
      manly,
      'beach,date,hour,people_on_beach,swimmers,swimmers_outside_flags,crafts,source\n' +
        'nsw-2095-manly-beach,2026-11-21,10,500,200,10,3,Manly lifeguard count\n',
    );
    const real = await importAttendance(t.handle.db, manly, { now });
    expect(real.written).toBe(true);
    expect(real.replacedSample).toBe(42); // Manly's three sample days
    const roster = path.join(files, 'roster.csv');
    fs.writeFileSync(
      roster,
      'beach,club,starts_on,ends_on,days,start_time,end_time,source\n' +
        'nsw-2095-manly-beach,Manly Life Saving Club,2026-09-26,2027-04-25,sat sun ph,08:00,18:00,Club roster 2026-27\n',
    );
    const patrols = await importPatrols(t.handle.db, roster, { now });
    expect(patrols.written).toBe(true);
    expect(patrols.replacedSample).toBeGreaterThan(0);

    const manlyId = await idOf('nsw-2095-manly-beach');
    const { beach } = BeachDetailResponseSchema.parse(
      (await t.app.inject(`/api/v4/beach/${manlyId}`)).json(),
    );
    expect(beach.attendance_is_sample).toBe(false);
    expect(beach.is_patrolled_today).toEqual({ flag: 1, start: '08:00', end: '18:00', is_sample: false });
    const manlyPatrols = PatrolsResponseSchema.parse(
      (await t.app.inject(`/api/v4/beach/${manlyId}/patrols`)).json(),
    );
    expect(manlyPatrols).toMatchObject({ is_sample: false, source: 'Club roster 2026-27' });

    // Loading the sample again leaves Manly's real data alone.
    const again = await loadSampleData(t.handle.db, options());
    expect(again.attendance.skipped.every((s) => /nsw-2095-manly-beach has real/.test(s.reason))).toBe(true);
    expect(again.attendance.skipped).toHaveLength(42);
    expect(again.patrols.skipped.some((s) => /nsw-2095-manly-beach has real/.test(s.reason))).toBe(true);

    const removed = await removeSampleData(t.handle.db, options());
    expect(removed.patrolSeasons).toBeGreaterThan(600);
    expect(removed.media).toBe(1);
    expect(await count('patrol_seasons', 1)).toBe(0);
    expect(await count('attendance_records', 1)).toBe(0);
    expect(await count('beach_posts', 1)).toBe(0);
    expect(await count('patrol_seasons', 0)).toBe(1);
    expect(await count('attendance_records', 0)).toBe(1);
    expect((await t.app.inject('/uploads/sample/photo-of-the-day.webp')).statusCode).toBe(404);
    fs.rmSync(files, { recursive: true, force: true });
  });
});

describe('SAMPLE_DATA at start-up', () => {
  it('is off by default in every NODE_ENV (opt-in for demos and tests), and can be set either way', () => {
    expect(sampleDataEnabled(loadConfig({}))).toBe(false);
    expect(sampleDataEnabled(loadConfig({ NODE_ENV: 'development' }))).toBe(false);
    expect(sampleDataEnabled(loadConfig({ NODE_ENV: 'test' }))).toBe(false);
    expect(sampleDataEnabled(loadConfig({ NODE_ENV: 'production' }))).toBe(false);
    expect(sampleDataEnabled(loadConfig({ NODE_ENV: 'production', SAMPLE_DATA: 'true' }))).toBe(true);
    expect(sampleDataEnabled(loadConfig({ SAMPLE_DATA: 'true' }))).toBe(true);
    expect(sampleDataEnabled(loadConfig({ SAMPLE_DATA: 'false' }))).toBe(false);
    expect(() => loadConfig({ SAMPLE_DATA: 'yes' })).toThrow(/SAMPLE_DATA/);
  });

  it('loads once a day, reloads on a new day so "today" stays today, and removes it when turned off', async () => {
    const sync = (enabled: boolean) => syncSampleData(t.handle.db, { ...options(), enabled });
    expect((await sync(true)).action).toBe('loaded');
    expect((await sync(true)).action).toBe('current');
    now = new Date('2026-11-22T12:00:00Z');
    try {
      expect((await sync(true)).action).toBe('loaded');
      const bondi = await idOf('nsw-2026-bondi-beach');
      const { beach, todayPosts } = BeachDetailResponseSchema.parse(
        (await t.app.inject(`/api/v4/beach/${bondi}`)).json(),
      );
      expect(Object.keys(beach.attendances).at(-1)).toBe('Sun, 22 Nov');
      expect(todayPosts[0]!.local_timestamp).toBe('2026-11-22T07:30:00');
      // Only one day of sample rows exists: yesterday's were replaced, not kept.
      expect(await count('beach_posts', 1)).toBe(12);
      const removed = await sync(false);
      expect(removed.action).toBe('removed');
      expect(await count('patrol_seasons', 1)).toBe(0);
      expect((await sync(false)).action).toBe('none');
    } finally {
      now = new Date('2026-11-21T12:00:00Z');
    }
  });

  it('off, removes sample rows even when their load record is gone', async () => {
    const sync = (enabled: boolean) => syncSampleData(t.handle.db, { ...options(), enabled });
    expect((await sync(true)).action).toBe('loaded');
    await t.handle.db.deleteFrom('app_meta').where('key', '=', SAMPLE_META_KEY).execute();
    expect((await sync(false)).action).toBe('removed');
    for (const table of ['patrol_seasons', 'attendance_records', 'beach_posts'] as const) {
      expect(await count(table, 1), table).toBe(0);
    }
    expect((await sync(false)).action).toBe('none');
  });
});
