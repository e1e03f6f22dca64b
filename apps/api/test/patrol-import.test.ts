import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.ts';
import { importAttendance } from '../src/db/seed/attendance.ts';
import { ImportFileError } from '../src/db/seed/beach-rows.ts';
import { importHolidays } from '../src/db/seed/holidays.ts';
import { seedBundledData } from '../src/db/seed/index.ts';
import { importPatrols } from '../src/db/seed/patrols.ts';
import { importPosts } from '../src/db/seed/posts.ts';
import type { DB } from '../src/db/schema.ts';
import { DATA_DIR, openTestDatabase } from './helpers.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-imports-'));
const NOW = new Date('2026-11-21T02:00:00Z'); // 1 pm in Sydney

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedBundledData(handle.db, DATA_DIR);
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function csv(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

type Table = keyof Pick<
  DB,
  | 'patrol_seasons'
  | 'patrol_hours'
  | 'patrol_exceptions'
  | 'attendance_records'
  | 'beach_posts'
  | 'public_holidays'
>;
async function snapshot(...tables: Table[]) {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await handle.db.selectFrom(table).selectAll().execute();
  return out;
}

const PATROLS = 'beach,club,starts_on,ends_on,days,start_time,end_time,exception_date,note,source';

describe('import-patrols', () => {
  const good = () =>
    csv('patrols.csv', [
      PATROLS,
      'nsw-2095-manly-beach,Manly Life Saving Club,2026-09-26,2027-04-25,weekends,09:00,17:00,,,Club roster',
      'nsw-2095-manly-beach,manly life saving club,2026-09-26,2027-04-25,ph,08:00,18:00,,,Club roster',
      'nsw-2095-manly-beach,Manly Life Saving Club,2026-09-26,2027-04-25,,,,2026-12-25,Christmas,Club roster',
      '"nsw-2095-manly-beach","Manly Life Saving Club",2026-12-19,2027-01-26,mon tue wed thu fri,10:00,16:00,,,Club roster',
    ]);

  it('adds seasons with their hours and exceptions, and a re-run changes nothing', async () => {
    const first = await importPatrols(handle.db, good());
    expect(first).toMatchObject({ added: 2, updated: 0, unchanged: 0, rejected: [], written: true });
    const hours = await handle.db
      .selectFrom('patrol_hours as h')
      .innerJoin('patrol_seasons as s', 's.id', 'h.season_id')
      .select(['s.starts_on', 'h.weekday', 'h.start_time'])
      .orderBy('s.starts_on')
      .orderBy('h.weekday')
      .execute();
    expect(hours.map((h) => `${h.starts_on}:${h.weekday}:${h.start_time}`)).toEqual([
      '2026-09-26:0:09:00',
      '2026-09-26:6:09:00',
      '2026-09-26:7:08:00',
      '2026-12-19:1:10:00',
      '2026-12-19:2:10:00',
      '2026-12-19:3:10:00',
      '2026-12-19:4:10:00',
      '2026-12-19:5:10:00',
    ]);
    const exception = await handle.db.selectFrom('patrol_exceptions').selectAll().executeTakeFirstOrThrow();
    expect(exception).toMatchObject({
      date: '2026-12-25',
      is_patrol: 0,
      start_time: null,
      note: 'Christmas',
    });

    const before = await snapshot('patrol_seasons', 'patrol_hours', 'patrol_exceptions');
    const again = await importPatrols(handle.db, good());
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 2, written: true });
    expect(await snapshot('patrol_seasons', 'patrol_hours', 'patrol_exceptions')).toEqual(before);
  });

  it('updates a season whose hours changed', async () => {
    const changed = csv('changed.csv', [
      PATROLS,
      'nsw-2095-manly-beach,Manly Life Saving Club,2026-09-26,2027-04-25,weekends,08:30,17:30,,,Club roster',
      'nsw-2095-manly-beach,Manly Life Saving Club,2026-09-26,2027-04-25,ph,08:00,18:00,,,Club roster',
    ]);
    expect(await importPatrols(handle.db, changed)).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
    const exceptions = await handle.db.selectFrom('patrol_exceptions').selectAll().execute();
    expect(exceptions).toEqual([]); // the season now is exactly what the file says
  });

  it('reports every bad row with its line and reason, and writes nothing', async () => {
    const before = await snapshot('patrol_seasons', 'patrol_hours', 'patrol_exceptions');
    const bad = csv('bad-patrols.csv', [
      PATROLS,
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26,2027-04-25,sat,09:00,17:00,,,Roster', // good
      'nsw-9999-atlantis-beach,North Bondi SLSC,2026-09-26,2027-04-25,sat,09:00,17:00,,,Roster',
      'nsw-2026-bondi-beach,Atlantis SLSC,2026-09-26,2027-04-25,sat,09:00,17:00,,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26,2027-04-25,saturday,09:00,17:00,,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26,2027-04-25,sun,17:00,09:00,,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26,2027-04-25,sat,10:00,16:00,,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26,2027-04-25,,,,2027-06-01,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26,2027-04-25,sun,09:00,17:00,2026-12-25,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26,2027-04-25,ph,25:00,26:00,,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26,2027-05-25,mon,09:00,17:00,,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2027-09-26,2026-04-25,sat,09:00,17:00,,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-02-30,2027-04-25,sat,09:00,17:00,,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26,2027-04-25,tue,09:00,17:00,,,',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26,2027-04-25,wed,09:00,,,,Roster',
      'nsw-2026-bondi-beach,North Bondi SLSC,2026-09-26',
    ]);
    const report = await importPatrols(handle.db, bad);
    expect(report.written).toBe(false);
    expect(report.added).toBe(0);
    const reasons = Object.fromEntries(report.rejected.map((r) => [r.line, r.reasons.join('; ')]));
    expect(reasons[3]).toMatch(/no beach with key nsw-9999-atlantis-beach/);
    expect(reasons[4]).toMatch(/"Atlantis SLSC" is not a club/);
    expect(reasons[5]).toMatch(/days must list mon, tue/);
    expect(reasons[6]).toMatch(/end_time must be after start_time/);
    expect(reasons[7]).toMatch(/Saturday already has hours on line 2/);
    expect(reasons[8]).toMatch(/exception_date is outside the season/);
    expect(reasons[9]).toMatch(/either days .* or exception_date/);
    expect(reasons[10]).toMatch(/start_time must be a time HH:MM/);
    expect(reasons[11]).toMatch(/ends_on 2027-05-25 differs from 2027-04-25 on line 2/);
    expect(reasons[12]).toMatch(/ends_on is before starts_on/);
    expect(reasons[13]).toMatch(/starts_on must be a real date/);
    expect(reasons[14]).toMatch(/source is required/);
    expect(reasons[15]).toMatch(/start_time and end_time are required with days/);
    expect(reasons[16]).toMatch(/has 3 fields/);
    expect(report.rejected.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(await snapshot('patrol_seasons', 'patrol_hours', 'patrol_exceptions')).toEqual(before);
  });

  it('refuses files it cannot read as a whole', async () => {
    await expect(importPatrols(handle.db, csv('unknown.csv', ['beach,club,colour']))).rejects.toThrow(
      /Unknown column\(s\): colour/,
    );
    await expect(importPatrols(handle.db, csv('missing.csv', ['beach,club']))).rejects.toThrow(
      /Missing column\(s\): starts_on/,
    );
    await expect(importPatrols(handle.db, csv('empty.csv', []))).rejects.toThrow(ImportFileError);
    const json = path.join(dir, 'patrols.json');
    fs.writeFileSync(json, '[]');
    await expect(importPatrols(handle.db, json)).rejects.toThrow(/use a \.csv file/);
    await expect(importPatrols(handle.db, csv('quote.csv', [PATROLS, '"unterminated']))).rejects.toThrow(
      /Unterminated/,
    );
  });

  it('accepts a club by id', async () => {
    const club = await handle.db
      .selectFrom('clubs')
      .select('id')
      .where('title', '=', 'North Bondi SLSC')
      .executeTakeFirstOrThrow();
    const report = await importPatrols(
      handle.db,
      csv('by-id.csv', [
        PATROLS,
        `nsw-2026-bondi-beach,${club.id},2026-09-26,2027-04-25,sat,09:00,17:00,,,Roster`,
      ]),
    );
    expect(report).toMatchObject({ added: 1, rejected: [] });
  });
});

