/**
 * Instants <-> a beach's wall clock. The contract gives times as the beach's local
 * "YYYY-MM-DDTHH:mm"; upstream data arrives in UTC (one cached answer serves beaches of any zone),
 * so every time is converted here. Offsets are memoised per zone and hour: a response converts a
 * few hundred hourly instants, and Intl formatting is the slow part.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per zone: quarter-hour bucket -> offset in ms. */
const offsets = new Map<string, Map<number, number>>();
const HOUR = 3_600_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows the zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of the zone's wall clock from UTC at `instant`, in ms (Sydney in summer: +11 h). */
export function zoneOffset(instant: number, timeZone: string): number {
  // Zones change offset on quarter hours at most; memoise by quarter hour.
  const bucket = Math.floor(instant / (HOUR / 4));
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const known = zone.get(bucket);
  if (known !== undefined) return known;
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(bucket * (HOUR / 4)))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offset = asUtc - bucket * (HOUR / 4);
  if (zone.size > 20_000) zone.clear();
  zone.set(bucket, offset);
  return offset;
}

/** "YYYY-MM-DDTHH:mm" at the beach. */
export function wallClock(instant: number, timeZone: string): string {
  return new Date(instant + zoneOffset(instant, timeZone)).toISOString().slice(0, 16);
}

/** "YYYY-MM-DD" at the beach. */
export function wallDate(instant: number, timeZone: string): string {
  return wallClock(instant, timeZone).slice(0, 10);
}

/** "YYYY-MM-DD" plus `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant the beach's clock shows 00:00 on `date`. */
export function startOfLocalDay(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let instant = wall - zoneOffset(wall, timeZone);
  // Once more with the offset at the first guess (a day that starts near a DST change).
  instant = wall - zoneOffset(instant, timeZone);
  return instant;
}

/** "9:05 am" for an instant at the beach (the spec's time format). */
export function clockTime(instant: number, timeZone: string): string {
  const local = wallClock(instant, timeZone);
  const hour = Number(local.slice(11, 13));
  const minute = local.slice(14, 16);
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'am' : 'pm'}`;
}
