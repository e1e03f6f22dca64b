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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallTime(at: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at an instant, in ms (Sydney in summer: +11 h; Lord Howe: +10.5 or +11 h). */
export function offsetAt(at: number, timeZone: string): number {
  const w = wallTime(new Date(at), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at / 1000) * 1000;
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
  const offsets = new Set([-86_400_000, 0, 86_400_000].map((d) => offsetAt(naive + d, timeZone)));
  const readings = [...offsets].map((offset) => naive - offset);
  const valid = readings.filter((t) => offsetAt(t, timeZone) === naive - t);
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
