import type { PatrolledTodaySchema } from './contract.ts';
import type { Attendances, AttendanceRecord, PatrolDay, ScheduleDate } from './patrols.ts';
import { PATROL_WINDOW_DAYS } from './patrols.ts';
import { addDays, daysBetween, weekdayOf } from './time.ts';
import type * as z from 'zod/mini';

/**
 * Patrol and attendance rules shared by the API and (offline) the web app. Every date here is a
 * YYYY-MM-DD day in the beach's own calendar and every time an "HH:MM" wall time at the beach, so
 * the rules never need a time zone: callers decide "today" with `localDate(now, beach.timezone)`.
 */

/** patrol_hours.weekday of the hours that apply on the state's public holidays. */
export const PUBLIC_HOLIDAY_WEEKDAY = 7;

/** How many days with records the attendance tabs show. */
export const ATTENDANCE_DAYS = 7;

/** The attendance chart's x-axis: hours 6 am to 7 pm (spec section 2). */
export const ATTENDANCE_CHART_HOURS: readonly number[] = Array.from({ length: 14 }, (_, i) => i + 6);

/** How far from a season a date may be for us to still call the beach's schedule known. */
export const SCHEDULE_KNOWN_WITHIN_DAYS = 366;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export interface PatrolWindow {
  start: string;
  end: string;
}

/** One patrol season of a club at a beach, with its weekly hours and one-off exceptions. */
export interface PatrolSeasonRule {
  club_id: number;
  /** Inclusive first and last day. */
  starts_on: string;
  ends_on: string;
  /** weekday 0 Sunday … 6 Saturday, 7 public holidays. */
  hours: ReadonlyArray<{ weekday: number; start_time: string; end_time: string }>;
  exceptions: ReadonlyArray<{
    date: string;
    is_patrol: number;
    start_time: string | null;
    end_time: string | null;
  }>;
  is_sample?: boolean;
}

/** A state's public holidays: YYYY-MM-DD -> name. */
export type HolidayCalendar = ReadonlyMap<string, string>;

export type PatrolledToday = z.infer<typeof PatrolledTodaySchema>;

export function coversDate(season: Pick<PatrolSeasonRule, 'starts_on' | 'ends_on'>, date: string): boolean {
  return season.starts_on <= date && date <= season.ends_on;
}

/**
 * A season's patrol on one day: undefined when the day is outside the season, null when the
 * season has no patrol that day, else the window. An exception for the day decides alone; on a
 * public holiday the holiday hours (weekday 7) replace the weekday's when the season has them.
 */
export function seasonWindowOn(
  season: PatrolSeasonRule,
  date: string,
  holidayName: string | null,
): PatrolWindow | null | undefined {
  if (!coversDate(season, date)) return undefined;
  const exception = season.exceptions.find((e) => e.date === date);
  if (exception) {
    return exception.is_patrol === 1 && exception.start_time && exception.end_time
      ? { start: exception.start_time, end: exception.end_time }
      : null;
  }
  const holidayHours =
    holidayName === null ? undefined : season.hours.find((h) => h.weekday === PUBLIC_HOLIDAY_WEEKDAY);
  const hours = holidayHours ?? season.hours.find((h) => h.weekday === weekdayOf(date));
  return hours ? { start: hours.start_time, end: hours.end_time } : null;
}

/** Several windows on one day (overlapping seasons of a club, or several clubs) as one span. */
function span(windows: PatrolWindow[]): PatrolWindow | null {
  if (windows.length === 0) return null;
  return {
    start: windows.reduce((min, w) => (w.start < min ? w.start : min), windows[0]!.start),
    end: windows.reduce((max, w) => (w.end > max ? w.end : max), windows[0]!.end),
  };
}

/** One club's day from its seasons (a day no season covers is not patrolled). */
export function patrolDay(
  seasons: readonly PatrolSeasonRule[],
  date: string,
  holidays: HolidayCalendar,
): PatrolDay {
  const holiday = holidays.get(date) ?? null;
  const windows = seasons
    .map((season) => seasonWindowOn(season, date, holiday))
    .filter((w): w is PatrolWindow => !!w);
  const window = span(windows);
  return {
    date,
    is_patrol: window ? 1 : 0,
    start_time: window?.start ?? null,
    end_time: window?.end ?? null,
    public_holiday: holiday,
  };
}

