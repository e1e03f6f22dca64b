import { hazardDisplay } from './hazard.ts';
import type { ListBeachWarnings, MarineWarning } from './location.ts';
import type { PatrolledToday } from './patrol-rules.ts';
import type { PatrolsResponse } from './patrols.ts';
import { RIP_LEVEL_WORDS, RIP_TEXT, type RipOutlookSummary } from './rip-contract.ts';
import type { DataSource } from './source.ts';
import { localClock, localDate, placeTimeZone, twelveHourClock } from './time.ts';

/**
 * A beach's status now: patrol at this moment, marine warnings in force and the hazard rating, and
 * their one-line form for lists, map popups and My Beaches. Pure: the caller passes `now` and the
 * data. Unknown is always said as unknown, never as "none" or "not patrolled". Kept apart from the
 * conditions (right-now.ts) so Home's lists load no weather code.
 */

export type StatusTone = 'ok' | 'caution' | 'danger' | 'unknown' | 'demo';

export interface StatusPart {
  text: string;
  tone: StatusTone;
}

/** What the status rules read of a beach: a Beach, a ListBeach or a followed beach all fit. */
export interface StatusBeach {
  patrol: number | null;
  hazard: number | null;
  /** The beach's zone (Australia/Perth when unknown, spec section 9). */
  timezone?: string | null;
  /** Undefined or null: not known. */
  is_patrolled_today?: PatrolledToday | null;
}

/** Marine warnings with their provenance; `source` null means the feed could not be read. */
export interface WarningsInput {
  warnings: readonly MarineWarning[];
  source: DataSource | null;
}

/** Said wherever patrol times are not known (issue 16). */
export const PATROL_TIMES_NOT_KNOWN = 'Patrol times not known for this beach';
/** The standing advice that goes with an unknown or absent patrol. */
export const STANDING_ADVICE =
  'Swim at a patrolled beach, between the red and yellow flags. In an emergency call Triple Zero (000).';

// ---------------------------------------------------------------------------------------------
// Patrol now

export type PatrolState =
  'on-duty' | 'later-today' | 'ended-today' | 'not-today' | 'unpatrolled' | 'unknown' | 'demo';

export interface PatrolNow extends StatusPart {
  state: PatrolState;
  /** Short form for one-line statuses. */
  short: string;
  /** "Next patrol Sat 28 Nov, 9:00 am", when the schedule we hold shows one; else null. */
  next: string | null;
  /** Where the patrol times came from, or null when we hold none. */
  source: string | null;
}

/** "09:00" (or "09:00:00") -> minutes after midnight; null when it is not a wall time. */
function wallMinutes(value: string | null | undefined): number | null {
  const match = value ? /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim()) : null;
  if (!match || Number(match[1]) > 23) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

const clockText = twelveHourClock;

