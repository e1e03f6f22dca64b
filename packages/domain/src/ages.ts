import { DEFAULT_TIMEZONE } from './states.ts';
import { isKnownTimeZone } from './time.ts';

/**
 * Spec section 9, the one rule for how old a fact is, wherever an age is shown (conditions, warnings,
 * Right now, My Beaches, sync times): under a minute "just now", then minutes, hours and days
 * ("12 min ago", "3 h ago", "2 d ago") up to 7 days, and from 7 days on the date itself ("on 14 Nov",
 * with the year when it is not this year's). A time in the future (a clock running ahead) is "just now".
 */

/** From this many days on, an age is shown as a date. */
export const AGE_DATE_FROM_DAYS = 7;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(timeZone: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withYear}`;
  let cached = dateFormatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      day: 'numeric',
      month: 'short',
      ...(withYear && { year: 'numeric' }),
    });
    dateFormatters.set(key, cached);
  }
  return cached;
}

const yearFormatters = new Map<string, Intl.DateTimeFormat>();
function yearOf(date: Date, timeZone: string): string {
  let cached = yearFormatters.get(timeZone);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-AU', { timeZone, year: 'numeric' });
    if (yearFormatters.size >= 256) yearFormatters.clear();
    yearFormatters.set(timeZone, cached);
  }
  return cached.format(date);
}

/** "14 Nov" (this year, in the zone) or "14 Nov 2025". */
function shortDate(date: Date, now: Date, timeZone: string): string {
  const withYear = yearOf(date, timeZone) !== yearOf(now, timeZone);
  return dateFormatter(timeZone, withYear).format(date).replace(/\.$/, '');
}

/**
 * How old something that happened at `at` is at `now`. The date form uses `timeZone` (the place's;
 * an unknown zone uses the default, Australia/Perth). An instant that cannot be read gives ''.
 */
export function formatAge(
  at: Date | string | number,
  now: Date,
  timeZone: string = DEFAULT_TIMEZONE,
): string {
  const instant = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(instant.getTime()) || Number.isNaN(now.getTime())) return '';
  const seconds = Math.max(0, Math.floor((now.getTime() - instant.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < AGE_DATE_FROM_DAYS) return `${days} d ago`;
  const zone = isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
  return `on ${shortDate(instant, now, zone)}`;
}

/** The same rule for an age in seconds (how providers report it). */
export function formatAgeSeconds(ageSeconds: number, now: Date, timeZone: string = DEFAULT_TIMEZONE): string {
  return formatAge(now.getTime() - Math.max(0, ageSeconds) * 1000, now, timeZone);
}