/** The days of the patrols window starting at `start`. */
export function windowDates(start: string, days: number = PATROL_WINDOW_DAYS): string[] {
  return Array.from({ length: days }, (_, i) => addDays(start, i));
}

/** Column headings of the patrols view: {day: "Sat", date, simple: "23 Nov"}. */
export function scheduleDates(start: string, days: number = PATROL_WINDOW_DAYS): ScheduleDate[] {
  return windowDates(start, days).map((date) => ({
    day: WEEKDAYS[weekdayOf(date)]!,
    date,
    simple: `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1]!}`,
  }));
}

/** Whether we hold a schedule for the beach near that day (a season within a year of it). */
export function scheduleKnown(seasons: readonly PatrolSeasonRule[], date: string): boolean {
  return seasons.some(
    (s) =>
      daysBetween(date, s.starts_on) <= SCHEDULE_KNOWN_WITHIN_DAYS &&
      daysBetween(s.ends_on, date) <= SCHEDULE_KNOWN_WITHIN_DAYS,
  );
}

/**
 * is_patrolled_today of a beach from the seasons of all its clubs: null when we hold no schedule
 * for the beach around today (unknown, never "not patrolled"), flag 0 when we do and no club
 * patrols today, else flag 1 with the earliest start and latest end of the clubs patrolling.
 */
export function patrolledToday(
  seasons: readonly PatrolSeasonRule[],
  today: string,
  holidays: HolidayCalendar,
): PatrolledToday | null {
  if (!scheduleKnown(seasons, today)) return null;
  const holiday = holidays.get(today) ?? null;
  const windows = seasons
    .map((season) => seasonWindowOn(season, today, holiday))
    .filter((w): w is PatrolWindow => !!w);
  const window = span(windows);
  const is_sample = seasons.some((s) => s.is_sample && scheduleKnown([s], today));
  return { flag: window ? 1 : 0, start: window?.start ?? null, end: window?.end ?? null, is_sample };
}

/** Attendance tab label of a day: "Tue, 05 Mar". */
export function attendanceDayLabel(date: string): string {
  return `${WEEKDAYS[weekdayOf(date)]!}, ${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1]!}`;
}

/**
 * Hourly records grouped by day label, oldest day first, hours ascending: the last
 * ATTENDANCE_DAYS days that have records, up to `today` (later days are ignored).
 */
export function groupAttendances(
  records: ReadonlyArray<AttendanceRecord & { local_date: string }>,
  today: string,
  maxDays: number = ATTENDANCE_DAYS,
): Attendances {
  const days = [...new Set(records.map((r) => r.local_date).filter((d) => d <= today))]
    .sort()
    .slice(-maxDays);
  const result: Attendances = {};
  for (const day of days) {
    result[attendanceDayLabel(day)] = records
      .filter((r) => r.local_date === day)
      .sort((a, b) => a.hour - b.hour)
      .map(({ hour, people_on_beach, swimmers, swimmers_outside_flags, crafts }) => ({
        hour,
        people_on_beach,
        swimmers,
        swimmers_outside_flags,
        crafts,
      }));
  }
  return result;
}

export const TODAY_TAB = 'Today';
export const NO_ATTENDANCE_TODAY = 'No attendance records for today';

/**
 * The attendance tabs and the one selected first (spec section 2): the latest day when it is today
 * at the beach; otherwise an extra "Today" tab, selected, that has no records.
 */
export function attendanceTabs(
  attendances: Attendances,
  today: string,
): { tabs: string[]; selected: string; todayHasNoRecords: boolean } {
  const labels = Object.keys(attendances);
  const latest = labels.at(-1);
  if (latest !== undefined && latest === attendanceDayLabel(today)) {
    return { tabs: labels, selected: latest, todayHasNoRecords: false };
  }
  return { tabs: [...labels, TODAY_TAB], selected: TODAY_TAB, todayHasNoRecords: true };
}

/** Chart label of an hour: "6am", "12pm", "7pm". */
export function hourLabel(hour: number): string {
  return `${hour % 12 || 12}${hour < 12 ? 'am' : 'pm'}`;
}