const ATTENDANCE = 'beach,date,hour,people_on_beach,swimmers,swimmers_outside_flags,crafts,source';

describe('import-attendance', () => {
  const good = () =>
    csv('attendance.csv', [
      ATTENDANCE,
      'nsw-2026-bondi-beach,2026-11-20,9,120,40,3,2,Lifeguard count',
      'nsw-2026-bondi-beach,today,9,150,60,5,1,Lifeguard count',
      'nsw-2026-bondi-beach,today-2,13,400,150,12,4,Lifeguard count',
      'wa-6011-cottesloe-beach,today,9,80,20,1,0,Lifeguard count',
    ]);

  it('adds records, resolving relative days at each beach, and a re-run changes nothing', async () => {
    const first = await importAttendance(handle.db, good(), { now: NOW });
    expect(first).toMatchObject({ added: 4, updated: 0, unchanged: 0, rejected: [], written: true });
    const rows = await handle.db
      .selectFrom('attendance_records as a')
      .innerJoin('beaches as b', 'b.id', 'a.beach_id')
      .select(['b.key', 'a.local_date', 'a.hour', 'a.source', 'a.is_sample'])
      .orderBy('b.key')
      .orderBy('a.local_date')
      .execute();
    expect(rows.map((r) => `${r.key} ${r.local_date} ${r.hour}`)).toEqual([
      'nsw-2026-bondi-beach 2026-11-19 13',
      'nsw-2026-bondi-beach 2026-11-20 9',
      'nsw-2026-bondi-beach 2026-11-21 9',
      'wa-6011-cottesloe-beach 2026-11-21 9',
    ]);
    expect(rows.every((r) => r.source === 'Lifeguard count' && r.is_sample === 0)).toBe(true);
    const before = await snapshot('attendance_records');
    expect(await importAttendance(handle.db, good(), { now: NOW })).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 4,
    });
    expect(await snapshot('attendance_records')).toEqual(before);
  });

  it('rejects bad rows with reasons and writes nothing', async () => {
    const before = await snapshot('attendance_records');
    const report = await importAttendance(
      handle.db,
      csv('bad-attendance.csv', [
        ATTENDANCE,
        'nsw-2026-bondi-beach,2026-11-18,9,10,5,1,0,Count', // good
        'nsw-2026-bondi-beach,2026-11-18,24,10,5,1,0,Count',
        'nsw-2026-bondi-beach,2026-11-18,10,-1,5,1,0,Count',
        'nsw-2026-bondi-beach,2026-11-18,11,10,5,9,0,Count',
        'nsw-2026-bondi-beach,today,15,10,5,1,0,Count',
        'nsw-2026-bondi-beach,2026-11-18,9,12,5,1,0,Count',
        'nsw-2026-bondi-beach,yesterday,9,10,5,1,0,Count',
        'nsw-2026-bondi-beach,today-400,9,10,5,1,0,Count',
        'nsw-2026-bondi-beach,2026-11-18,12,ten,5,1,0,Count',
        'nsw-2026-bondi-beach,2026-11-18,13,10,5,1,0,',
        'nsw-2026-bondi-beach,2026-11-18,14,10.5,5,1,0,Count',
      ]),
      { now: NOW },
    );
    expect(report.written).toBe(false);
    const reasons = Object.fromEntries(report.rejected.map((r) => [r.line, r.reasons.join('; ')]));
    expect(reasons[3]).toMatch(/hour must be an hour 0-23/);
    expect(reasons[4]).toMatch(/people_on_beach must not be negative/);
    expect(reasons[5]).toMatch(/swimmers_outside_flags must not be more than swimmers/);
    expect(reasons[6]).toMatch(/in the future at the beach/);
    expect(reasons[7]).toMatch(/duplicate of line 2/);
    expect(reasons[8]).toMatch(/date must be a date YYYY-MM-DD/);
    expect(reasons[9]).toMatch(/at most 366 days back/);
    expect(reasons[10]).toMatch(/people_on_beach must be a number/);
    expect(reasons[11]).toMatch(/source is required/);
    expect(reasons[12]).toMatch(/must be a whole number/);
    expect(report.rejected).toHaveLength(10);
    expect(await snapshot('attendance_records')).toEqual(before);
  });
});

