import {
  patrolNow,
  type PatrolNow,
  type StatusBeach,
  type StatusPart,
  type StatusTone,
} from './beach-status.ts';
import type { PatrolsResponse } from './patrols.ts';
import { statusText, type BeachStatusValue, type StatusSetBy } from './live-status.ts';
import type { RipActivity } from './rip-outlook.ts';
import { formatPlaceTime, localDate, placeTimeZone } from './time.ts';

/**
 * How the public side shows what the lifesaver console set (issue 17): the live beach status
 * ("Closed — shark sighting", its message, "Set by lifesavers at 7:42 am") and the live patrol
 * ("Patrolled now until 5:00 pm · set by lifesavers at 7:42 am"). Pure: the caller passes `now`.
 * Times are the beach's own (its zone). The server sends an expired status as null; these rules
 * also hide one whose expiry has passed, because offline data may be old.
 */

/** The live status fields a beach detail, a list row, a sync record or a console beach carries. */
export interface LiveStatusFields {
  status?: BeachStatusValue | null;
  status_reason?: string | null;
  status_message?: string | null;
  status_set_at?: string | null;
  status_expires_at?: string | null;
  status_set_by?: StatusSetBy | null;
  timezone?: string | null;
}

export interface LivePatrolFields {
  patrol_set_at?: string | null;
  patrol_set_by?: StatusSetBy | null;
  timezone?: string | null;
}

export interface LiveStatusDisplay {
  status: BeachStatusValue;
  /** "Closed — shark sighting" (text, never colour alone). */
  headline: string;
  message: string | null;
  /** "Set by lifesavers at 7:42 am", or null when the time it was set is not known. */
  setBy: string | null;
  /** "Until 6:00 pm" / "Until 24 Nov, 6:00 pm", or null without an expiry. */
  until: string | null;
  tone: StatusTone;
  /** Closed and Inclement are warnings (role="alert"-worthy on a beach page); Open is not. */
  warning: boolean;
}

const STATUS_TONES: Record<BeachStatusValue, StatusTone> = {
  Closed: 'danger',
  Inclement: 'danger',
  Surveillance: 'caution',
  Open: 'ok',
};

/** Who set it, as the public reads it. */
const SETTERS: Record<StatusSetBy, string> = {
  lifesaver: 'lifesavers',
  operator: 'the beach operator',
  import: 'imported data',
};

