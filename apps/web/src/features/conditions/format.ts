import { formatDayHour, formatPlaceTime, localTimeValue } from '@safeshore/domain';

const DAY = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Tue 21 Jan" for a calendar date at the beach ("YYYY-MM-DD"); the text as given if malformed. */
export function formatDay(date: string): string {
  const value = localTimeValue(`${date}T00:00`);
  return Number.isNaN(value) ? date : DAY.format(new Date(value)).replace(',', '');
}

/** "Tue 3 pm" for a wall-clock time at the beach ("YYYY-MM-DDTHH:mm"). */
export function formatLocal(local: string): string {
  const value = localTimeValue(local);
  return Number.isNaN(value) ? local : formatDayHour(value);
}

/** "3:12 pm" today or "21 Jan, 3:12 pm" for an instant, in the beach's zone; the text as given if malformed. */
export function formatInstant(iso: string, now: Date, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatPlaceTime(date, now, timeZone);
}