const POSTS = 'beach,date,time,point_id,label,image_url,link,first_name';

describe('import-posts', () => {
  it('adds posts and a re-run changes nothing', async () => {
    const file = csv('posts.csv', [
      POSTS,
      'nsw-2026-bondi-beach,today,07:00,1,Photo of the day,/media/beach-flags.svg,,Kim',
      'nsw-2026-bondi-beach,today,08:00,2,Rip currents,https://example.org/rip.png,/surf-safety/ripcurrents,',
    ]);
    expect(await importPosts(handle.db, file, { now: NOW })).toMatchObject({ added: 2, rejected: [] });
    const before = await snapshot('beach_posts');
    expect(await importPosts(handle.db, file, { now: NOW })).toMatchObject({ added: 0, unchanged: 2 });
    expect(await snapshot('beach_posts')).toEqual(before);
    const meta = (before.beach_posts as Array<{ point_id: number; meta: string }>).find(
      (p) => p.point_id === 2,
    )!;
    expect(JSON.parse(meta.meta)).toEqual({
      label: 'Rip currents',
      image_url: 'https://example.org/rip.png',
      link: '/surf-safety/ripcurrents',
    });
  });

  it('rejects links and images that leave the app or could run script, and writes nothing', async () => {
    const before = await snapshot('beach_posts');
    const report = await importPosts(
      handle.db,
      csv('bad-posts.csv', [
        POSTS,
        'nsw-2026-bondi-beach,today,09:00,2,Fine,,/surf-safety/bluebottle,',
        'nsw-2026-bondi-beach,today,09:00,3,Off-site,,//evil.example/x,',
        'nsw-2026-bondi-beach,today,09:00,4,Script,,javascript:alert(1),',
        'nsw-2026-bondi-beach,today,09:00,5,Plain http,http://example.org/a.png,,',
        'nsw-2026-bondi-beach,today,09:00,1,No image,,,',
        'nsw-2026-bondi-beach,today,09:00,6,Sample media,media:photo-of-the-day.webp,,',
        'nsw-2026-bondi-beach,today,23:00,7,Later,,,',
        'nsw-2026-bondi-beach,today,09:00,0,Zero,,,',
      ]),
      { now: NOW },
    );
    expect(report.written).toBe(false);
    const reasons = Object.fromEntries(report.rejected.map((r) => [r.line, r.reasons.join('; ')]));
    expect(reasons[3]).toMatch(/link must be a path inside the app/);
    expect(reasons[4]).toMatch(/link must be a path inside the app/);
    expect(reasons[5]).toMatch(/image_url must be a path of this app/);
    expect(reasons[6]).toMatch(/image_url is required for point 1/);
    expect(reasons[7]).toMatch(/only for the shipped sample files/);
    expect(reasons[8]).toMatch(/in the future/);
    expect(reasons[9]).toMatch(/point_id must be a whole number 1-99/);
    expect(report.rejected).toHaveLength(7);
    expect(await snapshot('beach_posts')).toEqual(before);
  });
});

