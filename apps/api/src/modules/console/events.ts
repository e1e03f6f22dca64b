import type { Kysely, Transaction } from 'kysely';
import type { BeachLiveStatus, StatusSetBy } from '@safeshore/domain';
import type { DB } from '../../db/schema.ts';

/**
 * The console's event hook (issue 17 contract): the status service calls `onBeachStatusChanged`
 * inside the transaction that changed a beach's live status, so a listener's writes (an alert
 * queued, say) commit or roll back with the change. Listeners register at app build; the list is
 * empty by default. A listener that throws rolls the change back: it is part of the write.
 */

/** The status fields of a beach before or after the change (`status` null: no status). */
export type BeachStatusSnapshot = Omit<BeachLiveStatus, 'beach_id'>;

export interface BeachStatusChange {
  beachId: number;
  from: BeachStatusSnapshot;
  to: BeachStatusSnapshot;
  at: Date;
  /** The role that made the change. */
  setBy: StatusSetBy;
}

export type BeachStatusListener = (
  trx: Transaction<DB> | Kysely<DB>,
  change: BeachStatusChange,
) => Promise<void> | void;

const listeners: BeachStatusListener[] = [];

/** Registers a listener; returns a function that removes it (tests, app close). */
export function registerBeachStatusListener(listener: BeachStatusListener): () => void {
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  };
}

/** Calls every registered listener in order, inside the caller's transaction. */
export async function onBeachStatusChanged(
  trx: Transaction<DB> | Kysely<DB>,
  change: BeachStatusChange,
): Promise<void> {
  for (const listener of [...listeners]) await listener(trx, change);
}