function instant(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "at 7:42 am" today at the beach, "on 21 Nov at 7:42 am" another day. */
function atTime(date: Date, now: Date, timeZone: string): string {
  const text = formatPlaceTime(date, now, timeZone);
  if (localDate(date, timeZone) === localDate(now, timeZone)) return `at ${text}`;
  const [day, time] = text.split(', ');
  return `on ${day} at ${time}`;
}

/**
 * "Set by lifesavers at 7:42 am" (`set by …` in lower case when `lower`). Null when the time is not
 * known; "Updated at …" when who set it is not known.
 */
export function setByText(
  setBy: StatusSetBy | null | undefined,
  setAt: string | null | undefined,
  now: Date,
  timeZone?: string | null,
  lower = false,
): string | null {
  const at = instant(setAt);
  if (!at) return null;
  const when = atTime(at, now, placeTimeZone(timeZone));
  const text = setBy
    ? setBy === 'import'
      ? `Set from ${SETTERS.import} ${when}`
      : `Set by ${SETTERS[setBy]} ${when}`
    : `Updated ${when}`;
  return lower ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** True when the status has an expiry and it has passed at `now`. */
export function isLiveStatusExpired(beach: Pick<LiveStatusFields, 'status_expires_at'>, now: Date): boolean {
  const expires = instant(beach.status_expires_at);
  return expires !== null && expires.getTime() <= now.getTime();
}

/** The beach's live status as the public sees it, or null when there is none (or it has expired). */
export function liveStatusNow(beach: LiveStatusFields, now: Date): LiveStatusDisplay | null {
  if (!beach.status || isLiveStatusExpired(beach, now)) return null;
  const timeZone = placeTimeZone(beach.timezone);
  const expires = instant(beach.status_expires_at);
  const message = beach.status_message?.trim() || null;
  return {
    status: beach.status,
    headline: statusText(beach.status, beach.status_reason),
    message,
    setBy: setByText(beach.status_set_by, beach.status_set_at, now, timeZone),
    until: expires ? `Until ${formatPlaceTime(expires, now, timeZone)}` : null,
    tone: STATUS_TONES[beach.status],
    warning: beach.status === 'Closed' || beach.status === 'Inclement',
  };
}

/** The one-line form for list rows, map popups and My Beaches: "Closed — shark sighting". */
export function liveStatusPart(beach: LiveStatusFields, now: Date): StatusPart | null {
  const live = liveStatusNow(beach, now);
  return live ? { text: live.headline, tone: live.tone } : null;
}

/**
 * The Right now panel's patrol line when the console set the patrol: "Patrolled now until 5:00 pm
 * · set by lifesavers at 7:42 am". A patrol from the roster (no `patrol_set_by`) keeps its own text.
 */
export function livePatrolText(
  patrol: Pick<PatrolNow, 'state' | 'text'>,
  beach: LivePatrolFields,
  now: Date,
) {
  if (!beach.patrol_set_by || patrol.state === 'demo') return { text: patrol.text, setBy: null };
  const setBy = setByText(beach.patrol_set_by, beach.patrol_set_at, now, beach.timezone, true);
  const text =
    patrol.state === 'on-duty' ? patrol.text.replace(/^On duty until/, 'Patrolled now until') : patrol.text;
  return { text: setBy ? `${text} · ${setBy}` : text, setBy };
}

const AUDIT_ACTION_LABELS: Record<string, string> = {
  'status.set': 'Status set',
  'status.clear': 'Status cleared',
  'status.expire': 'Status expired',
  'patrol.on': 'On duty',
  'patrol.off': 'Off duty',
  'post.create': 'Conditions post',
  'role.grant': 'Role granted',
  'role.revoke': 'Role revoked',
  'rip.observe': 'Rip activity reported',
};

/** A lifesaver's rip report (issue 29) in words, in the console and its queue. */
export const RIP_ACTIVITY_TEXT: Record<RipActivity, string> = {
  none: 'No rip activity',
  some: 'Some rip activity',
  strong: 'Strong rip activity',
};

/** "Status set", "Import: rosters". */
export function auditActionText(action: string): string {
  if (action.startsWith('import.')) return `Import: ${action.slice('import.'.length)}`;
  return AUDIT_ACTION_LABELS[action] ?? action;
}

function scalarText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * One side of an audit change (from or to) in words: a status as "Closed — shark sighting: “…”",
 * anything else as "key: value" pairs; null (nothing before, or nothing after) as "none".
 */
export function auditValueText(value: Record<string, unknown> | null | undefined): string {
  if (!value) return 'none';
  if ('status' in value) {
    const status = value.status;
    if (typeof status !== 'string' || !status) return 'no status';
    const reason =
      typeof value.reason === 'string'
        ? value.reason
        : typeof value.status_reason === 'string'
          ? value.status_reason
          : null;
    const message = scalarText(value.message ?? value.status_message);
    return `${statusText(status as BeachStatusValue, reason)}${message ? `: “${message}”` : ''}`;
  }
  if ('flag' in value) {
    // A patrol: { flag, start, end } (beach-local wall times).
    if (value.flag !== 1) return 'not patrolled';
    const start = scalarText(value.start);
    const end = scalarText(value.end);
    return start && end ? `patrolled ${start}–${end}` : 'patrolled (hours not known)';
  }
  const pairs = Object.entries(value)
    .map(([key, item]) => [key.replace(/_/g, ' '), scalarText(item)] as const)
    .filter(([, item]) => item !== null);
  return pairs.length ? pairs.map(([key, item]) => `${key}: ${item}`).join(', ') : 'none';
}

/**
 * The patrol now, with what the console set taking the place of the roster: a patrol the
 * lifesavers reported (`patrol_set_by`) is real even where the roster we hold is sample data, so it
 * is read without the roster (no "demo" label, no roster source). Otherwise `patrolNow` as usual.
 */
export function livePatrolNow(
  beach: StatusBeach & LivePatrolFields,
  now: Date,
  patrols?: PatrolsResponse | null,
): PatrolNow {
  const live = Boolean(
    beach.patrol_set_by && beach.is_patrolled_today && !beach.is_patrolled_today.is_sample,
  );
  return live ? patrolNow(beach, now, null) : patrolNow(beach, now, patrols);
}