describe('import-holidays', () => {
  it('adds, updates and keeps holidays by state and date', async () => {
    const file = csv('holidays.csv', [
      'state,date,name',
      'NSW,2026-12-25,Christmas Day',
      'WA,2026-06-01,Western Australia Day',
      'VIC,2026-11-03,"Melbourne Cup Day, metropolitan"',
    ]);
    expect(await importHolidays(handle.db, file)).toMatchObject({ added: 3, rejected: [], written: true });
    expect(await importHolidays(handle.db, file)).toMatchObject({ added: 0, unchanged: 3 });
    const renamed = csv('renamed.csv', ['state,date,name', 'NSW,2026-12-25,Christmas']);
    expect(await importHolidays(handle.db, renamed)).toMatchObject({ updated: 1 });
  });

  it('rejects bad rows and writes nothing', async () => {
    const before = await snapshot('public_holidays');
    const report = await importHolidays(
      handle.db,
      csv('bad-holidays.csv', [
        'state,date,name',
        'NSW,2027-01-26,Australia Day',
        'XX,2027-01-26,Nowhere Day',
        'QLD,2027-02-30,Impossible Day',
        'NSW,2027-01-26,Australia Day again',
        'SA,2027-03-08,',
      ]),
    );
    expect(report.written).toBe(false);
    expect(report.rejected.map((r) => [r.line, r.reasons.join('; ')])).toEqual([
      [3, expect.stringMatching(/state must be one of NSW/)],
      [4, expect.stringMatching(/date must be a real date/)],
      [5, expect.stringMatching(/duplicate of line 2 \(NSW 2027-01-26\)/)],
      [6, expect.stringMatching(/name is required/)],
    ]);
    expect(await snapshot('public_holidays')).toEqual(before);
  });
});

