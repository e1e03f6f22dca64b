import * as z from 'zod/mini';

/**
 * A beach's live status (issue 17): the spec's status values, the console's fixed list of reasons,
 * who set it, and the rule that an expired status is no status. Kept apart from console.ts so the
 * beach, list and offline schemas (contract.ts, location.ts, sync.ts) can use it without a cycle.
 */

/** The spec's beach status values (section 3), in the console's order. */
export const BEACH_STATUSES = ['Open', 'Surveillance', 'Inclement', 'Closed'] as const;
export type BeachStatusValue = (typeof BEACH_STATUSES)[number];
export const BeachStatusValueSchema = z.enum(BEACH_STATUSES);

/** Why a status was set: a fixed list. */
export const STATUS_REASONS = [
  'dangerous_surf',
  'rip_currents',
  'shark_sighting',
  'marine_stingers',
  'bluebottles',
  'crocodile_sighting',
  'pollution',
  'lightning',
  'other',
] as const;
export type StatusReason = (typeof STATUS_REASONS)[number];
export const StatusReasonSchema = z.enum(STATUS_REASONS);

export const STATUS_REASON_LABELS: Record<StatusReason, string> = {
  dangerous_surf: 'Dangerous surf',
  rip_currents: 'Rip currents',
  shark_sighting: 'Shark sighting',
  marine_stingers: 'Marine stingers',
  bluebottles: 'Bluebottles',
  crocodile_sighting: 'Crocodile sighting',
  pollution: 'Pollution',
  lightning: 'Lightning',
  other: 'Other',
};

/** Statuses that must say why. */
export const STATUSES_NEEDING_REASON: readonly BeachStatusValue[] = ['Closed', 'Inclement'];

export function isStatusReason(value: unknown): value is StatusReason {
  return typeof value === 'string' && (STATUS_REASONS as readonly string[]).includes(value);
}

/** "Closed — shark sighting", "Open"; the reason's label lower-cased after the dash. */
export function statusText(status: BeachStatusValue, reason: string | null | undefined): string {
  if (!reason || !isStatusReason(reason)) return status;
  return `${status} — ${STATUS_REASON_LABELS[reason].toLowerCase()}`;
}

/** Who set a status or patrol: a console role, or an import. */
export const STATUS_SET_BY = ['lifesaver', 'operator', 'import'] as const;
export type StatusSetBy = (typeof STATUS_SET_BY)[number];
export const StatusSetBySchema = z.enum(STATUS_SET_BY);

/** A status as stored (the beach row's status columns), before the expiry is applied. */
export interface StoredLiveStatus {
  status: string | null;
  status_reason: string | null;
  status_message: string | null;
  status_set_at: string | null;
  status_expires_at: string | null;
  status_set_by: string | null;
}

export interface CurrentLiveStatus {
  status: BeachStatusValue | null;
  status_reason: StatusReason | null;
  status_message: string | null;
  status_set_at: string | null;
  status_expires_at: string | null;
  status_set_by: StatusSetBy | null;
}

export const NO_LIVE_STATUS: CurrentLiveStatus = {
  status: null,
  status_reason: null,
  status_message: null,
  status_set_at: null,
  status_expires_at: null,
  status_set_by: null,
};

/**
 * The status in force at `now`: all null when there is none, when it has expired (nothing stale is
 * shown as current), or when the stored value is not one of the spec's. Pure: the server applies it
 * at read time with its clock, the offline app with the device's.
 */
export function liveStatusAt(row: StoredLiveStatus, now: Date): CurrentLiveStatus {
  const status = (BEACH_STATUSES as readonly string[]).includes(row.status ?? '')
    ? (row.status as BeachStatusValue)
    : null;
  if (!status) return NO_LIVE_STATUS;
  if (row.status_expires_at !== null) {
    const expires = Date.parse(row.status_expires_at);
    if (Number.isNaN(expires) || expires <= now.getTime()) return NO_LIVE_STATUS;
  }
  return {
    status,
    status_reason: isStatusReason(row.status_reason) ? row.status_reason : null,
    status_message: row.status_message,
    status_set_at: row.status_set_at,
    status_expires_at: row.status_expires_at,
    status_set_by: (STATUS_SET_BY as readonly string[]).includes(row.status_set_by ?? '')
      ? (row.status_set_by as StatusSetBy)
      : null,
  };
}
