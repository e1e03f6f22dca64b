import { formatAge } from './ages.ts';
import {
  RIP_OUTLOOK_STALE_HOURS,
  type RipOutlook,
  type RipOutlookDay,
  type RipOutlookSummary,
} from './rip-contract.ts';
import { ripDayPart, ripLevel, waveAngle } from './rip-outlook.ts';
import { addDays, localDate, zonedInstant } from './time.ts';

/**
 * How a rip outlook (issue 29) reads on a beach page and its cards: its age, what is left of today,
 * today's compact level, its sources in words. Pure: the caller passes `now`. The Right now item's
 * rule is in right-now.ts, the compact level's in beach-status.ts.
 */

const HOUR_MS = 3_600_000;

export interface RipOutlookAge {
  seconds: number;
  /** "12 min ago" (the shared age rule). */
  text: string;
  /** Older than RIP_OUTLOOK_STALE_HOURS: the forecast behind it may have changed. */
  stale: boolean;
}

/** How old the outlook is now, counted from when it was computed (a stored copy ages offline). */
export function ripOutlookAge(
  outlook: Pick<RipOutlook, 'computed_at' | 'age_seconds' | 'stale' | 'timezone'>,
  now: Date,
): RipOutlookAge | null {
  const computed = outlook.computed_at ? Date.parse(outlook.computed_at) : Number.NaN;
  const seconds = Number.isNaN(computed)
    ? outlook.age_seconds
    : Math.max(0, Math.floor((now.getTime() - computed) / 1000));
  if (seconds === null) return null;
  return {
    seconds,
    text: formatAge(now.getTime() - seconds * 1000, now, outlook.timezone),
    stale: outlook.stale || seconds > RIP_OUTLOOK_STALE_HOURS * 3600,
  };
}

/** The outlook's day for the beach's today, if it has one (a stored copy may be days old). */
export function ripToday(outlook: RipOutlook, now: Date): RipOutlookDay | null {
  if (!outlook.available) return null;
  return outlook.days.find((day) => day.date === localDate(now, outlook.timezone)) ?? null;
}

/**
 * What is left of today: the peak among the hours not yet over, with the waves at that hour. The
 * day's own peak when it is still ahead (or now); otherwise the later hours' peak, so an evening
 * never reads "likely this morning". Null when no known hour is left today.
 */
export function ripRestOfToday(outlook: RipOutlook, now: Date): RipOutlookDay | null {
  const day = ripToday(outlook, now);
  if (!day) return null;
  const end = zonedInstant(addDays(day.date, 1), '00:00', outlook.timezone).getTime();
  let peak: { time: number; likelihood: number; hour: RipOutlook['hours'][number] } | null = null;
  for (const hour of outlook.hours) {
    const time = Date.parse(hour.time);
    if (hour.likelihood === null || time + HOUR_MS <= now.getTime() || time >= end) continue;
    if (!peak || hour.likelihood > peak.likelihood) peak = { time, likelihood: hour.likelihood, hour };
  }
  if (!peak) return null;
  if (day.peak_time && Date.parse(day.peak_time) === peak.time) return day;
  const { hour } = peak;
  const normal = outlook.shore_normal?.degrees;
  const lowTide = day.low_tide_time ? Date.parse(day.low_tide_time) : Number.NaN;
  return {
    date: day.date,
    peak_time: new Date(peak.time).toISOString(),
    peak_likelihood: peak.likelihood,
    level: ripLevel(peak.likelihood),
    part: ripDayPart(peak.time, outlook.timezone),
    wave_height_m: hour.wave_height_m,
    wave_angle_deg:
      hour.wave_direction_deg === null || normal === undefined
        ? null
        : Math.round(waveAngle(hour.wave_direction_deg, normal)),
    // The day's low tide nearest its (passed) peak, only if it is still to come or just gone.
    low_tide_time: lowTide >= now.getTime() - HOUR_MS ? day.low_tide_time : null,
  };
}

/**
 * Today's compact level from a full outlook (My Beaches, which has the outlook and no list row):
 * null when there is no outlook for the beach; undefined when today is not in it (not known).
 */
export function ripSummaryToday(outlook: RipOutlook, now: Date): RipOutlookSummary | null | undefined {
  if (!outlook.available) return null;
  const day = ripToday(outlook, now);
  if (!day || day.level === null || day.peak_likelihood === null || !outlook.computed_at) return undefined;
  return {
    level: day.level,
    likelihood: day.peak_likelihood,
    part: day.part,
    date: day.date,
    computed_at: outlook.computed_at,
  };
}

const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/**
 * A source's attribution in words: the instants it carries (Open-Meteo's "fetched …") read as ages
 * ("fetched 40 min ago"), never as raw timestamps.
 */
export function ripSourceText(attribution: string, now: Date, timeZone: string): string {
  return attribution.replace(ISO_INSTANT, (instant) => formatAge(instant, now, timeZone) || instant);
}