describe('the admin commands', () => {
  const sqlite = path.join(dir, 'admin.sqlite');
  const uploads = path.join(dir, 'uploads');
  const admin = (...args: string[]) => {
    const run = spawnSync(process.execPath, [path.join(ROOT_DIR, 'apps/api/src/admin.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: '', SQLITE_PATH: sqlite, UPLOADS_DIR: uploads },
      encoding: 'utf8',
    });
    return { code: run.status, out: run.stdout, err: run.stderr };
  };

  // The CLI on its own SQLite file without beaches (loading the sample for real: sample-data.test.ts).
  it('import, report bad rows with exit code 1, load and remove the sample', () => {
    const holidays = admin('import-holidays', path.join(DATA_DIR, 'holidays', 'au-public-holidays.csv'));
    expect(holidays.code).toBe(0);
    expect(holidays.out).toMatch(/\d+ added, 0 updated, 0 unchanged, 0 rejected/);

    const bad = admin(
      'import-patrols',
      csv('cli-bad.csv', [PATROLS, 'nsw-2026-bondi-beach,Nobody,x,y,sat,9,17,,,']),
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/line 2: starts_on must be a real date/);
    expect(bad.out).toMatch(/Nothing was written/);
    expect(admin('import-patrols').code).toBe(2);

    const loaded = admin('load-sample');
    expect(loaded.err).toBe('');
    expect(loaded.code).toBe(0);
    expect(loaded.out).toMatch(/patrols\.csv: 0 added, 0 updated, 0 unchanged, \d+ skipped, 0 rejected/);
    expect(loaded.out).toMatch(/skipped line 2: no beach with key/);
    expect(fs.existsSync(path.join(uploads, 'sample', 'photo-of-the-day.webp'))).toBe(true);
    const removed = admin('remove-sample');
    expect(removed.code).toBe(0);
    expect(removed.out).toBe(
      'Removed sample data: 0 patrol seasons, 0 attendance records, 0 posts, 1 images.\n',
    );
    expect(fs.existsSync(path.join(uploads, 'sample', 'photo-of-the-day.webp'))).toBe(false);
    expect(admin('help').out).toMatch(/load-sample/);
  }, 60_000);
});
