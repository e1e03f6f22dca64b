import { zoneOffset } from '../weather/wall-clock.ts';

/**
 * Quiet hours in a person's own time zone (IANA name, e.g. Australia/Sydney or Australia/Lord_Howe,
 * whose summer time moves by half an hour). Pure functions of an instant: the caller passes the
 * injected clock's time. A window "21:00"–"07:00" wraps midnight; equal ends mean no window.
 */

export interface QuietHours {
  enabled: boolean;
  /** "HH:MM" wall time. */
  start: string;
  end: string;
  timeZone: string;
}

export const DEFAULT_QUIET_START = '21:00';
export const DEFAULT_QUIET_END = '07:00';
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The zone's wall clock at an instant (offsets from weather/wall-clock.ts, shared with the forecasts). */
function wallTime(at: Date, timeZone: string): WallTime {
  const local = new Date(at.getTime() + zoneOffset(at.getTime(), timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/**
 * The instant a wall time happens in a zone. A wall time that happens twice (the hour repeated when
 * summer time ends) gives the first; one that never happens (skipped when it starts) gives the
 * instant just after the skip, with the clock moved on by the skipped amount.
 */
export function instantOfWallTime(
  date: { year: number; month: number; day: number },
  minutes: number,
  timeZone: string,
): Date {
  const naive = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  // The zone's offsets around that day (at most two: before and after a change).
  const offsets = new Set([-86_400_000, 0, 86_400_000].map((d) => zoneOffset(naive + d, timeZone)));
  const readings = [...offsets].map((offset) => naive - offset);
  const valid = readings.filter((t) => zoneOffset(t, timeZone) === naive - t);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // Skipped (summer time started): the later reading is the wall time moved past the gap.
  return new Date(Math.max(...readings));
}

export function minutesOf(hhmm: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new Error(`not an HH:MM time: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * When quiet hours that are on at `now` end (the instant to hold an alert until), or null when
 * `now` is outside them.
 */
export function quietUntil(now: Date, quiet: QuietHours): Date | null {
  if (!quiet.enabled) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const wall = wallTime(now, quiet.timeZone);
  const minute = wall.hour * 60 + wall.minute;
  const today = { year: wall.year, month: wall.month, day: wall.day };
  let endDay: { year: number; month: number; day: number } | null = null;
  if (start < end) {
    if (minute >= start && minute < end) endDay = today;
  } else if (minute >= start) {
    endDay = addDays(today, 1);
  } else if (minute < end) {
    endDay = today;
  }
  if (!endDay) return null;
  const until = instantOfWallTime(endDay, end, quiet.timeZone);
  return until.getTime() > now.getTime() ? until : null;
}
