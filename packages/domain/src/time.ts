import { DEFAULT_TIMEZONE } from './states.ts';

/**
 * Building an Intl.DateTimeFormat costs far more than using one, and lists format many dates in a
 * handful of zones: keep one formatter per (kind, zone). Formatters hold no data, so reuse is safe;
 * the cache is bounded by the zones in use (unknown zones throw before they are stored).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'parts' | 'date' | 'wall', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached =
      kind === 'parts'
        ? new Intl.DateTimeFormat('en-AU', {
            timeZone,
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            hour12: true,
          })
        : kind === 'wall'
          ? new Intl.DateTimeFormat('en-CA', {
              timeZone,
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
              second: '2-digit',
              hourCycle: 'h23',
            })
          : new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (formatters.size >= 256) formatters.clear();
    formatters.set(key, cached);
  }
  return cached;
}

function parts(date: Date, timeZone: string) {
  const formatted = formatter('parts', timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    formatted.find((part) => part.type === type)?.value ?? '';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    dayPeriod: get('dayPeriod').toLowerCase().replace(/\./g, ''),
  };
}

/**
 * The last local date formatted per zone, with the UTC second it was for. tzdb offsets and
 * transitions are whole seconds, so every instant in the same UTC second has the same local date;
 * a list answer asks for the same zone's date many times a second, and formatting costs microseconds.
 */
const lastDates = new Map<string, { second: number; date: string }>();

/** YYYY-MM-DD of an instant in a time zone (a beach's local calendar day). */
export function localDate(date: Date, timeZone: string = DEFAULT_TIMEZONE): string {
  const second = Math.floor(date.getTime() / 1000);
  const last = lastDates.get(timeZone);
  if (last && last.second === second) return last.date;
  const formatted = formatter('date', timeZone).format(date);
  if (Number.isNaN(second)) return formatted;
  if (!last && lastDates.size >= 256) lastDates.clear();
  lastDates.set(timeZone, { second, date: formatted });
  return formatted;
}

/**
 * Spec section 9: "h:mm am/pm" when the instant falls on today's date in the place's zone,
 * otherwise "D Mon, h:mm am/pm".
 */
export function formatPlaceTime(date: Date, now: Date, timeZone: string = DEFAULT_TIMEZONE): string {
  const p = parts(date, timeZone);
  const time = `${p.hour}:${p.minute} ${p.dayPeriod}`;
  if (localDate(date, timeZone) === localDate(now, timeZone)) return time;
  return `${p.day} ${p.month}, ${time}`;
}

/* ---- Calendar days (YYYY-MM-DD in a place's own calendar, no time zone attached) ---- */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Midnight UTC of a calendar day, a stable base for day arithmetic (never shown). */
function dayStamp(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function stampToDay(stamp: number): string {
  return new Date(stamp).toISOString().slice(0, 10);
}

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 and 2026-13-01 are not). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The calendar day `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  return stampToDay(dayStamp(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStamp(to) - dayStamp(from)) / DAY_MS);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  return new Date(dayStamp(date)).getUTCDay();
}

/* ---- Wall clocks of time zones ---- */

function wallParts(instant: Date, timeZone: string) {
  const formatted = formatter('wall', timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatted.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

const knownZones = new Map<string, boolean>();

/** True when the runtime knows the IANA zone name. */
export function isKnownTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  // Asked for every beach and time shown: answered from what the runtime said before (bounded).
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-AU', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size >= 256) knownZones.clear();
    knownZones.set(timeZone, known);
  }
  return known;
}

/** The place's zone, or Australia/Perth (spec section 9) when it is unknown. */
export function placeTimeZone(timeZone: string | null | undefined): string {
  return isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
}

/** Minutes the zone's wall clock is ahead of UTC at that instant (Sydney in summer: 660; Lord Howe: 630 or 660). */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const p = wallParts(instant, timeZone);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wallAsUtc - whole) / 60_000);
}

/** The wall time of an instant in a time zone, as YYYY-MM-DDTHH:mm:ss (an algal post's local time). */
export function localTimestamp(instant: Date, timeZone: string): string {
  const p = wallParts(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

/** "HH:MM" (24-hour) on the zone's wall clock at that instant. */
/** 540 (minutes after midnight) -> "9:00 am". */
export function twelveHourClock(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

export function localClock(instant: Date, timeZone: string = DEFAULT_TIMEZONE): string {
  const p = wallParts(instant, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/**
 * The instant a wall time ("HH:MM" on a YYYY-MM-DD day) happens in a zone. A time skipped when the
 * clocks go forward is read as the same length of time after the change (2:30 on the first Sunday of
 * October in Sydney is 3:30 AEDT); a time that happens twice when they go back is the first one.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  // Four to six Intl conversions each: remembered, since a refresh of every beach's outlook asks
  // for the same few local midnights thousands of times.
  const key = `${date} ${time} ${timeZone}`;
  const known = zonedInstants.get(key);
  if (known !== undefined) return new Date(known);
  const instant = computeZonedInstant(date, time, timeZone);
  if (zonedInstants.size >= 4_096) zonedInstants.clear();
  zonedInstants.set(key, instant.getTime());
  return instant;
}

const zonedInstants = new Map<string, number>();

function computeZonedInstant(date: string, time: string, timeZone: string): Date {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`Not an HH:MM time: ${time}`);
  const wall = dayStamp(date) + (Number(match[1]) * 60 + Number(match[2])) * 60_000;
  // The offsets in force a day either side bracket every transition Australia has.
  const before = utcOffsetMinutes(new Date(wall - DAY_MS), timeZone);
  const after = utcOffsetMinutes(new Date(wall + DAY_MS), timeZone);
  const early = wall - Math.max(before, after) * 60_000;
  const late = wall - Math.min(before, after) * 60_000;
  for (const candidate of [early, late]) {
    const instant = new Date(candidate);
    if (wall - utcOffsetMinutes(instant, timeZone) * 60_000 === candidate) return instant;
  }
  // Skipped by a forward change: keep the distance from the last valid wall time.
  return new Date(wall - before * 60_000);
}

/**
 * Spec section 9: a place's times carry a clock only when the browser's zone differs from the
 * place's, judged by the UTC offsets at that instant (Sydney and Melbourne never differ; Brisbane
 * differs from Sydney only while Sydney is on daylight time). An unknown place zone is Australia/Perth.
 */
export function showsPlaceClock(
  browserTimeZone: string | null | undefined,
  placeZone: string | null | undefined,
  at: Date = new Date(),
): boolean {
  const place = placeTimeZone(placeZone);
  if (!isKnownTimeZone(browserTimeZone)) return true;
  return utcOffsetMinutes(at, browserTimeZone) !== utcOffsetMinutes(at, place);
}
