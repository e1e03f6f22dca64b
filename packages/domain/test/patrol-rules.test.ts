import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_CHART_HOURS,
  AttendancesSchema,
  PATROL_WINDOW_DAYS,
  PatrolDaySchema,
  PatrolledTodaySchema,
  ScheduleDateSchema,
  attendanceDayLabel,
  attendanceTabs,
  groupAttendances,
  hourLabel,
  localDate,
  patrolDay,
  patrolledToday,
  scheduleDates,
  seasonWindowOn,
  windowDates,
  type PatrolSeasonRule,
} from '../src/index.ts';

const WEEKENDS: PatrolSeasonRule = {
  club_id: 1,
  starts_on: '2026-09-26',
  ends_on: '2027-04-25',
  hours: [
    { weekday: 6, start_time: '09:00', end_time: '17:00' },
    { weekday: 0, start_time: '09:00', end_time: '17:00' },
    { weekday: 7, start_time: '08:00', end_time: '18:00' },
  ],
  exceptions: [
    { date: '2026-12-26', is_patrol: 0, start_time: null, end_time: null },
    { date: '2026-12-02', is_patrol: 1, start_time: '15:00', end_time: '18:00' },
  ],
};
const NSW_HOLIDAYS = new Map([
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-26', 'Boxing Day'],
  ['2026-12-28', 'Boxing Day (additional day)'],
  ['2027-01-26', 'Australia Day'],
]);
const NONE = new Map<string, string>();

describe('a season expanded to days', () => {
  it('patrols its weekdays inside the season and nothing outside', () => {
    expect(seasonWindowOn(WEEKENDS, '2026-11-21', null)).toEqual({ start: '09:00', end: '17:00' }); // Sat
    expect(seasonWindowOn(WEEKENDS, '2026-11-23', null)).toBeNull(); // Mon: in season, no hours
    expect(seasonWindowOn(WEEKENDS, '2026-09-25', null)).toBeUndefined(); // the day before
    expect(seasonWindowOn(WEEKENDS, '2027-04-26', null)).toBeUndefined(); // the day after
  });

  it('includes both boundary days', () => {
    expect(patrolDay([WEEKENDS], '2026-09-26', NONE)).toMatchObject({ is_patrol: 1, start_time: '09:00' });
    expect(patrolDay([WEEKENDS], '2027-04-25', NONE)).toMatchObject({ is_patrol: 1, end_time: '17:00' });
    expect(patrolDay([WEEKENDS], '2026-09-20', NONE)).toEqual({
      date: '2026-09-20',
      is_patrol: 0,
      start_time: null,
      end_time: null,
      public_holiday: null,
    });
  });

  it('uses the public holiday hours on a holiday, even on a weekday without hours', () => {
    // Christmas 2026 is a Friday: no Friday hours, but holiday hours apply.
    expect(patrolDay([WEEKENDS], '2026-12-25', NSW_HOLIDAYS)).toEqual(
      PatrolDaySchema.parse({
        date: '2026-12-25',
        is_patrol: 1,
        start_time: '08:00',
        end_time: '18:00',
        public_holiday: 'Christmas Day',
      }),
    );
    // A Monday additional day also gets the holiday hours.
    expect(patrolDay([WEEKENDS], '2026-12-28', NSW_HOLIDAYS).start_time).toBe('08:00');
  });

  it('keeps the weekday hours on a holiday when the season has no holiday hours', () => {
    const noHolidayHours = { ...WEEKENDS, hours: WEEKENDS.hours.filter((h) => h.weekday !== 7) };
    expect(patrolDay([noHolidayHours], '2027-01-26', NSW_HOLIDAYS)).toMatchObject({
      is_patrol: 0,
      public_holiday: 'Australia Day',
    });
    expect(patrolDay([noHolidayHours], '2026-12-26', new Map([['2026-12-26', 'x']]))).toMatchObject({
      is_patrol: 0, // the exception cancels it
    });
  });

  it('lets an exception override weekday and holiday hours', () => {
    // Boxing Day 2026 is a Saturday and a holiday, but the exception cancels the patrol.
    expect(patrolDay([WEEKENDS], '2026-12-26', NSW_HOLIDAYS)).toMatchObject({
      is_patrol: 0,
      public_holiday: 'Boxing Day',
    });
    // A Wednesday with an extra patrol.
    expect(patrolDay([WEEKENDS], '2026-12-02', NONE)).toMatchObject({
      is_patrol: 1,
      start_time: '15:00',
      end_time: '18:00',
    });
  });

  it('joins overlapping seasons of a club into one span', () => {
    const schoolHolidays: PatrolSeasonRule = {
      club_id: 1,
      starts_on: '2026-12-19',
      ends_on: '2027-01-27',
      hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '10:00', end_time: '18:00' })),
      exceptions: [],
    };
    expect(patrolDay([WEEKENDS, schoolHolidays], '2027-01-05', NONE)).toMatchObject({
      is_patrol: 1,
      start_time: '10:00',
      end_time: '18:00',
    });
    expect(patrolDay([WEEKENDS, schoolHolidays], '2027-01-09', NONE)).toMatchObject({
      start_time: '09:00',
      end_time: '18:00',
    });
  });
});

