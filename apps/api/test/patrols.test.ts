import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BeachDetailResponseSchema,
  PatrolsResponseSchema,
  ValidationErrorSchema,
  type PatrolsResponse,
} from '@safeshore/domain';
import { importAttendance } from '../src/db/seed/attendance.ts';
import { HOLIDAYS_FILE, importHolidays } from '../src/db/seed/holidays.ts';
import { importPatrols } from '../src/db/seed/patrols.ts';
import { importPosts } from '../src/db/seed/posts.ts';
import { mergeTodayPosts } from '../src/modules/beaches/beaches.presenter.ts';
import { patrolledToday } from '../src/modules/patrols/index.ts';
import { DATA_DIR, startTestApp, type TestApp } from './helpers.ts';

let now = new Date('2026-11-21T02:00:00Z'); // Saturday 1 pm in Sydney, 10 am in Perth
let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-patrols-'));
const ids: Record<string, number> = {};
const clubs: Record<string, number> = {};

function csv(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const PATROL_HEADER = 'beach,club,starts_on,ends_on,days,start_time,end_time,exception_date,note,source';

beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  const db = t.handle.db;
  expect((await importHolidays(db, path.join(DATA_DIR, HOLIDAYS_FILE))).written).toBe(true);
  for (const key of ['nsw-2026-bondi-beach', 'wa-6011-cottesloe-beach', 'nsw-2026-tamarama-beach']) {
    ids[key] = (
      await db.selectFrom('beaches').select('id').where('key', '=', key).executeTakeFirstOrThrow()
    ).id;
  }
  for (const row of await db.selectFrom('clubs').select(['id', 'title']).execute()) clubs[row.title] = row.id;
  // Lord Howe Island keeps its own clock (+10:30, half-hour daylight saving).
  const bondi = await db
    .selectFrom('beaches')
    .selectAll()
    .where('key', '=', 'nsw-2026-bondi-beach')
    .executeTakeFirstOrThrow();
  const { id: _id, ...copy } = bondi;
  ids['lord-howe'] = (
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

  const report = await importPatrols(
    db,
    csv('roster.csv', [
      PATROL_HEADER,
      `nsw-2026-bondi-beach,Bondi Surf Bathers' Life Saving Club,2026-09-26,2027-04-25,sat sun,09:00,17:00,,,Test roster`,
      `nsw-2026-bondi-beach,Bondi Surf Bathers' Life Saving Club,2026-09-26,2027-04-25,ph,08:00,18:00,,,Test roster`,
      `nsw-2026-bondi-beach,Bondi Surf Bathers' Life Saving Club,2026-09-26,2027-04-25,,,,2026-12-26,Club carnival,Test roster`,
      `nsw-2026-bondi-beach,Bondi Surf Bathers' Life Saving Club,2026-09-26,2027-04-25,,15:00,18:00,2026-12-02,Twilight patrol,Test roster`,
      `nsw-2026-bondi-beach,North Bondi SLSC,2026-10-03,2027-03-28,sat,10:00,16:00,,,Test roster`,
      `wa-6011-cottesloe-beach,Cottesloe Surf Life Saving Club,2026-09-26,2027-04-25,sat,09:00,17:00,,,Test roster`,
      // Sunday only, for the daylight saving days (no public holiday hours).
      `nsw-2026-tamarama-beach,Tamarama SLSC,2026-03-01,2026-12-31,sun,09:00,17:00,,,Test roster`,
      `nsw-2898-test-lord-howe-beach,${clubs['Tamarama SLSC']},2026-03-01,2026-12-31,sun,09:00,17:00,,,Test roster`,
    ]),
  );
  expect(report.rejected).toEqual([]);
  expect(report.added).toBe(5);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function patrols(url: string): Promise<PatrolsResponse> {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return PatrolsResponseSchema.parse(res.json());
}

async function detail(key: string) {
  const res = await t.app.inject(`/api/v4/beach/${ids[key]}`);
  expect(res.statusCode).toBe(200);
  return BeachDetailResponseSchema.parse(res.json());
}

describe('GET /api/v4/beach/{beachId}/patrols', () => {
  it('answers the week from the date asked for, per club, in the contract shape', async () => {
    const body = await patrols(`/api/v4/beach/${ids['nsw-2026-bondi-beach']}/patrols?date=2026-11-21`);
    expect(body.date).toBe('2026-11-21');
    expect(body.timezone).toBe('Australia/Sydney');
    expect(body.is_sample).toBe(false);
    expect(body.source).toBe('Test roster');
    expect(body.schedule_dates.map((d) => `${d.day} ${d.simple}`)).toEqual([
      'Sat 21 Nov',
      'Sun 22 Nov',
      'Mon 23 Nov',
      'Tue 24 Nov',
      'Wed 25 Nov',
      'Thu 26 Nov',
      'Fri 27 Nov',
    ]);
    const bathers = body.patrols[String(clubs["Bondi Surf Bathers' Life Saving Club"])]!;
    expect(bathers.name).toBe("Bondi Surf Bathers' Life Saving Club");
    expect(bathers.days.map((d) => d.is_patrol)).toEqual([1, 1, 0, 0, 0, 0, 0]);
    expect(bathers.days[0]).toEqual({
      date: '2026-11-21',
      is_patrol: 1,
      start_time: '09:00',
      end_time: '17:00',
      public_holiday: null,
    });
    expect(bathers.days[2]).toMatchObject({ is_patrol: 0, start_time: null, end_time: null });
    const north = body.patrols[String(clubs['North Bondi SLSC'])]!;
    expect(north.days.map((d) => d.start_time)).toEqual(['10:00', null, null, null, null, null, null]);
  });

  it("starts at today in the beach's own time zone when no date is given", async () => {
    now = new Date('2026-11-21T14:30:00Z'); // Sunday 1:30 am in Sydney, Saturday 10:30 pm in Perth
    try {
      expect((await patrols(`/api/v4/beach/${ids['nsw-2026-bondi-beach']}/patrols`)).date).toBe('2026-11-22');
      const perth = await patrols(`/api/v4/beach/${ids['wa-6011-cottesloe-beach']}/patrols`);
      expect(perth.date).toBe('2026-11-21');
      expect(perth.timezone).toBe('Australia/Perth');
      expect(perth.schedule_dates[0]).toEqual({ day: 'Sat', date: '2026-11-21', simple: '21 Nov' });
    } finally {
      now = new Date('2026-11-21T02:00:00Z');
    }
  });

  it('moves the window with the date picked, naming holidays and using their hours', async () => {
    const body = await patrols(`/api/v4/beach/${ids['nsw-2026-bondi-beach']}/patrols?date=2026-12-24`);
    expect(body.schedule_dates[0]!.date).toBe('2026-12-24');
    expect(body.schedule_dates.at(-1)!.date).toBe('2026-12-30');
    const days = body.patrols[String(clubs["Bondi Surf Bathers' Life Saving Club"])]!.days;
    const byDate = Object.fromEntries(days.map((d) => [d.date, d]));
    // Christmas Day is a Friday: no Friday hours, but the holiday hours apply.
    expect(byDate['2026-12-25']).toEqual({
      date: '2026-12-25',
      is_patrol: 1,
      start_time: '08:00',
      end_time: '18:00',
      public_holiday: 'Christmas Day',
    });
    // Boxing Day (Saturday) is cancelled by an exception, still named as a holiday.
    expect(byDate['2026-12-26']).toMatchObject({ is_patrol: 0, public_holiday: 'Boxing Day' });
    // Sunday: the weekend hours.
    expect(byDate['2026-12-27']).toMatchObject({ is_patrol: 1, start_time: '09:00', public_holiday: null });
    // The additional Monday holiday gets the holiday hours.
    expect(byDate['2026-12-28']).toMatchObject({
      is_patrol: 1,
      start_time: '08:00',
      end_time: '18:00',
      public_holiday: 'Boxing Day (additional day)',
    });
    expect(byDate['2026-12-29']).toMatchObject({ is_patrol: 0, public_holiday: null });
  });

  it('applies a one-off exception on a day without weekly hours', async () => {
    const body = await patrols(`/api/v4/beach/${ids['nsw-2026-bondi-beach']}/patrols?date=2026-11-30`);
    const days = body.patrols[String(clubs["Bondi Surf Bathers' Life Saving Club"])]!.days;
    expect(days.find((d) => d.date === '2026-12-02')).toMatchObject({
      is_patrol: 1,
      start_time: '15:00',
      end_time: '18:00',
    });
    expect(days.find((d) => d.date === '2026-12-01')).toMatchObject({ is_patrol: 0 });
  });

  it('includes the first and last day of a season and lists only clubs whose season touches the window', async () => {
    const start = await patrols(`/api/v4/beach/${ids['nsw-2026-bondi-beach']}/patrols?date=2026-09-22`);
    expect(Object.keys(start.patrols)).toEqual([String(clubs["Bondi Surf Bathers' Life Saving Club"])]);
    const days = start.patrols[String(clubs["Bondi Surf Bathers' Life Saving Club"])]!.days;
    expect(days.map((d) => [d.date, d.is_patrol])).toEqual([
      ['2026-09-22', 0],
      ['2026-09-23', 0],
      ['2026-09-24', 0],
      ['2026-09-25', 0],
      ['2026-09-26', 1], // first day of the season (a Saturday)
      ['2026-09-27', 1],
      ['2026-09-28', 0],
    ]);
    const end = await patrols(`/api/v4/beach/${ids['nsw-2026-bondi-beach']}/patrols?date=2027-04-24`);
    const last = end.patrols[String(clubs["Bondi Surf Bathers' Life Saving Club"])]!.days;
    // 25 April 2027 is Anzac Day (a Sunday) and the season's last day; the Monday after is a holiday out of season.
    expect(last[1]).toMatchObject({
      date: '2027-04-25',
      is_patrol: 1,
      start_time: '08:00',
      public_holiday: 'Anzac Day',
    });
    expect(last[2]).toMatchObject({
      date: '2027-04-26',
      is_patrol: 0,
      public_holiday: 'Anzac Day (additional day)',
    });
    expect(
      (await patrols(`/api/v4/beach/${ids['nsw-2026-bondi-beach']}/patrols?date=2027-06-01`)).patrols,
    ).toEqual({});
  });

  it('answers an empty schedule for a beach without seasons', async () => {
    const other = await t.handle.db
      .selectFrom('beaches')
      .select('id')
      .where('key', '=', 'nsw-2034-coogee-beach')
      .executeTakeFirstOrThrow();
    const body = await patrols(`/api/v4/beach/${other.id}/patrols?date=2026-11-21`);
    expect(body).toMatchObject({ patrols: {}, is_sample: false, source: null });
    expect(body.schedule_dates).toHaveLength(7);
  });

  it('answers 404 for an unknown beach', async () => {
    const res = await t.app.inject('/api/v4/beach/999999999/patrols');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Beach not found.' });
  });

  it('answers 422 on the date for malformed, impossible or far dates, never 500', async () => {
    const beach = ids['nsw-2026-bondi-beach'];
    for (const date of [
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '20261121',
      '2026-11-21T00:00:00Z',
      'today',
      '',
      '2029-01-01',
      '2024-11-01',
      '9999-12-31',
      '0000-01-01',
      "2026-11-21' OR '1'='1",
      '２０２６-11-21',
      'x'.repeat(5000),
    ]) {
      const res = await t.app.inject({ url: `/api/v4/beach/${beach}/patrols`, query: { date } });
      expect(res.statusCode, date.slice(0, 40)).toBe(422);
      const body = ValidationErrorSchema.parse(res.json());
      expect(Object.keys(body.errors)).toEqual(['date']);
    }
    const twice = await t.app.inject(`/api/v4/beach/${beach}/patrols?date=2026-11-21&date=2026-11-22`);
    expect(twice.statusCode).toBe(422);
    // Within about two years either way is fine.
    expect((await t.app.inject(`/api/v4/beach/${beach}/patrols?date=2028-11-01`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/v4/beach/${beach}/patrols?date=2024-12-01`)).statusCode).toBe(200);
  });

  it('answers 422 for a beach id that is not a number, never 500', async () => {
    for (const id of ['abc', '1.5', '-1', '1e3', '0x10', '%20', '12345678901', '%F0%9F%8C%8A']) {
      const res = await t.app.inject(`/api/v4/beach/${id}/patrols`);
      expect(res.statusCode, id).toBe(422);
      expect(ValidationErrorSchema.parse(res.json()).errors).toHaveProperty('beachId');
    }
    const empty = await t.app.inject('/api/v4/beach//patrols');
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
  });

  it('never answers 500 to any id or date (property)', async () => {
    const beach = ids['nsw-2026-bondi-beach']!;
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('2026-02-29', '2028-02-29', '1999-12-31', '${jndi:x}', '\u0000', '%00', '../../etc'),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(text, fc.nat().map(String)), text, async (id, date) => {
        const res = await t.app.inject({
          url: `/api/v4/beach/${encodeURIComponent(id.toWellFormed())}/patrols`,
          query: { date: date.toWellFormed() },
        });
        expect([200, 404, 422]).toContain(res.statusCode);
        if (res.statusCode === 200) PatrolsResponseSchema.parse(res.json());
        const known = await t.app.inject({
          url: `/api/v4/beach/${beach}/patrols`,
          query: { date: date.toWellFormed() },
        });
        expect([200, 422]).toContain(known.statusCode);
      }),
      { numRuns: 150 },
    );
  });

  it('leaves the beach detail and follow routes beside it working', async () => {
    expect((await t.app.inject('/api/v4/beach/nsw/waverley/bondi-beach/bondi-beach')).statusCode).toBe(200);
    expect((await t.app.inject(`/api/v4/beach/${ids['nsw-2026-bondi-beach']}`)).statusCode).toBe(200);
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/v4/beach/${ids['nsw-2026-bondi-beach']}/follow`,
    });
    expect(follow.statusCode).toBe(401);
  });
});

describe('is_patrolled_today', () => {
  const at = async (iso: string, key: string) => {
    now = new Date(iso);
    try {
      return (await detail(key)).beach.is_patrolled_today;
    } finally {
      now = new Date('2026-11-21T02:00:00Z');
    }
  };

  it('is null for a beach we hold no schedule for (unknown, not "no")', async () => {
    const coogee = await t.handle.db
      .selectFrom('beaches')
      .select('id')
      .where('key', '=', 'nsw-2034-coogee-beach')
      .executeTakeFirstOrThrow();
    const body = BeachDetailResponseSchema.parse((await t.app.inject(`/api/v4/beach/${coogee.id}`)).json());
    expect(body.beach.is_patrolled_today).toBeNull();
  });

  it('gives the window of every club patrolling today', async () => {
    expect(await at('2026-11-21T02:00:00Z', 'nsw-2026-bondi-beach')).toEqual({
      flag: 1,
      start: '09:00',
      end: '17:00',
      is_sample: false,
    });
    // Monday: known schedule, no patrol.
    expect(await at('2026-11-23T02:00:00Z', 'nsw-2026-bondi-beach')).toEqual({
      flag: 0,
      start: null,
      end: null,
      is_sample: false,
    });
  });

  it('judges a Perth beach and a Sydney beach on their own dates at the same instant', async () => {
    // 14:30 UTC: Saturday 10:30 pm in Perth, Sunday 1:30 am in Sydney. Both rosters have Saturday hours.
    expect((await at('2026-11-21T14:30:00Z', 'wa-6011-cottesloe-beach'))?.flag).toBe(1);
    expect(await at('2026-11-21T14:30:00Z', 'nsw-2026-bondi-beach')).toMatchObject({
      flag: 1,
      start: '09:00',
    });
    // Sunday in Sydney: only the Bathers patrol (9-5); Saturday in Perth: Cottesloe 9-5.
    const many = await patrolledToday(t.handle.db)(
      [
        ids['wa-6011-cottesloe-beach']!,
        ids['nsw-2026-bondi-beach']!,
        ids['nsw-2026-tamarama-beach']!,
        999999999,
      ],
      new Date('2026-11-22T14:30:00Z'), // Sunday 10:30 pm in Perth, Monday 1:30 am in Sydney
    );
    expect(many.get(ids['wa-6011-cottesloe-beach']!)?.flag).toBe(0); // Sunday in Perth: Saturday-only roster
    expect(many.get(ids['nsw-2026-bondi-beach']!)?.flag).toBe(0); // Monday in Sydney
    expect(many.get(ids['nsw-2026-tamarama-beach']!)?.flag).toBe(0);
    expect(many.has(999999999)).toBe(false);
    const saturday = await patrolledToday(t.handle.db)(
      [ids['wa-6011-cottesloe-beach']!, ids['nsw-2026-tamarama-beach']!],
      new Date('2026-11-21T14:30:00Z'),
    );
    expect(saturday.get(ids['wa-6011-cottesloe-beach']!)?.flag).toBe(1); // still Saturday in Perth
    expect(saturday.get(ids['nsw-2026-tamarama-beach']!)?.flag).toBe(1); // already Sunday in Sydney
  });

  it('follows daylight saving start (4 October 2026) in Sydney', async () => {
    // 13:30 UTC on 3 October is 11:30 pm Saturday (AEST, +10): the Sunday roster does not apply yet.
    expect((await at('2026-10-03T13:30:00Z', 'nsw-2026-tamarama-beach'))?.flag).toBe(0);
    // 14:30 UTC is 12:30 am Sunday, still before the 2 am change.
    expect((await at('2026-10-03T14:30:00Z', 'nsw-2026-tamarama-beach'))?.flag).toBe(1);
    // 13:30 UTC on 4 October is 12:30 am Monday (AEDT, +11).
    expect((await at('2026-10-04T13:30:00Z', 'nsw-2026-tamarama-beach'))?.flag).toBe(0);
  });

  it('follows daylight saving end (5 April 2026) in Sydney', async () => {
    // 13:30 UTC on 5 April is 11:30 pm Sunday (back on AEST, +10): still Easter Sunday.
    expect(await at('2026-04-05T13:30:00Z', 'nsw-2026-tamarama-beach')).toEqual({
      flag: 1,
      start: '09:00',
      end: '17:00',
      is_sample: false,
    });
    // 12:30 UTC on 4 April is 11:30 pm Saturday (AEDT, +11).
    expect((await at('2026-04-04T12:30:00Z', 'nsw-2026-tamarama-beach'))?.flag).toBe(0);
    // 13:30 UTC on 4 April is 12:30 am Sunday (AEDT), before the 3 am change.
    expect((await at('2026-04-04T13:30:00Z', 'nsw-2026-tamarama-beach'))?.flag).toBe(1);
  });

  it("keeps Lord Howe Island's half-hour clock", async () => {
    // Winter: 13:45 UTC Saturday 11 July is 12:15 am Sunday on Lord Howe (+10:30), 11:45 pm Saturday in Sydney.
    expect((await at('2026-07-11T13:45:00Z', 'lord-howe'))?.flag).toBe(1);
    expect((await at('2026-07-11T13:45:00Z', 'nsw-2026-tamarama-beach'))?.flag).toBe(0);
    // 13:15 UTC is still Saturday on Lord Howe (11:45 pm).
    expect((await at('2026-07-11T13:15:00Z', 'lord-howe'))?.flag).toBe(0);
    // On 4 October Lord Howe moves only to +11: 13:15 UTC on 3 October is 11:45 pm Saturday there.
    expect((await at('2026-10-03T13:15:00Z', 'lord-howe'))?.flag).toBe(0);
    expect((await at('2026-10-03T13:30:00Z', 'lord-howe'))?.flag).toBe(1);
  });
});

describe('public attendance and posts on the beach detail', () => {
  it('lists the last 7 days with records, oldest first, hours in order', async () => {
    const lines = ['beach,date,hour,people_on_beach,swimmers,swimmers_outside_flags,crafts,source'];
    const days = [
      '2026-11-05',
      '2026-11-09',
      '2026-11-12',
      '2026-11-14',
      '2026-11-15',
      '2026-11-17',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ];
    for (const day of days)
      for (const hour of [12, 7, 9])
        lines.push(`nsw-2026-bondi-beach,${day},${hour},${hour * 10},${hour},1,0,Test count`);
    lines.push('wa-6011-cottesloe-beach,2026-11-20,9,5,1,0,0,Test count');
    const report = await importAttendance(t.handle.db, csv('attendance.csv', lines), { now });
    expect(report.rejected).toEqual([]);

    const { beach } = await detail('nsw-2026-bondi-beach');
    expect(beach.attendance_is_sample).toBe(false);
    expect(Object.keys(beach.attendances)).toEqual([
      'Thu, 12 Nov',
      'Sat, 14 Nov',
      'Sun, 15 Nov',
      'Tue, 17 Nov',
      'Thu, 19 Nov',
      'Fri, 20 Nov',
      'Sat, 21 Nov',
    ]);
    expect(beach.attendances['Sat, 21 Nov']).toEqual([
      { hour: 7, people_on_beach: 70, swimmers: 7, swimmers_outside_flags: 1, crafts: 0 },
      { hour: 9, people_on_beach: 90, swimmers: 9, swimmers_outside_flags: 1, crafts: 0 },
      { hour: 12, people_on_beach: 120, swimmers: 12, swimmers_outside_flags: 1, crafts: 0 },
    ]);
    expect(Object.keys((await detail('wa-6011-cottesloe-beach')).beach.attendances)).toEqual(['Fri, 20 Nov']);
    expect((await detail('nsw-2026-tamarama-beach')).beach.attendances).toEqual({});
  });

  it("shows today's posted updates with the uploaded ones, photo first", async () => {
    const report = await importPosts(
      t.handle.db,
      csv('posts.csv', [
        'beach,date,time,point_id,label,image_url,link,first_name',
        'nsw-2026-bondi-beach,today,08:00,3,Rip currents,/media/rip-current.svg,/surf-safety/ripcurrents,',
        'nsw-2026-bondi-beach,2026-11-21,07:00,1,Photo of the day,/media/beach-flags.svg,,Kim',
        'nsw-2026-bondi-beach,2026-11-20,07:00,2,Yesterday,,,',
      ]),
      { now },
    );
    expect(report.rejected).toEqual([]);
    const { todayPosts } = await detail('nsw-2026-bondi-beach');
    expect(todayPosts).toEqual([
      {
        point_id: 1,
        local_timestamp: '2026-11-21T07:00:00',
        meta: {
          label: 'Photo of the day',
          image_url: '/media/beach-flags.svg',
          first_name: 'Kim',
          sample: false,
        },
      },
      {
        point_id: 3,
        local_timestamp: '2026-11-21T08:00:00',
        meta: {
          label: 'Rip currents',
          image_url: '/media/rip-current.svg',
          link: '/surf-safety/ripcurrents',
          sample: false,
        },
      },
    ]);
  });
});

describe("merging today's posts", () => {
  const post = (point_id: number, time: string, sample: boolean) => ({
    point_id,
    local_timestamp: `2026-11-21T${time}:00`,
    meta: { label: `p${point_id}`, sample },
  });
  it('puts the photo card first and lets an uploaded photo of the day replace a posted one', () => {
    const uploaded = [
      { point_id: 1, local_timestamp: '2026-11-21T09:00:00', meta: { image_url: '/uploads/a.webp' } },
    ];
    expect(
      mergeTodayPosts(uploaded, [post(3, '08:00', true), post(1, '07:30', true), post(2, '08:00', true)]),
    ).toEqual([uploaded[0], post(2, '08:00', true), post(3, '08:00', true)]);
    expect(
      mergeTodayPosts([], [post(2, '08:00', false), post(1, '07:30', true)]).map((p) => p.point_id),
    ).toEqual([1, 2]);
  });
});
