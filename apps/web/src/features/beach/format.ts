/** "9:00 am" from a 24-hour wall time "09:00" (or "09:00:00"); null when it is not one. */
export function wallTime(value: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  if (hour > 23) return null;
  return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * A time of day at the beach: a wall time ("09:00") as it is, an instant (ISO) in the beach's
 * zone. Null when the value is neither.
 */
export function beachTime(value: string, timeZone: string): string | null {
  const wall = wallTime(value);
  if (wall) return wall;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('hour')}:${get('minute')} ${get('dayPeriod').toLowerCase().replace(/\./g, '')}`;
}

/** "9:00 am – 5:00 pm", or null when either end is missing or unreadable. */
export function timeRange(start: string | null, end: string | null, timeZone: string): string | null {
  const from = start ? beachTime(start, timeZone) : null;
  const to = end ? beachTime(end, timeZone) : null;
  return from && to ? `${from} – ${to}` : null;
}

/** An hour of the day as the chart axis shows it: 6 → "6 am", 12 → "12 pm", 19 → "7 pm". */
export function hourLabel(hour: number): string {
  const h = ((hour % 24) + 24) % 24;
  return `${h % 12 || 12} ${h < 12 ? 'am' : 'pm'}`;
}
