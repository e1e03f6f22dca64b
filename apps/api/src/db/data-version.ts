import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

let localBumpAt = Number.NEGATIVE_INFINITY;

/**
 * When this process last raised the version (performance.now()): the read model re-reads the version
 * on every request for a moment after, so a writer's own next read sees its write at once.
 */
export function lastLocalBump(): number {
  return localBumpAt;
}

/**
 * app_meta key of the last run of writes that changed nothing the in-memory indexes hold, as
 * "S:E": every version in (S, E] was raised by such a write. See `indexVersionOf`.
 */
export const UNINDEXED_RUN_KEY = 'data_version_unindexed_run';

export interface DataChange {
  /**
   * False when the write changes nothing the in-memory search and position indexes hold (beach
   * names, slugs, places, positions, `patrol`, clubs, articles, search terms): a live status, a
   * patrol of the day, an algal report, a post. Such a write still raises the version (every cache
   * of finished answers lets go), but the indexes are not rebuilt for it. Default true: a writer
   * that says nothing, or raises the version with plain SQL, rebuilds them (safe).
   */
  indexed?: boolean;
}

/** For writes that change nothing the in-memory indexes hold: `bumpDataVersion(trx, at, UNINDEXED)`. */
export const UNINDEXED: DataChange = Object.freeze({ indexed: false });

/**
 * The public data's version (migration 0014). Every writer of public data calls
 * `bumpDataVersion` inside its own transaction, after its writes: the new number commits with the
 * change, and a reader that sees the number also sees the change. Readers (the read model's caches,
 * rendered pages, ETags) call `readDataVersion`, one primary-key read.
 *
 * A write that changes nothing the indexes hold says so (`{ indexed: false }`): the version it
 * raises is recorded as the end of a run of such versions (app_meta UNINDEXED_RUN_KEY), which
 * readers use to tell that the indexes built before the run still hold (`indexVersionOf`).
 */
export async function bumpDataVersion(
  trx: Transaction<DB> | Kysely<DB>,
  at: Date,
  change: DataChange = {},
): Promise<number> {
  const row = await trx
    .updateTable('data_version')
    .set((eb) => ({ version: eb('version', '+', 1), changed_at: at.toISOString() }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  const version = Number(row.version);
  if (change.indexed === false) {
    // The data_version row is locked by the update above until commit: runs are extended in order.
    const previous = parseRun(
      (
        await trx
          .selectFrom('app_meta')
          .select('value')
          .where('key', '=', UNINDEXED_RUN_KEY)
          .executeTakeFirst()
      )?.value,
    );
    // The previous version was one of a run: extend it; otherwise a run starts at the previous one.
    const start = previous && previous.end === version - 1 ? previous.start : version - 1;
    const value = `${start}:${version}`;
    await trx
      .insertInto('app_meta')
      .values({ key: UNINDEXED_RUN_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
  localBumpAt = performance.now();
  return version;
}

function parseRun(value: string | null | undefined): { start: number; end: number } | null {
  const match = /^(\d+):(\d+)$/.exec(value ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]) } : null;
}

/**
 * The version the data the in-memory indexes hold last changed at: the start of the run of
 * unindexed writes when the current version ends one, else the version itself. An index built at
 * any version in [start, end] holds what the current version holds.
 */
export function indexVersionOf(version: number, run: string | null | undefined): number {
  const parsed = parseRun(run);
  return parsed && parsed.end === version && parsed.start < version ? parsed.start : version;
}

export async function readDataVersion(
  db: Kysely<DB>,
): Promise<{ version: number; changedAt: string; indexVersion: number }> {
  // One read: the version row and the run beside it (a primary-key lookup each).
  const row = await db
    .selectFrom('data_version')
    .leftJoin('app_meta', (join) => join.on('app_meta.key', '=', UNINDEXED_RUN_KEY))
    .select(['data_version.version', 'data_version.changed_at', 'app_meta.value as run'])
    .where('data_version.id', '=', 1)
    .executeTakeFirstOrThrow();
  const version = Number(row.version);
  return { version, changedAt: row.changed_at, indexVersion: indexVersionOf(version, row.run) };
}