/** A patrol start or end (a wall time, or an ISO instant read in the beach's zone) as minutes. */
function patrolMinutes(value: string | null, timeZone: string): number | null {
  const wall = wallMinutes(value);
  if (wall !== null || !value) return wall;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : wallMinutes(localClock(instant, timeZone));
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayText(date: string): string {
  const stamp = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[stamp.getUTCDay()]} ${stamp.getUTCDate()} ${MONTHS[stamp.getUTCMonth()]}`;
}

/** The first patrol that starts after `now` in the schedule we hold (the 7 days of a patrols answer). */
function nextPatrol(patrols: PatrolsResponse, today: string, nowMinutes: number): string | null {
  let best: { date: string; start: number | null } | null = null;
  for (const club of Object.values(patrols.patrols)) {
    for (const day of club.days) {
      if (day.is_patrol !== 1 || day.date < today) continue;
      const start = wallMinutes(day.start_time);
      if (day.date === today && (start === null || start <= nowMinutes)) continue;
      if (
        !best ||
        day.date < best.date ||
        (day.date === best.date && start !== null && (best.start === null || start < best.start))
      ) {
        best = { date: day.date, start };
      }
    }
  }
  if (!best) return null;
  const when = best.date === today ? 'today' : dayText(best.date);
  return `Next patrol ${when}${best.start === null ? '' : `, ${clockText(best.start)}`}`;
}

/**
 * The beach's patrol at `now`: on duty until …, from … today, ended, not today, or not known. Sample
 * (demo) schedules are never presented as a patrol: they read as a demo. `patrols` (the beach's
 * patrols answer for today, when loaded) adds the next patrol and the roster's source.
 */
export function patrolNow(beach: StatusBeach, now: Date, patrols?: PatrolsResponse | null): PatrolNow {
  const today = beach.is_patrolled_today ?? null;
  const timeZone = placeTimeZone(beach.timezone);
  const sample = Boolean(today?.is_sample || patrols?.is_sample);
  if (sample) {
    return {
      state: 'demo',
      tone: 'demo',
      text: 'Demo patrol times only, not a real roster',
      short: 'Demo patrol times (not real)',
      next: null,
      source: 'Sample data (demonstration only)',
    };
  }
  const source = patrols?.source ?? null;
  const nowMinutes = wallMinutes(localClock(now, timeZone)) ?? 0;
  const next =
    patrols && Object.keys(patrols.patrols).length > 0
      ? nextPatrol(patrols, localDate(now, timeZone), nowMinutes)
      : null;
  if (!today) {
    if (beach.patrol === 0) {
      return {
        state: 'unpatrolled',
        tone: 'caution',
        text: 'Not patrolled: no lifesavers or lifeguards are recorded for this beach.',
        short: 'Not patrolled',
        next: null,
        source,
      };
    }
    return {
      state: 'unknown',
      tone: 'unknown',
      text: PATROL_TIMES_NOT_KNOWN,
      short: 'Patrol times not known',
      next: null,
      source,
    };
  }
  if (today.flag === 0) {
    return {
      state: 'not-today',
      tone: 'caution',
      text: 'Not patrolled today',
      short: 'Not patrolled today',
      next,
      source,
    };
  }
  const start = patrolMinutes(today.start, timeZone);
  const end = patrolMinutes(today.end, timeZone);
  if (start === null || end === null) {
    const text = 'Patrolled today (hours not known)';
    return { state: 'later-today', tone: 'caution', text, short: text, next, source };
  }
  if (nowMinutes < start) {
    const text = `Patrol from ${clockText(start)} to ${clockText(end)} today`;
    return {
      state: 'later-today',
      tone: 'caution',
      text,
      short: `Patrol from ${clockText(start)}`,
      next: null,
      source,
    };
  }
  if (nowMinutes < end) {
    const text = `On duty until ${clockText(end)}`;
    return { state: 'on-duty', tone: 'ok', text, short: text, next: null, source };
  }
  const text = `Patrol ended at ${clockText(end)}`;
  return { state: 'ended-today', tone: 'caution', text, short: text, next, source };
}

// ---------------------------------------------------------------------------------------------
// Warnings now

/** Most severe first: the Bureau's marine warning kinds, by what they mean for someone in the water. */
const WARNING_SEVERITY: Array<[RegExp, number]> = [
  [/tsunami/i, 7],
  [/hurricane/i, 6],
  [/storm/i, 5],
  [/gale/i, 4],
  [/(hazardous|dangerous) surf/i, 3],
  [/strong wind/i, 2],
];

/** Higher is more severe; 1 for a warning of a kind we do not rank. */
export function warningSeverity(warning: Pick<MarineWarning, 'title' | 'text'>): number {
  const words = `${warning.title ?? ''} ${warning.text}`;
  return WARNING_SEVERITY.find(([pattern]) => pattern.test(words))?.[1] ?? 1;
}

export interface WarningsNow extends StatusPart {
  state: 'known' | 'unavailable';
  /** null when the warnings could not be read. */
  count: number | null;
  mostSevere: MarineWarning | null;
  source: DataSource | null;
}

/** The most severe of some warnings (warningSeverity), the first of equals; null for none. */
export function mostSevereWarning<T extends Pick<MarineWarning, 'title' | 'text'>>(
  warnings: readonly T[],
): T | null {
  return [...warnings].sort((a, b) => warningSeverity(b) - warningSeverity(a))[0] ?? null;
}

/** Warnings in force: a count and the most severe, or "not available" (never "none") without data. */
export function warningsNow(input: WarningsInput | null | undefined): WarningsNow {
  if (!input || !input.source) {
    return {
      state: 'unavailable',
      tone: 'unknown',
      text: 'Marine warnings not available',
      count: null,
      mostSevere: null,
      source: null,
    };
  }
  const { warnings, source } = input;
  const mostSevere = mostSevereWarning(warnings);
  const count = warnings.length;
  return {
    state: 'known',
    tone: count > 0 ? 'danger' : 'ok',
    text: count === 0 ? 'No marine warnings in force' : `${count} marine warning${count === 1 ? '' : 's'}`,
    count,
    mostSevere,
    source,
  };
}

// ---------------------------------------------------------------------------------------------
// Hazard now

export interface HazardNow extends StatusPart {
  rated: boolean;
}

/** "Hazard 6/10 (Moderately hazardous)" or "Hazard not rated". */
export function hazardNow(hazard: number | null): HazardNow {
  const display = hazardDisplay(hazard);
  if (!display.rated) return { rated: false, tone: 'unknown', text: 'Hazard not rated' };
  const value = hazard ?? 0;
  return {
    rated: true,
    tone: value > 6 ? 'danger' : value > 3 ? 'caution' : 'ok',
    text: `Hazard ${display.score}${display.band ? ` (${display.band})` : ''}`,
  };
}

// ---------------------------------------------------------------------------------------------
// One line: lists, map popups, My Beaches

export interface CompactBeachStatus {
  patrol: StatusPart;
  /** null when the caller did not ask for warnings (a list row does not carry them). */
  warnings: StatusPart | null;
  hazard: StatusPart;
}

/** The count of warnings in force: from the warnings themselves or a list row's summary; null: not known. */
function warningCount(input: WarningsInput | ListBeachWarnings | null): number | null {
  if (!input) return null;
  if ('count' in input) return input.count;
  return warningsNow(input).count;
}

/**
 * The one-line status of a beach: patrol now, warnings (when the caller has them; `null` says they
 * are not available, `undefined` leaves them out), and the hazard rating. A list row passes its
 * `marine_warnings` summary, the beach page and My Beaches the warnings: both read the same.
 */
export function compactBeachStatus(input: {
  beach: StatusBeach;
  now: Date;
  warnings?: WarningsInput | ListBeachWarnings | null;
}): CompactBeachStatus {
  const patrol = patrolNow(input.beach, input.now);
  const hazard = hazardNow(input.beach.hazard);
  let warnings: StatusPart | null = null;
  if (input.warnings !== undefined) {
    const count = warningCount(input.warnings);
    warnings = {
      tone: count === null ? 'unknown' : count > 0 ? 'danger' : 'ok',
      text:
        count === null
          ? 'Warnings not available'
          : count === 0
            ? 'No warnings'
            : `${count} warning${count === 1 ? '' : 's'}`,
    };
  }
  return {
    patrol: { text: patrol.short, tone: patrol.tone },
    warnings,
    hazard: { text: hazard.text.replace(/ \(.*\)$/, ''), tone: hazard.tone },
  };
}

// ---------------------------------------------------------------------------------------------
// Rip outlook, compact (issue 29)

export interface RipStatusPart extends StatusPart {
  /** null: there is no outlook, or it is not known. */
  level: RipOutlookSummary['level'] | null;
  /** Said to screen readers after the text: the level is a model's, not anyone's observation. */
  model: string;
}

/**
 * "Rip outlook: High" for lists, map popups and My Beaches, from a row's `rip_outlook` (today's peak
 * at the beach). Lists say nothing when there is none (null) or the answer carries none
 * (undefined); a card that lists every fact (`sayMissing`) says "No rip outlook" or "not known".
 * Never "Low" without an outlook, and a summary for another day (an old answer) is not known.
 */
export function ripOutlookPart(
  rip: RipOutlookSummary | null | undefined,
  now: Date,
  timeZone: string | null | undefined,
  sayMissing = false,
): RipStatusPart | null {
  const model = ' (model outlook, not an observation)';
  const current = rip && rip.date === localDate(now, placeTimeZone(timeZone)) ? rip : undefined;
  if (current) {
    return {
      level: current.level,
      text: `Rip outlook: ${RIP_LEVEL_WORDS[current.level]}`,
      tone: current.level === 'high' ? 'danger' : current.level === 'moderate' ? 'caution' : 'unknown',
      model,
    };
  }
  if (!sayMissing) return null;
  return rip === null
    ? { level: null, text: RIP_TEXT.noOutlook, tone: 'unknown', model: '' }
    : { level: null, text: 'Rip outlook not known', tone: 'unknown', model: '' };
}
