import { DEFAULT_TIMEZONE } from './states.ts';

function parts(date: Date, timeZone: string) {
  const formatted = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(date);
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

/** YYYY-MM-DD of an instant in a time zone (a beach's local calendar day). */
export function localDate(date: Date, timeZone: string = DEFAULT_TIMEZONE): string {
  const formatted = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
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