describe('the patrols window', () => {
  it(`lists ${PATROL_WINDOW_DAYS} days with short labels`, () => {
    const dates = scheduleDates('2026-11-28');
    expect(dates).toHaveLength(PATROL_WINDOW_DAYS);
    for (const d of dates) ScheduleDateSchema.parse(d);
    expect(dates[0]).toEqual({ day: 'Sat', date: '2026-11-28', simple: '28 Nov' });
    expect(dates[4]).toEqual({ day: 'Wed', date: '2026-12-02', simple: '02 Dec' });
    expect(dates.at(-1)).toEqual({ day: 'Fri', date: '2026-12-04', simple: '04 Dec' });
    expect(windowDates('2026-12-29', 5)).toEqual([
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });
});

describe('is_patrolled_today', () => {
  it('is null when we hold no schedule near today, never "not patrolled"', () => {
    expect(patrolledToday([], '2026-11-21', NONE)).toBeNull();
    const old = { ...WEEKENDS, starts_on: '2023-09-30', ends_on: '2024-04-28' };
    expect(patrolledToday([old], '2026-11-21', NONE)).toBeNull();
  });

  it('is flag 0 out of season or on a day without hours, when a schedule is known', () => {
    expect(patrolledToday([WEEKENDS], '2026-11-23', NONE)).toEqual({
      flag: 0,
      start: null,
      end: null,
      is_sample: false,
    });
    expect(patrolledToday([WEEKENDS], '2027-06-12', NONE)?.flag).toBe(0); // winter Saturday
  });

  it('spans all the clubs patrolling today and says when the schedule is sample data', () => {
    const other: PatrolSeasonRule = {
      ...WEEKENDS,
      club_id: 2,
      hours: [{ weekday: 6, start_time: '10:00', end_time: '18:00' }],
      exceptions: [],
      is_sample: true,
    };
    const today = patrolledToday([WEEKENDS, other], '2026-11-21', NONE);
    expect(PatrolledTodaySchema.parse(today)).toEqual({
      flag: 1,
      start: '09:00',
      end: '18:00',
      is_sample: true,
    });
  });

  it("follows the beach's own date: Perth and Sydney can differ at the same instant", () => {
    const instant = new Date('2026-11-21T14:30:00Z'); // Sunday in Sydney, still Saturday in Perth
    const saturdayOnly = { ...WEEKENDS, hours: [{ weekday: 6, start_time: '09:00', end_time: '17:00' }] };
    expect(patrolledToday([saturdayOnly], localDate(instant, 'Australia/Perth'), NONE)?.flag).toBe(1);
    expect(patrolledToday([saturdayOnly], localDate(instant, 'Australia/Sydney'), NONE)?.flag).toBe(0);
  });
});

describe('attendance', () => {
  const record = (local_date: string, hour: number, people = 10) => ({
    local_date,
    hour,
    people_on_beach: people,
    swimmers: 4,
    swimmers_outside_flags: 1,
    crafts: 0,
  });

  it('labels days "Tue, 05 Mar"', () => {
    expect(attendanceDayLabel('2024-03-05')).toBe('Tue, 05 Mar');
    expect(attendanceDayLabel('2026-11-21')).toBe('Sat, 21 Nov');
  });

  it('keeps the last 7 days with records, oldest first, hours in order, nothing after today', () => {
    const days = [
      '2026-10-30',
      '2026-11-01',
      '2026-11-03',
      '2026-11-07',
      '2026-11-10',
      '2026-11-14',
      '2026-11-18',
      '2026-11-20',
    ];
    const records = [
      ...days.flatMap((d) => [record(d, 14), record(d, 6), record(d, 9)]),
      record('2026-11-22', 10), // tomorrow at the beach
    ];
    const grouped = AttendancesSchema.parse(groupAttendances(records.reverse(), '2026-11-21'));
    expect(Object.keys(grouped)).toEqual([
      'Sun, 01 Nov',
      'Tue, 03 Nov',
      'Sat, 07 Nov',
      'Tue, 10 Nov',
      'Sat, 14 Nov',
      'Wed, 18 Nov',
      'Fri, 20 Nov',
    ]);
    expect(grouped['Fri, 20 Nov']!.map((r) => r.hour)).toEqual([6, 9, 14]);
    expect(grouped['Fri, 20 Nov']![0]).toEqual({
      hour: 6,
      people_on_beach: 10,
      swimmers: 4,
      swimmers_outside_flags: 1,
      crafts: 0,
    });
  });

  it('selects the latest tab when it is today, else adds an empty "Today" tab', () => {
    const withToday = groupAttendances([record('2026-11-20', 9), record('2026-11-21', 9)], '2026-11-21');
    expect(attendanceTabs(withToday, '2026-11-21')).toEqual({
      tabs: ['Fri, 20 Nov', 'Sat, 21 Nov'],
      selected: 'Sat, 21 Nov',
      todayHasNoRecords: false,
    });
    const yesterdayOnly = groupAttendances([record('2026-11-20', 9)], '2026-11-21');
    expect(attendanceTabs(yesterdayOnly, '2026-11-21')).toEqual({
      tabs: ['Fri, 20 Nov', 'Today'],
      selected: 'Today',
      todayHasNoRecords: true,
    });
    expect(attendanceTabs({}, '2026-11-21').selected).toBe('Today');
  });

  it('draws hours 6 am to 7 pm', () => {
    expect(ATTENDANCE_CHART_HOURS[0]).toBe(6);
    expect(ATTENDANCE_CHART_HOURS.at(-1)).toBe(19);
    expect(ATTENDANCE_CHART_HOURS.map(hourLabel).slice(5, 8)).toEqual(['11am', '12pm', '1pm']);
    expect(hourLabel(19)).toBe('7pm');
    expect(hourLabel(0)).toBe('12am');
  });
});
